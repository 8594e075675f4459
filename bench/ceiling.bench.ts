// bench:ceiling — hearth beside the ceiling of its own stack, in the same run: a bare Hono + @hono/node-server app
// (bench/support/ceiling-app.mjs) that only `JSON.parse`s the body and answers a fixed chat completion, and the
// compiled hearth answering it with HA-Assist's deterministic route. Both get bench:load's 500-entity Home Assistant
// request over /v1/chat/completions, from autocannon in this process, interleaved (ceiling, hearth, ceiling, …; a
// fresh process each), so a busy or quiet machine moves both; what is reported are the medians and hearth's ratios
// to the ceiling.
// Usage: npm run bench:ceiling [-- --json] [-- --duration S] [-- --connections N] [-- --warmup S] [-- --repeat N]
//   (defaults: 20 s measured after 5 s of uncounted warm-up, 64 connections, 3 repetitions; needs `npm run build`;
//   `--sources` runs hearth from the sources through tsx instead, as the test does)

import {
  buildCeilingCases,
  FIGURE_DIGITS,
  measureRun,
  parseCeilingArgs,
  RATIO_DIGITS,
  SERVERS,
  summarize,
  type CeilingFigures,
  type CeilingOptions,
  type CeilingRunRecord,
  type CeilingSummaryRecord,
} from './support/ceiling.ts';
import { distProblem, newerSource } from './support/load.ts';
import { printTable } from './support/print-table.ts';

async function main(): Promise<number> {
  let options: CeilingOptions;
  try {
    options = parseCeilingArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`bench:ceiling: ${(error as Error).message}`);
    return 1;
  }
  if (options.build === 'dist') {
    const missing = distProblem();
    if (missing !== undefined) {
      console.error(`bench:ceiling: ${missing}`);
      return 1;
    }
    const newer = newerSource();
    if (newer !== undefined)
      console.error(`bench:ceiling: warning: src/${newer} changed after dist/ was built; run \`npm run build\` first`);
  }
  const cases = buildCeilingCases();
  if (!options.json) printHeader(options, cases.hearth.body.length);
  const runs: CeilingRunRecord[] = [];
  for (let repetition = 1; repetition <= options.repeat; repetition++) {
    for (const server of SERVERS) {
      if (!options.json)
        console.error(
          `${server} ${repetition}/${options.repeat}: ${options.warmupS} s warm-up, then ${options.durationS} s measured…`,
        );
      try {
        const record = await measureRun(server, repetition, cases[server], options);
        if (options.json) console.log(JSON.stringify(record));
        runs.push(record);
      } catch (error) {
        console.error(`bench:ceiling: ${(error as Error).message}`);
        return 1;
      }
    }
  }
  const summary = summarize(runs, options);
  if (options.json) console.log(JSON.stringify(summary));
  else printResults(runs, summary);
  return 0;
}

function printHeader(options: CeilingOptions, bodyChars: number): void {
  const from = options.build === 'dist' ? 'dist/ (bin/hearth.mjs serve' : 'the sources (tsx src/cli/main.ts serve';
  console.log(`bench:ceiling — hearth from ${from}, server.workers: 1, log.level: warn) beside the ceiling`);
  console.log('ceiling: Hono + @hono/node-server, JSON.parse of the body, a fixed chat completion (ceiling-app.mjs)');
  console.log(
    `request: "Turn off the <light>" for 500 entities in 30 areas (${Math.round(bodyChars / 1024)} KB) ` +
      'on /v1/chat/completions',
  );
  console.log(
    `load: autocannon in this process, ${options.connections} keep-alive connections, ${options.warmupS} s warm-up ` +
      `(not counted), then ${options.durationS} s; ${options.repeat} × (ceiling, hearth), a fresh process each\n`,
  );
}

const LABELS: Readonly<Record<keyof CeilingFigures, string>> = {
  requests_per_s: 'requests/s',
  p50_ms: 'p50 ms',
  p99_ms: 'p99 ms',
  cpu_ms_per_request: 'CPU ms/request',
  rss_idle_mb: 'RSS idle MB',
  rss_after_mb: 'RSS after MB',
  startup_ms: 'start ms',
};

function printResults(runs: readonly CeilingRunRecord[], summary: CeilingSummaryRecord): void {
  const keys = Object.keys(FIGURE_DIGITS) as (keyof CeilingFigures)[];
  const cells = (figures: CeilingFigures) =>
    keys.map((key) =>
      figures[key].toLocaleString('en-US', {
        minimumFractionDigits: FIGURE_DIGITS[key],
        maximumFractionDigits: FIGURE_DIGITS[key],
      }),
    );
  const rows = runs.map((run) => [
    `${run.server} ${run.repetition}`,
    ...cells(run),
    run.errors.toLocaleString('en-US'),
  ]);
  rows.push(['median ceiling', ...cells(summary.ceiling), '']);
  rows.push(['median hearth', ...cells(summary.hearth), '']);
  rows.push([
    'hearth / ceiling',
    ...keys.map((key) => summary.ratios[key]?.toFixed(RATIO_DIGITS) ?? '–'),
    summary.errors.toLocaleString('en-US'),
  ]);
  printTable(['run', ...keys.map((key) => LABELS[key]), 'errors'], rows);
  console.log(
    "CPU ms/request: the server process's user + system time over the measured window per response; " +
      'RSS idle: 1 s after the first /healthz answer, before any chat request; start: spawn to the first /healthz 200.',
  );
  console.log(
    "The ratios are hearth's median over the ceiling's median, measured side by side in this run: compare them, " +
      'not the absolute figures, across machines.',
  );
}

// Last, so that the helpers' constants above are initialised.
process.exitCode = await main();
