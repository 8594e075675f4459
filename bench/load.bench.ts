// bench:load — HA-Assist's deterministic answer under sustained load: autocannon, in this process, drives the
// compiled hearth (a child process with one worker) with the 500-entity Home Assistant request, first on OpenAI
// chat completions, then on Ollama's /api/chat as Home Assistant's Ollama integration sends it; a fresh server each.
// Usage: npm run bench:load [-- --json] [-- --duration S] [-- --connections N] [-- --warmup S]
//   (defaults: 60 s measured after 5 s of uncounted warm-up, 64 connections; needs `npm run build` first)

import {
  buildLoadCases,
  distProblem,
  measureSurface,
  newerSource,
  parseLoadArgs,
  type LoadOptions,
  type SurfaceResult,
} from './support/load.ts';
import { printTable } from './support/print-table.ts';

const TARGET_REQUESTS_PER_S = 1500;
const TARGET_RSS_GROWTH = 0.1;

async function main(): Promise<number> {
  let options: LoadOptions;
  try {
    options = parseLoadArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`bench:load: ${(error as Error).message}`);
    return 1;
  }
  const missing = distProblem();
  if (missing !== undefined) {
    console.error(`bench:load: ${missing}`);
    return 1;
  }
  const newer = newerSource();
  if (newer !== undefined)
    console.error(`bench:load: warning: src/${newer} changed after dist/ was built; run \`npm run build\` first`);
  const cases = buildLoadCases();
  if (!options.json) printHeader(options, cases[0]!.body.length);
  const results: SurfaceResult[] = [];
  for (const loadCase of cases) {
    if (!options.json)
      console.error(`${loadCase.surface}: ${options.warmupS} s warm-up, then ${options.durationS} s measured…`);
    try {
      const result = await measureSurface(loadCase, { ...options, build: 'dist' });
      if (options.json) console.log(JSON.stringify(result.record));
      results.push(result);
    } catch (error) {
      console.error(`bench:load: ${(error as Error).message}`);
      return 1;
    }
  }
  if (!options.json) printResults(results);
  return 0;
}

function printHeader(options: LoadOptions, bodyChars: number): void {
  console.log('bench:load — hearth from dist/ (bin/hearth.mjs serve, server.workers: 1, log.level: warn)');
  console.log(
    `request: "Turn off the <light>" for 500 entities in 30 areas (${Math.round(bodyChars / 1024)} KB), ` +
      'answered by HA-Assist without a model',
  );
  console.log(
    `load: autocannon in this process, ${options.connections} keep-alive connections, ` +
      `${options.warmupS} s warm-up (not counted), then ${options.durationS} s per surface\n`,
  );
}

const number = (value: number) => value.toLocaleString('en-US');
const growth = (result: SurfaceResult) => result.record.rss_end_mb / result.record.rss_start_mb - 1;
const percent = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`;

function printResults(results: readonly SurfaceResult[]): void {
  const rows = results.map(({ record: r, run }) => [
    r.surface,
    number(r.requests_per_s),
    r.p50_ms.toFixed(2),
    r.p99_ms.toFixed(2),
    r.p999_ms.toFixed(2),
    number(r.errors),
    r.rss_start_mb.toFixed(1),
    r.rss_end_mb.toFixed(1),
    `${Math.round((run.serverCpuS / run.durationS) * 100)} %`,
    `${Math.round((run.generatorCpuS / run.durationS) * 100)} %`,
  ]);
  const head = ['surface', 'requests/s', 'p50 ms', 'p99 ms', 'p99.9 ms', 'errors', 'RSS start MB', 'RSS end MB'];
  printTable([...head, 'server CPU', 'autocannon CPU'], rows);
  for (const { record, run } of results) {
    const statuses = Object.entries(run.statusCodes)
      .map(([status, count]) => `${status}: ${number(count)}`)
      .join(', ');
    console.log(
      `${record.surface}: ${number(run.responses)} responses in ${record.duration_s} s (${statuses}); ` +
        `socket errors ${run.socketErrors}, timeouts ${run.timeouts}, wrong bodies ${run.wrongBodies} ` +
        `(every body checked for the tool call, ${run.fullyChecked} read in full)`,
    );
    if (run.firstProblem !== undefined) console.log(`  first wrong body: ${run.firstProblem}`);
  }
  for (const { record, serverLog } of results) {
    const lines = serverLog.split('\n').filter((line) => line !== '');
    if (lines.length > 0)
      console.log(
        `hearth logged ${lines.length} lines serving ${record.surface}, first:\n  ${lines.slice(0, 5).join('\n  ')}`,
      );
  }
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT met');
  const each = (show: (result: SurfaceResult) => string) =>
    results.map((result) => `${result.record.surface} ${show(result)}`).join(', ');
  console.log('\ntargets:');
  console.log(
    `  0 errors: ${verdict(results.every((r) => r.record.errors === 0))} (${each((r) => number(r.record.errors))})`,
  );
  console.log(
    `  ≥ ${number(TARGET_REQUESTS_PER_S)} requests/s with one worker: ` +
      `${verdict(results.every((r) => r.record.requests_per_s >= TARGET_REQUESTS_PER_S))} ` +
      `(${each((r) => number(r.record.requests_per_s))})`,
  );
  console.log(
    `  RSS growth under ${TARGET_RSS_GROWTH * 100} %: ${verdict(results.every((r) => growth(r) < TARGET_RSS_GROWTH))} ` +
      `(${each((r) => percent(growth(r)))})`,
  );
}

// Last, so that the helpers' constants above are initialised.
process.exitCode = await main();
