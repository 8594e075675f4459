// bench:start — how fast `hearth serve` answers and how much memory it holds idle: spawns `bin/hearth.mjs serve
// --port 0` with an empty data folder (and `ollama: false`, so no local Ollama is asked), measures spawn → first
// /healthz 200, then reads its RSS after 1 s idle, N times; several builds (`--entry`) are measured in turn, run by
// run, so a busy machine moves them alike. What is reported are the medians.
// Usage: npm run bench:start [-- --json] [-- --runs N] [-- --entry PATH …]
//   (defaults: 7 runs of bin/hearth.mjs; needs `npm run build`; `--entry` names another build's bin/hearth.mjs)

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { median, untilHealthy } from './support/ceiling.ts';
import { distProblem, newerSource, positiveOption, readCpuS, readRssMb, round, startServer } from './support/load.ts';

/** How long the started server is left alone before its idle memory is read (as bench:ceiling's). */
const IDLE_SETTLE_MS = 1000;

/** One run: a line of `--json` output. */
interface StartRunRecord {
  bench: 'start';
  record: 'run';
  entry: string;
  run: number;
  /** From spawning the process to its first /healthz 200, ms. */
  startup_ms: number;
  /**
   * The process's CPU time (user + system, /proc/PID/stat, in 10 ms ticks) when /healthz first answered, ms: what the
   * start cost, less moved by other processes than the wall time on a busy machine.
   */
  startup_cpu_ms: number;
  /** VmRSS 1 s after that answer, MiB. */
  rss_idle_mb: number;
}

/** The last lines of `--json` output: an entry's medians over its runs. */
interface StartSummaryRecord {
  bench: 'start';
  record: 'summary';
  entry: string;
  runs: number;
  startup_ms: number;
  startup_cpu_ms: number;
  rss_idle_mb: number;
}

/** A configuration of nothing but an empty data folder of its own, and no Ollama discovery. */
function writeConfig(dir: string): string {
  const path = join(dir, 'hearth.yaml');
  writeFileSync(path, `ollama: false\ndata_dir: ${JSON.stringify(join(dir, 'data'))}\n`);
  return path;
}

async function measure(entry: string, run: number): Promise<StartRunRecord> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-start-'));
  const server = await startServer('hearth', [entry, 'serve', '--port', '0', '--config', writeConfig(dir)], dir);
  try {
    const startupMs = await untilHealthy(server);
    const cpuMs = readCpuS(server.pid) * 1000;
    await sleep(IDLE_SETTLE_MS);
    const rss = readRssMb(server.pid);
    const figures = { startup_ms: round(startupMs, 1), startup_cpu_ms: round(cpuMs, 0), rss_idle_mb: round(rss, 1) };
    return { bench: 'start', record: 'run', entry, run, ...figures };
  } finally {
    await server.stop();
  }
}

function describe(figures: Omit<StartRunRecord, 'bench' | 'record' | 'entry' | 'run'>): string {
  const { startup_ms: wall, startup_cpu_ms: cpu, rss_idle_mb: rss } = figures;
  return `${wall} ms to /healthz (${cpu} ms CPU), ${rss} MiB idle`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      runs: { type: 'string', default: '7' },
      entry: { type: 'string', multiple: true },
    },
  });
  const runs = positiveOption('runs', values.runs, true);
  const entries = values.entry ?? ['bin/hearth.mjs'];
  if (values.entry === undefined) {
    const missing = distProblem();
    if (missing !== undefined) {
      console.error(`bench:start: ${missing}`);
      return 1;
    }
    const newer = newerSource();
    if (newer !== undefined)
      console.error(`bench:start: warning: src/${newer} changed after dist/ was built; run \`npm run build\` first`);
  }
  const records: StartRunRecord[] = [];
  for (let run = 1; run <= runs; run++) {
    for (const entry of entries) {
      const record = await measure(entry, run);
      records.push(record);
      if (values.json) console.log(JSON.stringify(record));
      else console.log(`${entry} run ${run}: ${describe(record)}`);
    }
  }
  for (const entry of entries) {
    const own = records.filter((record) => record.entry === entry);
    const summary: StartSummaryRecord = {
      bench: 'start',
      record: 'summary',
      entry,
      runs,
      startup_ms: round(median(own.map((record) => record.startup_ms)), 1),
      startup_cpu_ms: round(median(own.map((record) => record.startup_cpu_ms)), 0),
      rss_idle_mb: round(median(own.map((record) => record.rss_idle_mb)), 1),
    };
    if (values.json) console.log(JSON.stringify(summary));
    else console.log(`${entry} median of ${runs}: ${describe(summary)}`);
  }
  return 0;
}

process.exitCode = await main();
