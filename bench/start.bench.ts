// bench:start — how fast `hearth serve` answers and how much memory it holds idle: spawns `bin/hearth.mjs serve
// --port 0` with an empty data folder (and `ollama: false`, so no local Ollama is asked), measures spawn → first
// /healthz 200, reads its RSS after 1 s idle, then times its first HA-Assist turn (which may build HA-Assist) and reads
// the RSS after it, N times; several builds (`--entry`) are measured in turn, run by
// run, so a busy machine moves them alike. What is reported are the medians.
// Usage: npm run bench:start [-- --json] [-- --runs N] [-- --entry PATH …]
//   (defaults: 7 runs of bin/hearth.mjs; needs `npm run build`; `--entry` names another build's bin/hearth.mjs)

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { median, untilHealthy } from './support/ceiling.ts';
import {
  buildLoadCases,
  distProblem,
  type LoadCase,
  newerSource,
  positiveOption,
  preflight,
  readCpuS,
  readRssMb,
  round,
  startServer,
} from './support/load.ts';

/** How long the started server is left alone before its idle memory is read (as bench:ceiling's). */
const IDLE_SETTLE_MS = 1000;

/** What one run measures; the keys are the JSON fields, in this order. */
interface StartFigures {
  /** From spawning the process to its first /healthz 200, ms. */
  startup_ms: number;
  /**
   * The process's CPU time (user + system, /proc/PID/stat, in 10 ms ticks) when /healthz first answered, ms: what the
   * start cost, less moved by other processes than the wall time on a busy machine.
   */
  startup_cpu_ms: number;
  /** VmRSS 1 s after that answer, MiB. */
  rss_idle_mb: number;
  /**
   * The first HA-Assist turn after that (bench:load's 500-entity "Turn off the <light>", its answer checked), ms: it
   * includes building HA-Assist and compiling its grammar when they wait for their first use.
   */
  first_turn_ms: number;
  /** VmRSS right after that turn, MiB. */
  rss_after_turn_mb: number;
}

/** Each figure's decimals. */
const DIGITS: Readonly<Record<keyof StartFigures, number>> = {
  startup_ms: 1,
  startup_cpu_ms: 0,
  rss_idle_mb: 1,
  first_turn_ms: 1,
  rss_after_turn_mb: 1,
};

/** One run: a line of `--json` output. */
interface StartRunRecord extends StartFigures {
  bench: 'start';
  record: 'run';
  entry: string;
  run: number;
}

/** The last lines of `--json` output: an entry's medians over its runs. */
interface StartSummaryRecord extends StartFigures {
  bench: 'start';
  record: 'summary';
  entry: string;
  runs: number;
}

/** A configuration of nothing but an empty data folder of its own, and no Ollama discovery. */
function writeConfig(dir: string): string {
  const path = join(dir, 'hearth.yaml');
  writeFileSync(path, `ollama: false\ndata_dir: ${JSON.stringify(join(dir, 'data'))}\n`);
  return path;
}

function rounded(figures: StartFigures): StartFigures {
  const keys = Object.keys(DIGITS) as (keyof StartFigures)[];
  return Object.fromEntries(keys.map((key) => [key, round(figures[key], DIGITS[key])])) as unknown as StartFigures;
}

async function measure(entry: string, run: number, turn: LoadCase): Promise<StartRunRecord> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-start-'));
  const server = await startServer('hearth', [entry, 'serve', '--port', '0', '--config', writeConfig(dir)], dir);
  try {
    const startupMs = await untilHealthy(server);
    const cpuMs = readCpuS(server.pid) * 1000;
    await sleep(IDLE_SETTLE_MS);
    const rss = readRssMb(server.pid);
    const turnStarted = performance.now();
    await preflight(server.url, turn);
    const turnMs = performance.now() - turnStarted;
    const figures = rounded({
      startup_ms: startupMs,
      startup_cpu_ms: cpuMs,
      rss_idle_mb: rss,
      first_turn_ms: turnMs,
      rss_after_turn_mb: readRssMb(server.pid),
    });
    return { bench: 'start', record: 'run', entry, run, ...figures };
  } finally {
    await server.stop();
  }
}

function describe(figures: StartFigures): string {
  const { startup_ms: wall, startup_cpu_ms: cpu, rss_idle_mb: rss } = figures;
  const turn = `first turn ${figures.first_turn_ms} ms, then ${figures.rss_after_turn_mb} MiB`;
  return `${wall} ms to /healthz (${cpu} ms CPU), ${rss} MiB idle; ${turn}`;
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
  // HA-Assist's direct route on /v1/chat/completions: the turn bench:load and bench:ceiling send.
  const turn = buildLoadCases().find((loadCase) => loadCase.surface === 'chat-completions')!;
  const records: StartRunRecord[] = [];
  for (let run = 1; run <= runs; run++) {
    for (const entry of entries) {
      const record = await measure(entry, run, turn);
      records.push(record);
      if (values.json) console.log(JSON.stringify(record));
      else console.log(`${entry} run ${run}: ${describe(record)}`);
    }
  }
  for (const entry of entries) {
    const own = records.filter((record) => record.entry === entry);
    const keys = Object.keys(DIGITS) as (keyof StartFigures)[];
    const medians = Object.fromEntries(keys.map((key) => [key, median(own.map((record) => record[key]))]));
    const summary: StartSummaryRecord = {
      bench: 'start',
      record: 'summary',
      entry,
      runs,
      ...rounded(medians as unknown as StartFigures),
    };
    if (values.json) console.log(JSON.stringify(summary));
    else console.log(`${entry} median of ${runs}: ${describe(summary)}`);
  }
  return 0;
}

process.exitCode = await main();
