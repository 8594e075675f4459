// bench:ceiling's parts: its options, the ceiling app as a child process and the check of its answer, one measured
// run of either server, and the summary (medians and hearth/ceiling ratios). The load itself is bench:load's.

import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  buildLoadCases,
  countErrors,
  latencyQuantiles,
  preflight,
  positiveOption,
  readRssMb,
  round,
  runLoad,
  startHearth,
  startServer,
  type HearthBuild,
  type HearthProcess,
  type LoadCase,
} from './load.ts';

/** The two servers measured side by side. */
export type CeilingServer = 'ceiling' | 'hearth';

/** The order of a repetition: the ceiling first, then hearth, so neither always runs on a warmer machine. */
export const SERVERS: readonly CeilingServer[] = ['ceiling', 'hearth'];

/** bench:ceiling's options (`--json`, `--duration S`, `--connections N`, `--warmup S`, `--repeat N`, `--sources`). */
export interface CeilingOptions {
  json: boolean;
  durationS: number;
  connections: number;
  warmupS: number;
  repeat: number;
  /** Where hearth runs from: `dist` (as `npm start`), or the sources through tsx (`--sources`, for the test). */
  build: HearthBuild;
}

/** Reads the bench's arguments; throws on an unknown option or a value that is not a positive number. */
export function parseCeilingArgs(argv: readonly string[]): CeilingOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      json: { type: 'boolean', default: false },
      duration: { type: 'string', default: '20' },
      connections: { type: 'string', default: '64' },
      warmup: { type: 'string', default: '5' },
      repeat: { type: 'string', default: '3' },
      sources: { type: 'boolean', default: false },
    },
  });
  return {
    json: values.json,
    durationS: positiveOption('duration', values.duration, false),
    connections: positiveOption('connections', values.connections, true),
    warmupS: positiveOption('warmup', values.warmup, false),
    repeat: positiveOption('repeat', values.repeat, true),
    build: values.sources ? 'sources' : 'dist',
  };
}

/** The figures of one run, and of the medians and ratios; the keys are the JSON fields. */
export interface CeilingFigures {
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  /** The server process's CPU time (user + system, from /proc/PID/stat) over the measured window, per response, ms. */
  cpu_ms_per_request: number;
  /** VmRSS 1 s after the first /healthz answer, before any chat request, MiB. */
  rss_idle_mb: number;
  /** VmRSS right after the measured window, MiB. */
  rss_after_mb: number;
  /** From spawning the process to its first /healthz answer, ms. */
  startup_ms: number;
}

/** Each figure's decimals, in the order the records and the table show them. */
export const FIGURE_DIGITS: Readonly<Record<keyof CeilingFigures, number>> = {
  requests_per_s: 0,
  p50_ms: 2,
  p99_ms: 2,
  cpu_ms_per_request: 4,
  rss_idle_mb: 1,
  rss_after_mb: 1,
  startup_ms: 1,
};

/** The decimals of a ratio. */
export const RATIO_DIGITS = 3;

/** One measured run: a line of `--json` output. The field names and their order are a contract. */
export interface CeilingRunRecord extends CeilingFigures {
  bench: 'ceiling';
  record: 'run';
  server: CeilingServer;
  /** 1 to `--repeat`. */
  repetition: number;
  connections: number;
  duration_s: number;
  /** Non-2xx responses, socket errors and timeouts, and 2xx responses whose body is not the server's answer. */
  errors: number;
}

/** hearth's figure divided by the ceiling's; null when the ceiling's is 0. */
export type CeilingRatios = { [key in keyof CeilingFigures]: number | null };

/** The last line of `--json` output: each server's medians over its runs, and hearth's over the ceiling's. */
export interface CeilingSummaryRecord {
  bench: 'ceiling';
  record: 'summary';
  repetitions: number;
  connections: number;
  duration_s: number;
  /** Every run's errors, added up. */
  errors: number;
  ceiling: CeilingFigures;
  hearth: CeilingFigures;
  ratios: CeilingRatios;
}

/** The app bench:ceiling measures hearth against (plain JavaScript, see its header). */
const CEILING_APP = 'bench/support/ceiling-app.mjs';

/** The ceiling app's one answer, as it writes it: every body is checked for it in full. */
const CEILING_ANSWER = JSON.stringify({
  id: 'chatcmpl-ceiling',
  object: 'chat.completion',
  created: 0,
  model: 'ceiling',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Ceiling.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
});

/** HA-Assist's chat-completions case of bench:load, for hearth, and the same body for the ceiling app. */
export function buildCeilingCases(): Record<CeilingServer, LoadCase> {
  const hearth = buildLoadCases().find((loadCase) => loadCase.surface === 'chat-completions')!;
  const check = (text: string) =>
    text === CEILING_ANSWER ? undefined : `not the ceiling's answer: ${text.slice(0, 200)}`;
  return { hearth, ceiling: { ...hearth, calls: [], fingerprint: CEILING_ANSWER, check } };
}

/** One GET of `/healthz` on its own connection (not fetch: its first use in a process costs the first run time). */
function healthzStatus(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const ask = request(`${url}/healthz`, { agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode));
    });
    ask.once('error', () => resolve(undefined));
    ask.end();
  });
}

/** Asks `/healthz` until it answers 200; the time since the spawn, ms. */
export async function untilHealthy(server: HearthProcess): Promise<number> {
  const deadline = performance.now() + 30_000;
  while ((await healthzStatus(server.url)) !== 200) {
    if (performance.now() > deadline) throw new Error(`${server.name}'s /healthz did not answer 200 in 30 s`);
    await sleep(5);
  }
  return performance.now() - server.spawnedAt;
}

/** How long a started server is left alone before its idle memory is read: what it does just after listening ends. */
const IDLE_SETTLE_MS = 1000;

/** One run, end to end: a fresh process, /healthz, idle memory, the pre-flight, `warmupS` uncounted, then measured. */
export async function measureRun(
  server: CeilingServer,
  repetition: number,
  loadCase: LoadCase,
  options: Omit<CeilingOptions, 'json' | 'repeat'>,
): Promise<CeilingRunRecord> {
  const child =
    server === 'hearth' ? await startHearth(options.build) : await startServer('the ceiling app', [CEILING_APP]);
  try {
    const startupMs = await untilHealthy(child);
    await sleep(IDLE_SETTLE_MS);
    const rssIdle = readRssMb(child.pid);
    await preflight(child.url, loadCase);
    const load = { connections: options.connections };
    await runLoad(child, loadCase, { ...load, durationS: options.warmupS });
    const run = await runLoad(child, loadCase, { ...load, durationS: options.durationS });
    const rssAfter = readRssMb(child.pid);
    const [p50, p99] = latencyQuantiles(run.latencies, [0.5, 0.99]);
    const figures: CeilingFigures = {
      requests_per_s: run.responses / run.durationS,
      p50_ms: p50!,
      p99_ms: p99!,
      cpu_ms_per_request: run.responses === 0 ? 0 : (run.serverCpuS * 1000) / run.responses,
      rss_idle_mb: rssIdle,
      rss_after_mb: rssAfter,
      startup_ms: startupMs,
    };
    return {
      bench: 'ceiling',
      record: 'run',
      server,
      repetition,
      connections: options.connections,
      duration_s: round(run.durationS, 2),
      errors: countErrors(run),
      ...roundFigures(figures),
    };
  } finally {
    await child.stop();
  }
}

function roundFigures(figures: CeilingFigures): CeilingFigures {
  const entries = Object.entries(FIGURE_DIGITS).map(([key, digits]) => [
    key,
    round(figures[key as keyof CeilingFigures], digits),
  ]);
  return Object.fromEntries(entries) as unknown as CeilingFigures;
}

/** The middle value; the mean of the two middle ones when there is an even number. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each server's medians over its runs, rounded as the runs are, and hearth's medians over the ceiling's. */
export function summarize(runs: readonly CeilingRunRecord[], options: CeilingOptions): CeilingSummaryRecord {
  const keys = Object.keys(FIGURE_DIGITS) as (keyof CeilingFigures)[];
  const medians = (server: CeilingServer) => {
    const own = runs.filter((run) => run.server === server);
    return roundFigures(
      Object.fromEntries(keys.map((key) => [key, median(own.map((run) => run[key]))])) as unknown as CeilingFigures,
    );
  };
  const ceiling = medians('ceiling');
  const hearth = medians('hearth');
  const ratios = Object.fromEntries(
    keys.map((key) => [key, ceiling[key] === 0 ? null : round(hearth[key] / ceiling[key], RATIO_DIGITS)]),
  ) as unknown as CeilingRatios;
  return {
    bench: 'ceiling',
    record: 'summary',
    repetitions: options.repeat,
    connections: options.connections,
    duration_s: options.durationS,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    ceiling,
    hearth,
    ratios,
  };
}
