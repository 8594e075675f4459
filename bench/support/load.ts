// The load bench's parts, shared by `npm run bench:load`, `npm run bench:ceiling` and their short forms in test/load:
// the two request bodies, the answer check, hearth (or another server) as a child process, one autocannon run, and
// the JSON record of a measured surface.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { buildHaRequest, type HaChatRequest } from '../../src/homeassistant/request/index.ts';
import { REPO_ROOT } from '../../test/fixtures/data.ts';
import { generateHome } from '../../test/fixtures/homes/index.ts';

/** The API a run drives: OpenAI chat completions, or Ollama's `/api/chat`. */
export type Surface = 'chat-completions' | 'ollama';

/** One line of `--json` output; the field names and their order are a contract scripts rely on. */
export interface LoadRecord {
  bench: 'load';
  surface: Surface;
  connections: number;
  duration_s: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  p999_ms: number;
  /** Non-2xx responses, socket errors and timeouts, and 2xx responses whose body is not the expected answer. */
  errors: number;
  /**
   * The server process's VmRSS at the start of the measured run (after the warm-up), MiB: the median of the samples
   * taken every 500 ms over its first window (a quarter of the run, at most 10 s), so one collection's sawtooth does
   * not decide the figure.
   */
  rss_start_mb: number;
  /** The same over the last window of the run, MiB. */
  rss_end_mb: number;
}

/** The bench's options (`--json`, `--duration S`, `--connections N`, `--warmup S`). */
export interface LoadOptions {
  json: boolean;
  durationS: number;
  connections: number;
  warmupS: number;
}

/** Reads the bench's arguments; throws on an unknown option or a value that is not a positive number. */
export function parseLoadArgs(argv: readonly string[]): LoadOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      json: { type: 'boolean', default: false },
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '64' },
      warmup: { type: 'string', default: '5' },
    },
  });
  return {
    json: values.json,
    durationS: positiveOption('duration', values.duration, false),
    connections: positiveOption('connections', values.connections, true),
    warmupS: positiveOption('warmup', values.warmup, false),
  };
}

/** An option's value as a positive number (a whole one when `integer`); throws naming the option otherwise. */
export function positiveOption(name: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (!(value > 0) || (integer && !Number.isInteger(value)))
    throw new Error(`--${name} must be a positive ${integer ? 'whole number' : 'number'}, not ${text}`);
  return value;
}

/** A call of the deterministic answer, with its arguments decoded. */
export interface ExpectedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** One surface's request and what its answer must be. */
export interface LoadCase {
  surface: Surface;
  path: string;
  body: string;
  calls: readonly ExpectedCall[];
  /** A piece of text every correct body contains: the per-response check (the full check runs on samples). */
  fingerprint: string;
  /** The full check of a body when it is not HA-Assist's deterministic answer (bench:ceiling's bare app). */
  check?: (text: string) => string | undefined;
}

/** Home Assistant's Ollama integration's `/api/chat` body for the same turn (test/data/ha-requests/variants/b-ollama-api-chat.json). */
export function ollamaChatBody(request: HaChatRequest): Record<string, unknown> {
  return {
    model: 'ha-assist:latest',
    messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
    tools: request.tools,
    stream: true,
    options: { num_ctx: 8192 },
    keep_alive: -1,
  };
}

/** "Turn off the <first light>" for the 500-entity, 30-area home (seed 7), on both surfaces. */
export function buildLoadCases(): LoadCase[] {
  const home = generateHome({ entities: 500, areas: 30, seed: 7 });
  const light = home.entities.find((entity) => entity.domain === 'light')!;
  const request = buildHaRequest(home, { userText: `Turn off the ${light.name}`, era: '2026' });
  const call = { name: 'HassTurnOff', arguments: { name: light.name, domain: ['light'] } };
  const name = JSON.stringify(call.name);
  return [
    {
      surface: 'chat-completions',
      path: '/v1/chat/completions',
      body: JSON.stringify(request),
      calls: [call],
      fingerprint: `"function":{"name":${name},"arguments":${JSON.stringify(JSON.stringify(call.arguments))}}`,
    },
    {
      surface: 'ollama',
      path: '/api/chat',
      body: JSON.stringify(ollamaChatBody(request)),
      calls: [call],
      fingerprint: `"function":{"name":${name},"arguments":${JSON.stringify(call.arguments)}}`,
    },
  ];
}

interface Answer {
  content: string;
  calls: ExpectedCall[];
}

/** The answer of a chat completion from HA-Assist's direct route, or what is wrong with the completion. */
function readChatCompletion(text: string): Answer | string {
  const body = JSON.parse(text) as {
    object?: string;
    choices?: { finish_reason?: string; message?: { content?: string | null; tool_calls?: unknown[] } }[];
    metrics?: { ha_route?: { route?: string } };
  };
  const choice = body.choices?.[0];
  if (body.object !== 'chat.completion' || body.choices?.length !== 1 || choice?.finish_reason !== 'tool_calls')
    return 'not one chat.completion choice finishing with tool_calls';
  if (body.metrics?.ha_route?.route !== 'direct') return `route ${body.metrics?.ha_route?.route}, not direct`;
  const calls = (choice.message?.tool_calls ?? []) as { function: { name: string; arguments: string } }[];
  return {
    content: choice.message?.content ?? '',
    calls: calls.map((call) => ({ name: call.function.name, arguments: JSON.parse(call.function.arguments) })),
  };
}

/** The answer of an Ollama NDJSON stream, or what is wrong with the stream. */
function readOllamaStream(text: string): Answer | string {
  const lines = text.split('\n').filter((line) => line !== '');
  const answer: Answer = { content: '', calls: [] };
  for (const [index, line] of lines.entries()) {
    const part = JSON.parse(line) as {
      model?: string;
      message?: { content?: string; tool_calls?: { function: ExpectedCall }[] };
      done?: boolean;
      done_reason?: string;
    };
    const isLast = index === lines.length - 1;
    if (part.model !== 'ha-assist:latest') return `line ${index + 1} names model ${part.model}`;
    if (part.done !== isLast) return `line ${index + 1} of ${lines.length} has done: ${part.done}`;
    if (isLast && part.done_reason !== 'stop') return `done_reason ${part.done_reason}, not stop`;
    answer.content += part.message?.content ?? '';
    for (const call of part.message?.tool_calls ?? []) answer.calls.push({ ...call.function });
  }
  return answer;
}

/** What is wrong with a 200 response's body as the case's deterministic answer; undefined when it is right. */
export function checkAnswer(loadCase: LoadCase, text: string): string | undefined {
  if (loadCase.check !== undefined) return loadCase.check(text);
  let answer: Answer | string;
  try {
    answer = loadCase.surface === 'ollama' ? readOllamaStream(text) : readChatCompletion(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (typeof answer === 'string') return answer;
  if (answer.content !== '') return `content ${JSON.stringify(answer.content)}, expected none`;
  if (!isDeepStrictEqual(answer.calls, loadCase.calls))
    return `calls ${JSON.stringify(answer.calls)}, expected ${JSON.stringify(loadCase.calls)}`;
  if (!text.includes(loadCase.fingerprint))
    return `the body lacks the per-response check's text ${loadCase.fingerprint}`;
  return undefined;
}

/** Where the program runs from: the compiled `dist/` (`bin/hearth.mjs`, as `npm start`) or the sources through tsx. */
export type HearthBuild = 'dist' | 'sources';

/** A running hearth child process (or bench:ceiling's bare app, started the same way). */
export interface HearthProcess {
  /** What the messages call it: `hearth`, or `the ceiling app`. */
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  /** `performance.now()` just before the process was spawned, ms. */
  spawnedAt: number;
  /** What it logged on stderr. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Why the compiled program cannot be run, or undefined when `dist/cli/main.js` is there. */
export function distProblem(): string | undefined {
  if (existsSync(join(REPO_ROOT, 'dist', 'cli', 'main.js'))) return undefined;
  return 'dist/cli/main.js is missing: run `npm run build` first (bench:load measures the compiled program, as `npm start` runs it)';
}

/** A source file changed after `dist/` was built (so the bench would measure older code), or undefined. */
export function newerSource(): string | undefined {
  const built = statSync(join(REPO_ROOT, 'dist', 'cli', 'main.js')).mtimeMs;
  const sources = readdirSync(join(REPO_ROOT, 'src'), { recursive: true, encoding: 'utf8' });
  return sources.find((file) => {
    const stat = statSync(join(REPO_ROOT, 'src', file));
    return stat.isFile() && stat.mtimeMs > built;
  });
}

/** The bench's configuration: one worker, no models (the deterministic route needs none), warnings only. */
function writeConfig(dir: string): string {
  const path = join(dir, 'hearth.yaml');
  const lines = ['server:', '  workers: 1', 'log:', '  level: warn', 'ollama: false', 'models: {}'];
  writeFileSync(path, `${[...lines, `data_dir: ${JSON.stringify(join(dir, 'data'))}`].join('\n')}\n`);
  return path;
}

/** Starts `hearth serve --port 0` on loopback with the bench's configuration; resolves once it listens. */
export function startHearth(build: HearthBuild): Promise<HearthProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-load-'));
  const entry = build === 'dist' ? ['bin/hearth.mjs'] : ['--import', 'tsx', 'src/cli/main.ts'];
  return startServer('hearth', [...entry, 'serve', '--port', '0', '--config', writeConfig(dir)], dir);
}

/**
 * Runs `node <args>` from the repository's root as a server that prints `listening on <url>` on stdout; resolves once
 * it has. `dir` (a temporary folder of the caller's) is removed when the server stops.
 */
export function startServer(name: string, args: readonly string[], dir?: string): Promise<HearthProcess> {
  // HEARTH__* variables of the caller's shell would override the configuration file.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('HEARTH__')));
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        done();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      void stop().then(() => reject(new Error(`${message}\n${stdout}\n${stderr}`)));
    };
    const timer = setTimeout(() => fail(`${name} did not start in 30 s`), 30_000);
    child.once('exit', (code) => fail(`${name} exited with ${code} before listening`));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (!match || child.pid === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ name, url: match[1]!, pid: child.pid, child, spawnedAt, stderr: () => stderr, stop });
    });
  });
}

/** A process's resident set (VmRSS of /proc/PID/status), MiB. */
export function readRssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

/** One request as HA sends it, checked before any load: status 200 and the deterministic answer. */
export async function preflight(url: string, loadCase: LoadCase): Promise<void> {
  const ask = async (body: string) => {
    const response = await fetch(`${url}${loadCase.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  const first = await ask(loadCase.body);
  const problem = first.status === 200 ? checkAnswer(loadCase, first.text) : `HTTP ${first.status}`;
  if (problem !== undefined)
    throw new Error(`pre-flight ${loadCase.surface}: ${problem}\n${first.text.slice(0, 1000)}`);
  if (loadCase.surface !== 'ollama') return;
  // Ollama's stream carries no metrics: the same turn without streaming shows the route.
  const unstreamed = await ask(JSON.stringify({ ...JSON.parse(loadCase.body), stream: false }));
  const route = (JSON.parse(unstreamed.text) as { metrics?: { ha_route?: { route?: string } } }).metrics?.ha_route;
  if (unstreamed.status !== 200 || route?.route !== 'direct')
    throw new Error(`pre-flight ollama (stream: false): not the direct route\n${unstreamed.text.slice(0, 1000)}`);
}

/** The figures of one autocannon run. */
export interface LoadRun {
  durationS: number;
  responses: number;
  /** Response latencies, ms, as autocannon measured them (from writing the request to the end of the body). */
  latencies: Float64Array;
  statusCodes: Record<string, number>;
  socketErrors: number;
  timeouts: number;
  /** 2xx responses whose body failed the per-response or the sampled full check. */
  wrongBodies: number;
  /** Bodies that got the full check (the first three, then one in 1,000). */
  fullyChecked: number;
  /** The first wrong body's problem and text. */
  firstProblem?: string;
  /** The server's CPU time over the run (user + system), s, and the load generator's. */
  serverCpuS: number;
  generatorCpuS: number;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
}
interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
  stop(): void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonRun;
// autocannon ships no types (and @types/autocannon is not a dependency): it is loaded as CommonJS, typed here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** The CPU time a process has used (user + system), s, from /proc/PID/stat (clock ticks of 1/100 s on Linux). */
export function readCpuS(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Drives `loadCase` at `server` with `connections` keep-alive connections for `durationS` seconds. */
export async function runLoad(
  server: HearthProcess,
  loadCase: LoadCase,
  options: { connections: number; durationS: number },
): Promise<LoadRun> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let bodies = 0;
  let wrongBodies = 0;
  let fullyChecked = 0;
  let firstProblem: string | undefined;
  const onResponse = (status: number, text: string) => {
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    if (status < 200 || status > 299) return;
    bodies++;
    let problem = text.includes(loadCase.fingerprint) ? undefined : 'the expected tool call is missing';
    if (problem === undefined && (bodies <= 3 || bodies % 1000 === 0)) {
      fullyChecked++;
      problem = checkAnswer(loadCase, text);
    }
    if (problem === undefined) return;
    wrongBodies++;
    firstProblem ??= `${problem}\n${text.slice(0, 1000)}`;
  };
  const cpuStart = { server: readCpuS(server.pid), generator: process.cpuUsage() };
  const run = autocannon({
    url: server.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ method: 'POST', path: loadCase.path, body: loadCase.body, onResponse }],
    connections: options.connections,
    duration: options.durationS,
    // autocannon's default, stated: a response slower than 10 s counts as a timeout (an error).
    timeout: 10,
  });
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  // A server that died would otherwise be hammered with refused connections until the end.
  const onExit = () => run.stop();
  server.child.once('exit', onExit);
  const result = await run;
  server.child.off('exit', onExit);
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    throw new Error(`${server.name} exited during the ${loadCase.surface} run\n${server.stderr()}`);
  const generator = process.cpuUsage(cpuStart.generator);
  return {
    durationS: result.duration,
    responses: latencies.length,
    latencies: Float64Array.from(latencies),
    statusCodes,
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    wrongBodies,
    fullyChecked,
    ...(firstProblem !== undefined && { firstProblem }),
    serverCpuS: readCpuS(server.pid) - cpuStart.server,
    generatorCpuS: (generator.user + generator.system) / 1e6,
  };
}

/** A measured surface: its record and the run's details. */
export interface SurfaceResult {
  record: LoadRecord;
  run: LoadRun;
  /** What hearth logged on stderr (warnings and errors) while it served this surface. */
  serverLog: string;
}

/** One surface, end to end: a fresh hearth, the pre-flight, `warmupS` uncounted, then the measured run. */
export async function measureSurface(
  loadCase: LoadCase,
  options: Omit<LoadOptions, 'json'> & { build: HearthBuild },
): Promise<SurfaceResult> {
  const server = await startHearth(options.build);
  try {
    await preflight(server.url, loadCase);
    await runLoad(server, loadCase, { connections: options.connections, durationS: options.warmupS });
    const samples: number[] = [readRssMb(server.pid)];
    const sampler = setInterval(() => samples.push(readRssMb(server.pid)), RSS_SAMPLE_MS);
    const run = await runLoad(server, loadCase, { connections: options.connections, durationS: options.durationS });
    clearInterval(sampler);
    samples.push(readRssMb(server.pid));
    const record = toRecord(loadCase.surface, options.connections, run, rssWindows(samples, options.durationS));
    return { record, run, serverLog: server.stderr() };
  } finally {
    await server.stop();
  }
}

/** How often the server's memory is read during the measured run. */
const RSS_SAMPLE_MS = 500;

/** The median memory of the run's first and last windows (a quarter of the run each, at most 10 s). */
export function rssWindows(samples: readonly number[], durationS: number): [number, number] {
  const window = Math.max(
    1,
    Math.min(samples.length, Math.round((Math.min(10, durationS / 4) * 1000) / RSS_SAMPLE_MS)),
  );
  const median = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return [median(samples.slice(0, window)), median(samples.slice(-window))];
}

/** Non-2xx responses, socket errors, timeouts and wrong 2xx bodies. */
export function countErrors(run: LoadRun): number {
  const non2xx = Object.entries(run.statusCodes)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return non2xx + run.socketErrors + run.timeouts + run.wrongBodies;
}

/** The latencies' quantiles (`qs` between 0 and 1), ms; 0 when there are none. */
export function latencyQuantiles(latencies: Float64Array, qs: readonly number[]): number[] {
  const sorted = latencies.slice().sort();
  return qs.map((q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

/** `value` rounded to `digits` decimals. */
export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function toRecord(surface: Surface, connections: number, run: LoadRun, [start, end]: number[]): LoadRecord {
  const [p50, p99, p999] = latencyQuantiles(run.latencies, [0.5, 0.99, 0.999]);
  return {
    bench: 'load',
    surface,
    connections,
    duration_s: round(run.durationS, 2),
    requests_per_s: Math.round(run.responses / run.durationS),
    p50_ms: round(p50!, 2),
    p99_ms: round(p99!, 2),
    p999_ms: round(p999!, 2),
    errors: countErrors(run),
    rss_start_mb: round(start!, 1),
    rss_end_mb: round(end!, 1),
  };
}
