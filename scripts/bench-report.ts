// `npm run bench`: runs every benchmark with `--json`, one after the other, and writes the summary table at the top of
// docs/BENCHMARKS.md (between its markers) and every line the benches printed to docs/bench-results.json.
// Usage: npm run bench [-- --only parse,retrieval] [-- --quick]
//   --only NAME[,NAME]  run these benches; the other benches' rows are kept from docs/bench-results.json
//   --quick             each bench with its shortest sensible durations (the table says "quick run")
// A bench that fails (or prints no JSON line) stops the command with exit code 1, and nothing is written.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, arch, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  mergeRecords,
  parseBenchOutput,
  parseResults,
  renderResults,
  replaceSummary,
  storeRecords,
} from './bench-report-files.ts';
import {
  BENCHES,
  renderSummary,
  selectBenches,
  type BenchCommand,
  type RunInfo,
  type StoredRecord,
} from './bench-report-table.ts';
import type { BenchRecord } from './bench-report-rows.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const DOC = join(ROOT, 'docs', 'BENCHMARKS.md');
const RESULTS = join(ROOT, 'docs', 'bench-results.json');

async function main(): Promise<number> {
  const started = performance.now();
  let benches: BenchCommand[];
  let isQuick: boolean;
  let previous: StoredRecord[];
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: { only: { type: 'string' }, quick: { type: 'boolean', default: false } },
    });
    benches = selectBenches(values.only);
    isQuick = values.quick;
    // Fail before minutes of benchmarks, not after: the markers must be usable and earlier results readable.
    replaceSummary(readFileSync(DOC, 'utf8'), '');
    previous =
      benches.length < BENCHES.length && existsSync(RESULTS) ? parseResults(readFileSync(RESULTS, 'utf8')) : [];
  } catch (error) {
    console.error(`npm run bench: ${(error as Error).message}`);
    return 1;
  }
  const run: RunInfo = { date: new Date().toISOString(), ...readCommit(), quick: isQuick, machine: describeMachine() };
  const current: StoredRecord[] = [];
  const timings: { name: string; seconds: number }[] = [];
  for (const [index, bench] of benches.entries()) {
    console.error(`npm run bench: bench:${bench.name} (${index + 1} of ${benches.length})…`);
    if (bench.name === 'load' && !(await buildIfStale())) return 1;
    const benchStarted = performance.now();
    const records = await runBench(bench, isQuick);
    if (records === undefined) return 1;
    const seconds = (performance.now() - benchStarted) / 1000;
    console.error(`npm run bench: bench:${bench.name}: ${records.length} lines in ${Math.round(seconds)} s`);
    current.push(...storeRecords(records, run, seconds));
    timings.push({ name: bench.name, seconds });
  }
  const names = BENCHES.map((bench) => bench.name);
  const records = mergeRecords({ previous, current, ran: timings.map((t) => t.name), order: names });
  const totalSeconds = (performance.now() - started) / 1000;
  const block = renderSummary(records, { run, benches: timings, totalSeconds });
  // Read again: the file may have been edited during a long run, and only the block may change.
  writeFileSync(DOC, replaceSummary(readFileSync(DOC, 'utf8'), block));
  writeFileSync(RESULTS, renderResults(records));
  console.log(block);
  console.error(
    `\nnpm run bench: wrote the summary to docs/BENCHMARKS.md and ${records.length} lines to docs/bench-results.json`,
  );
  return 0;
}

/**
 * `npm run bench:<name> -- --json` (plus the quick arguments); its stderr is passed through as it comes. The records,
 * or undefined when it failed (a message says so, and why).
 */
function runBench(bench: BenchCommand, isQuick: boolean): Promise<BenchRecord[] | undefined> {
  const args = ['run', '--silent', `bench:${bench.name}`, '--', '--json', ...(isQuick ? bench.quickArgs : [])];
  const child = spawn('npm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`npm run bench: could not start npm run bench:${bench.name}: ${error.message}`);
      resolve(undefined);
    });
    child.once('close', (code, signal) => {
      const { records, otherLines } = parseBenchOutput(stdout, bench.name);
      // Lines that are not JSON (a build's output, a warning on stdout) are shown, not lost.
      if (otherLines.length > 0) process.stderr.write(`${otherLines.join('\n')}\n`);
      const problem =
        code !== 0
          ? `exited with ${signal ?? `code ${code}`}`
          : records.length === 0
            ? 'printed no JSON line'
            : undefined;
      if (problem === undefined) return resolve(records);
      console.error(
        `\nnpm run bench: npm run bench:${bench.name} ${problem} (its stderr is above); ` +
          'nothing was written to docs/BENCHMARKS.md or docs/bench-results.json',
      );
      resolve(undefined);
    });
  });
}

/**
 * bench:load measures the compiled program: `npm run build` first when dist/ is missing or older than src/ (its output
 * on stderr, so that stdout stays the summary).
 */
async function buildIfStale(): Promise<boolean> {
  const { distProblem, newerSource } = await import('../bench/support/load.ts');
  if (distProblem() === undefined && newerSource() === undefined) return true;
  console.error('npm run bench: dist/ is missing or older than src/: npm run build first');
  try {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    return true;
  } catch {
    console.error('npm run bench: npm run build failed; nothing was written');
    return false;
  }
}

/** HEAD's short hash, and whether the tree has changes other than this command's own two files. */
function readCommit(): Pick<RunInfo, 'commit' | 'dirty'> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    const status = git(
      'status',
      '--porcelain',
      '--',
      '.',
      ':(exclude)docs/BENCHMARKS.md',
      ':(exclude)docs/bench-results.json',
    );
    return { commit: git('rev-parse', '--short', 'HEAD'), dirty: status !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

/** "2 × AMD EPYC, 24 GB, Node.js v20.20.2, Linux 6.8.0 x64 (Debian GNU/Linux 12 (bookworm))". */
function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${Math.round(totalmem() / 1024 ** 3)} GB`;
  let distro = '';
  try {
    const name = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    if (name) distro = ` (${name})`;
  } catch {
    // Not Linux, or a minimal container: the kernel's name and release are enough.
  }
  return `${cores.length} × ${model}, ${memory}, Node.js ${process.version}, ${type()} ${release()} ${arch()}${distro}`;
}

process.exitCode = await main();
