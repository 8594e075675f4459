// The summary block of docs/BENCHMARKS.md (pure): which benches `npm run bench` runs, and the block's heading, the
// run's date, machine, commit and time, and the table of headline rows.

import { selectHeadlineRows, type BenchRecord } from './bench-report-rows.ts';

/** The run a stored record comes from. */
export interface RunInfo {
  /** When the run started, ISO 8601 (UTC). */
  date: string;
  /** The short hash of HEAD when the run started. */
  commit: string;
  /** True when the work tree had changes besides the report's own two files. */
  dirty: boolean;
  /** True for `--quick` (each bench with its shortest durations). */
  quick: boolean;
  /** CPU model and count, memory, Node.js version and OS, as one line. */
  machine: string;
}

/** A record as docs/bench-results.json keeps it: the bench's own fields, then the run and the bench's wall time. */
export interface StoredRecord extends BenchRecord {
  run: RunInfo & { seconds: number };
}

/** One benchmark `npm run bench` runs: its name (`bench:<name>`) and the arguments of a quick run. */
export interface BenchCommand {
  name: string;
  quickArgs: readonly string[];
}

/** Every bench, in the order they run (sequentially). */
export const BENCHES: readonly BenchCommand[] = [
  { name: 'parse', quickArgs: [] },
  { name: 'hassil', quickArgs: ['--rounds', '1'] },
  { name: 'assist', quickArgs: ['--seconds', '2'] },
  { name: 'retrieval', quickArgs: [] },
  { name: 'load', quickArgs: ['--duration', '5', '--connections', '16', '--warmup', '2'] },
];

/** The benches `--only a,b` names (every bench when undefined), in run order; throws on a name that is no bench. */
export function selectBenches(only: string | undefined): BenchCommand[] {
  if (only === undefined) return [...BENCHES];
  const names = only
    .split(',')
    .map((name) => name.trim().replace(/^bench:/, ''))
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (names.length === 0 || unknown.length > 0)
    throw new Error(
      `--only takes bench names separated by commas (${BENCHES.map((b) => b.name).join(', ')}), not "${only}"`,
    );
  return BENCHES.filter((bench) => names.includes(bench.name));
}

/** A duration in seconds: "45 s", "2 min 5 s", "1 h 3 min". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** "2026-12-02 14:03 UTC" from an ISO date. */
export function formatDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const commitText = (run: RunInfo) => `${run.commit}${run.dirty ? ' + uncommitted changes' : ''}`;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** What the header says about this run. */
export interface CurrentRun {
  run: RunInfo;
  /** The benches this run measured and their wall time, in seconds, in the order they ran. */
  benches: readonly { name: string; seconds: number }[];
  /** The whole command's wall time, in seconds. */
  totalSeconds: number;
}

/** The lines about rows kept from earlier runs (`--only`) and benches never measured. */
function provenance(records: readonly StoredRecord[], current: CurrentRun): string[] {
  const ran = new Set(current.benches.map((bench) => bench.name));
  const earlier = new Map<string, { run: RunInfo; names: string[] }>();
  for (const { name } of BENCHES) {
    if (ran.has(name)) continue;
    const record = records.find((r) => r.bench === name);
    if (record === undefined) continue;
    const key = `${record.run.date} ${record.run.commit}`;
    const group = earlier.get(key) ?? { run: record.run, names: [] };
    group.names.push(`\`bench:${name}\``);
    earlier.set(key, group);
  }
  const lines = [...earlier.values()].map(({ run, names }) => {
    const machine = run.machine === current.run.machine ? '' : `, on ${run.machine}`;
    return `Rows of ${names.join(', ')} are from an earlier run: ${formatDate(run.date)}${run.quick ? ' (quick run)' : ''}, commit ${commitText(run)}${machine}.`;
  });
  const missing = BENCHES.filter(({ name }) => !ran.has(name) && !records.some((r) => r.bench === name));
  if (missing.length > 0) lines.push(`Not measured yet: ${missing.map(({ name }) => `\`bench:${name}\``).join(', ')}.`);
  return lines;
}

/** The block between the markers: heading, the run's date, machine, commit and time, then the table. */
export function renderSummary(records: readonly StoredRecord[], current: CurrentRun): string {
  const { run } = current;
  const times = current.benches.map((bench) => `\`bench:${bench.name}\` ${formatDuration(bench.seconds)}`).join(', ');
  const lines = [
    `## Summary of the last run${run.quick ? ' (quick run)' : ''}`,
    '',
    'Written by `npm run bench` (`scripts/bench-report.ts`, `-- --only NAME[,NAME]`, `-- --quick`); every line the ' +
      'benches printed is in `docs/bench-results.json`. Do not edit between the markers.',
    '',
    `- date: ${formatDate(run.date)}`,
    `- machine: ${run.machine}`,
    `- commit: ${commitText(run)}`,
    `- total time: ${formatDuration(current.totalSeconds)} (${times})`,
  ];
  const notes = provenance(records, current);
  if (notes.length > 0) lines.push('', ...notes);
  lines.push('', '| bench | case | figures | reference | target / result |', '| --- | --- | --- | --- | --- |');
  for (const row of selectHeadlineRows(records)) {
    const cells = [row.bench, row.case, row.figures, row.reference, row.result].map(cell);
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
