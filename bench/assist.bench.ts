// bench:assist — HA-Assist's deterministic route on a 500-entity Home Assistant request: time inside the
// server (in process), the HTTP round trip on loopback, and throughput at 32 concurrent connections.
// Usage: npm run bench:assist [-- --json] [-- --seconds N]

import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { SILENT_LOGGER } from '../src/common/index.ts';
import { buildHaRequest, generateHome } from '../src/demo-home/index.ts';
import { createCountingIds, createFakeClock } from '../test/fakes/clock/index.ts';
import { REPO_ROOT } from '../test/fixtures/shared.ts';
import { ConfigSchema } from '../src/cli/config-schema.ts';
import { buildApp } from '../src/cli/wire.ts';
import { report, summarise, wantsJson } from './support/measure.ts';

const json = wantsJson();
const secondsAt = process.argv.indexOf('--seconds');
const SECONDS = secondsAt > 0 ? Number(process.argv[secondsAt + 1]) : 5;
const CONNECTIONS = 32;

const home = generateHome({ entities: 500, areas: 30, seed: 7 });
const light = home.entities.find((entity) => entity.domain === 'light')!;
const body = JSON.stringify(buildHaRequest(home, { userText: `Turn off the ${light.name}`, era: '2026' }));

await inProcess();
const server = await startServer();
try {
  await roundTrip(server.url);
  await throughput(server.url);
} finally {
  server.stop();
}

/** Server-side time: the app answering a Request object, and HA-Assist's own preparation time (prep_ms). */
async function inProcess(): Promise<void> {
  const app = buildApp(ConfigSchema.parse({}), { clock: createFakeClock(), ids: createCountingIds(), logger: SILENT_LOGGER });
  const request = () => new Request('http://bench/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const first = await (await app.fetch(request())).json() as { choices: { message: { tool_calls?: { function: { name: string } }[] } }[]; metrics: { ha_route: { route: string } } };
  if (first.metrics.ha_route.route !== 'direct' || first.choices[0]?.message.tool_calls?.[0]?.function.name !== 'HassTurnOff') throw new Error(`not deterministic: ${JSON.stringify(first).slice(0, 300)}`);
  const samples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const started = performance.now();
    await (await app.fetch(request())).arrayBuffer();
    if (i >= 200) samples.push(performance.now() - started);
  }
  const timing = summarise(samples);
  report({ bench: 'assist', case: 'server-500-entities', route: 'direct', runs: timing.runs, median_ms: timing.median_ms, p90_ms: timing.p90_ms, p99_ms: timing.p99_ms, body_kb: Math.round(body.length / 1024) }, json);
}

/** One request at a time over HTTP on loopback, to a real server process. */
async function roundTrip(url: string): Promise<void> {
  const pool = new Pool(url, { connections: 1 });
  const samples: number[] = [];
  for (let i = 0; i < 1200; i++) {
    const started = performance.now();
    const response = await pool.request({ path: '/v1/chat/completions', method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    if (i >= 200) samples.push(performance.now() - started);
  }
  await pool.close();
  const timing = summarise(samples);
  report({ bench: 'assist', case: 'http-round-trip', runs: timing.runs, median_ms: timing.median_ms, p90_ms: timing.p90_ms, p99_ms: timing.p99_ms }, json);
}

/** As many requests as 32 keep-alive connections carry in `SECONDS` (the load generator shares the 2 cores). */
async function throughput(url: string): Promise<void> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await pool.request({ path: '/v1/chat/completions', method: 'POST', headers: { 'content-type': 'application/json' }, body });
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
  report({ bench: 'assist', case: 'throughput-32-connections', connections: CONNECTIONS, seconds: Math.round(elapsed * 10) / 10, requests: done, failed, requests_per_s: Math.round(done / elapsed), median_ms: timing.median_ms, p99_ms: timing.p99_ms }, json);
}

/** `hearth serve` as its own process on a free loopback port, logging warnings only. */
function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HEARTH__LOG__LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`hearth exited with ${code}: ${output}`)));
  });
}
