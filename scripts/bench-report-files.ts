// The texts `npm run bench` reads and writes (pure): a bench's `--json` output, docs/bench-results.json (merged
// across `--only` runs) and the summary block between the markers of docs/BENCHMARKS.md.

import type { BenchRecord } from './bench-report-rows.ts';
import type { RunInfo, StoredRecord } from './bench-report-table.ts';

/** The line before the summary block. */
export const SUMMARY_START = '<!-- bench:summary:start -->';
/** The line after the summary block. */
export const SUMMARY_END = '<!-- bench:summary:end -->';

/** A bench's stdout split into its JSON records (each with `bench` first) and every other line. */
export function parseBenchOutput(stdout: string, bench: string): { records: BenchRecord[]; otherLines: string[] } {
  const records: BenchRecord[] = [];
  const otherLines: string[] = [];
  for (const line of stdout.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    const value = text.startsWith('{') ? tryParse(text) : undefined;
    if (value !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value))
      records.push({ bench, ...(value as Record<string, unknown>) } as BenchRecord);
    else otherLines.push(line);
  }
  return { records, otherLines };
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The records of one bench's run, each given its run and the bench's wall time. */
export function storeRecords(records: readonly BenchRecord[], run: RunInfo, seconds: number): StoredRecord[] {
  return records.map((record) => ({ ...record, run: { ...run, seconds: Math.round(seconds * 10) / 10 } }));
}

/** The previous records of every bench not in `ran`, merged with this run's, in `order` (the benches' run order). */
export function mergeRecords(options: {
  previous: readonly StoredRecord[];
  current: readonly StoredRecord[];
  ran: readonly string[];
  order: readonly string[];
}): StoredRecord[] {
  const kept = options.previous.filter((record) => !options.ran.includes(record.bench));
  const all = [...kept, ...options.current];
  const rank = (bench: string) => {
    const at = options.order.indexOf(bench);
    return at < 0 ? options.order.length : at;
  };
  // Array.prototype.sort is stable: each bench's lines keep the order it printed them in.
  return all.sort((a, b) => rank(a.bench) - rank(b.bench));
}

/** docs/bench-results.json's text: a JSON array, one record per line so that diffs across commits read per case. */
export function renderResults(records: readonly StoredRecord[]): string {
  if (records.length === 0) return '[]\n';
  return `[\n${records.map((record) => `  ${JSON.stringify(record)}`).join(',\n')}\n]\n`;
}

/** The records of docs/bench-results.json; throws when it is not an array of records with a bench and a run. */
export function parseResults(text: string): StoredRecord[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error('docs/bench-results.json is not a JSON array');
  value.forEach((record: unknown, index) => {
    const fields = record as { bench?: unknown; run?: { date?: unknown } } | null;
    if (typeof fields?.bench !== 'string' || typeof fields.run?.date !== 'string')
      throw new Error(`docs/bench-results.json: item ${index} has no bench name or run`);
  });
  return value as StoredRecord[];
}

/**
 * `doc` with `block` between the summary markers, every other byte unchanged. Without the markers, they and the
 * block are inserted before the first `## ` heading (after the intro paragraphs), or at the end when there is none.
 * Throws when only one marker is there, or they are out of order or repeated.
 */
export function replaceSummary(doc: string, block: string): string {
  const start = doc.indexOf(SUMMARY_START);
  const end = doc.indexOf(SUMMARY_END);
  const isRepeated = doc.indexOf(SUMMARY_START, start + 1) >= 0 || doc.indexOf(SUMMARY_END, end + 1) >= 0;
  if (start >= 0 && end > start && !isRepeated)
    return `${doc.slice(0, start + SUMMARY_START.length)}\n${block}\n${doc.slice(end)}`;
  if (start >= 0 || end >= 0)
    throw new Error(`docs/BENCHMARKS.md: ${SUMMARY_START} and ${SUMMARY_END} must each appear once, in this order`);
  const section = `${SUMMARY_START}\n${block}\n${SUMMARY_END}\n`;
  const heading = /^## /m.exec(doc);
  if (heading === null) return doc === '' ? section : `${doc}${doc.endsWith('\n') ? '' : '\n'}\n${section}`;
  return `${doc.slice(0, heading.index)}${section}\n${doc.slice(heading.index)}`;
}
