// bench:assist — HA-Assist's deterministic route on a 500-entity Home Assistant request: time inside the
// server (in process), the HTTP round trip on loopback, and throughput at 32 concurrent connections.
// Usage: npm run bench:assist [-- --json] [-- --seconds N]

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { SILENT_LOGGER } from '../src/common/index.ts';
import { buildHaRequest } from '../src/homeassistant/request/index.ts';
import { generateHome } from '../test/fixtures/homes/index.ts';
import { createCountingIds, createFakeClock } from '../test/fakes/clock/index.ts';
import { REPO_ROOT } from '../test/fixtures/data.ts';
import { ConfigSchema } from '../src/cli/config-schema.ts';
import { buildApp } from '../src/cli/wire.ts';
import { report, summarise, wantsJson } from './support/measure.ts';

const json = wantsJson();
const secondsAt = process.argv.indexOf('--seconds');
const SECONDS = secondsAt > 0 ? Number(process.argv[secondsAt + 1]) : 5;
const CONNECTIONS = 32;

const home = generateHome({ entities: 500, areas: 30, seed: 7 });
const lights = home.entities.filter((entity) => entity.domain === 'light');
const bodyFor = (name: string) =>
  JSON.stringify(buildHaRequest(home, { userText: `Turn off the ${name}`, era: '2026' }));
const body = bodyFor(lights[0]!.name);
/** 64 different commands to the same home: what changes between real requests is the sentence. */
const variedBodies = lights.slice(0, 64).map((light) => bodyFor(light.name));

/** One in-process case: its name, the request body, and the tools its deterministic answer must call. */
interface InProcessCase {
  name: string;
  body: string;
  tools: readonly string[];
}

/** The floors of the bench home as a client sends them in `ha_context`, with their areas; the first floor is "upstairs". */
const FLOORS = [...new Set(home.areas.map((area) => area.floor))].map((name) => ({
  name: name!,
  aliases: name === 'First Floor' ? ['upstairs'] : [],
  areas: home.areas.filter((area) => area.floor === name).map((area) => area.name),
}));
const IN_PROCESS: readonly InProcessCase[] = [
  { name: '500-entities', body, tools: ['HassTurnOff'] },
  {
    name: '500-entities-two-commands',
    body: JSON.stringify(
      buildHaRequest(home, {
        userText: `Turn off the ${lights[0]!.name} and turn on the ${lights[1]!.name}`,
        era: '2026',
      }),
    ),
    tools: ['HassTurnOff', 'HassTurnOn'],
  },
  {
    name: '500-entities-floor',
    body: JSON.stringify({
      ...buildHaRequest(home, { userText: 'Turn off the lights upstairs', era: '2026' }),
      ha_context: { floors: FLOORS },
    }),
    tools: ['HassTurnOff'],
  },
];

await inProcess();
for (const workers of [1, 2]) {
  const server = await startServer(workers);
  try {
    if (workers === 1) await roundTrip(server.url);
    if (await throughputWithWrk(server.url, [body], 'throughput-32-connections', workers))
      await throughputWithWrk(server.url, variedBodies, 'throughput-32-connections-64-sentences', workers);
    else await throughput(server.url, workers);
  } finally {
    await server.stop();
  }
}

/**
 * A throughput case with wrk (a C load generator, light on the shared CPU) when it is installed: the
 * connections send `bodies` in turn.
 */
async function throughputWithWrk(
  url: string,
  bodies: readonly string[],
  name: string,
  workers: number,
): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  writeFileSync(join(dir, 'bodies.jsonl'), `${bodies.join('\n')}\n`);
  writeFileSync(
    join(dir, 'post.lua'),
    [
      'local bodies = {}',
      `for line in io.lines("${join(dir, 'bodies.jsonl')}") do bodies[#bodies + 1] = line end`,
      'local next_body = 0',
      'wrk.method = "POST"',
      'wrk.headers["Content-Type"] = "application/json"',
      'request = function()',
      '  next_body = next_body % #bodies + 1',
      '  return wrk.format(nil, nil, nil, bodies[next_body])',
      'end',
    ].join('\n'),
  );
  const wrk = (seconds: number) =>
    new Promise<string | undefined>((resolve) => {
      const child = spawn('wrk', [
        '-t1',
        `-c${CONNECTIONS}`,
        `-d${seconds}s`,
        '--latency',
        '-s',
        join(dir, 'post.lua'),
        `${url}/v1/chat/completions`,
      ]);
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', () => resolve(undefined));
      child.once('exit', (code) => resolve(code === 0 ? text : undefined));
    });
  // Two seconds of warm-up, not counted: every worker's JIT and caches, on these bodies.
  if ((await wrk(2)) === undefined) return false;
  const output = await wrk(SECONDS);
  if (output === undefined) return false;
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
  const requests = /(\d+) requests in/.exec(output)?.[1];
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? '0';
  const latency = (q: string) => toMs(new RegExp(`${q}%\\s+([\\d.]+\\w+)`).exec(output)?.[1]);
  report(
    {
      bench: 'assist',
      case: name,
      workers,
      load_generator: 'wrk',
      bodies: bodies.length,
      connections: CONNECTIONS,
      seconds: SECONDS,
      requests: Number(requests),
      failed: Number(errors),
      requests_per_s: Math.round(Number(rate)),
      median_ms: latency('50'),
      p99_ms: latency('99'),
    },
    json,
  );
  return true;
}

function toMs(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number.parseFloat(text);
  return text.endsWith('us') ? value / 1000 : text.endsWith('ms') ? value : text.endsWith('s') ? value * 1000 : value;
}

/** Server-side time of each case: the app answering a Request object, and HA-Assist's own preparation time (prep_ms). */
async function inProcess(): Promise<void> {
  for (const bench of IN_PROCESS) await inProcessCase(bench);
}

async function inProcessCase(bench: InProcessCase): Promise<void> {
  const app = buildApp(ConfigSchema.parse({}), {
    clock: createFakeClock(),
    ids: createCountingIds(),
    logger: SILENT_LOGGER,
  });
  // With a Content-Length, as every HTTP client sends it.
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(bench.body)) };
  const request = () => new Request('http://bench/v1/chat/completions', { method: 'POST', headers, body: bench.body });
  const first = (await (await app.fetch(request())).json()) as {
    choices: { message: { tool_calls?: { function: { name: string } }[] } }[];
    metrics: { ha_route: { route: string } };
  };
  const tools = first.choices[0]?.message.tool_calls?.map((call) => call.function.name) ?? [];
  if (first.metrics.ha_route.route !== 'direct' || tools.join() !== bench.tools.join())
    throw new Error(`${bench.name} is not deterministic: ${JSON.stringify(first).slice(0, 300)}`);
  const samples: number[] = [];
  const prep: number[] = [];
  const clock = { now: () => Date.now(), monotonic: () => performance.now() };
  const timed = buildApp(ConfigSchema.parse({}), { clock, ids: createCountingIds(), logger: SILENT_LOGGER });
  for (let i = 0; i < 3000; i++) {
    const started = performance.now();
    const answer = (await (await timed.fetch(request())).json()) as { metrics: { ha_route: { prep_ms: number } } };
    if (i < 200) continue;
    samples.push(performance.now() - started);
    prep.push(answer.metrics.ha_route.prep_ms);
  }
  const timing = summarise(samples);
  const pipeline = summarise(prep);
  report(
    {
      bench: 'assist',
      case: `server-${bench.name}`,
      route: 'direct',
      runs: timing.runs,
      median_ms: timing.median_ms,
      p90_ms: timing.p90_ms,
      p99_ms: timing.p99_ms,
      body_kb: Math.round(bench.body.length / 1024),
    },
    json,
  );
  report(
    {
      bench: 'assist',
      case: `pipeline-${bench.name}`,
      route: 'direct',
      runs: pipeline.runs,
      median_ms: pipeline.median_ms,
      p90_ms: pipeline.p90_ms,
      p99_ms: pipeline.p99_ms,
    },
    json,
  );
}

/** One request at a time over HTTP on loopback, to a real server process. */
async function roundTrip(url: string): Promise<void> {
  const pool = new Pool(url, { connections: 1 });
  const samples: number[] = [];
  for (let i = 0; i < 1200; i++) {
    const started = performance.now();
    const response = await pool.request({
      path: '/v1/chat/completions',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    if (i >= 200) samples.push(performance.now() - started);
  }
  await pool.close();
  const timing = summarise(samples);
  report(
    {
      bench: 'assist',
      case: 'http-round-trip',
      runs: timing.runs,
      median_ms: timing.median_ms,
      p90_ms: timing.p90_ms,
      p99_ms: timing.p99_ms,
    },
    json,
  );
}

/** Without wrk: as many requests as 32 keep-alive connections carry in `SECONDS` (this generator shares the 2 cores). */
async function throughput(url: string, workers: number): Promise<void> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await pool.request({
        path: '/v1/chat/completions',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.body.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.statusCode === 200) done++;
      else failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  const timing = summarise(latencies);
  report(
    {
      bench: 'assist',
      case: 'throughput-32-connections',
      workers,
      load_generator: 'undici',
      connections: CONNECTIONS,
      seconds: Math.round(elapsed * 10) / 10,
      requests: done,
      failed,
      requests_per_s: Math.round(done / elapsed),
      median_ms: timing.median_ms,
      p99_ms: timing.p99_ms,
    },
    json,
  );
}

/** `hearth serve` (the compiled program, as `npm start` runs it) on a free loopback port, logging warnings only. */
/** The compiled program serving with `workers` processes (`server.workers`). */
function startServer(workers: number): Promise<{ url: string; stop: () => Promise<void> }> {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const child = spawn(process.execPath, ['bin/hearth.mjs', 'serve', '--port', '0'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HEARTH__LOG__LEVEL: 'warn', HEARTH__SERVER__WORKERS: String(workers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match)
        resolve({
          url: match[1]!,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`hearth exited with ${code}: ${output}`)));
  });
}
