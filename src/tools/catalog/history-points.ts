// A history as a model reads it: at most 100 points, evenly spread, with min, max and mean when the states are numbers.

import type { HaHistoryRow } from '../../homeassistant/index.ts';

/** The most points get-history returns. */
export const MAX_POINTS = 100;

/** One point: the state and when it began. */
export interface HistoryPoint {
  state: string;
  at: string;
}

/** Minimum, maximum and mean of the numeric states (unavailable and unknown left out), over every row. */
export interface NumericSummary {
  min: number;
  max: number;
  /** The plain mean of the readings, rounded to 3 decimals. */
  mean: number;
  /** How many readings were numbers. */
  readings: number;
}

/** The summary of a history. */
export interface HistorySummary {
  /** How many state changes Home Assistant returned. */
  total: number;
  points: HistoryPoint[];
  /** Present when at least one state is a number and every other state is not a word (only unavailable/unknown). */
  numeric?: NumericSummary;
}

const NOT_A_READING = new Set(['unavailable', 'unknown', '']);

/** Summarises the rows of one entity's history. */
export function summarizeHistory(rows: readonly HaHistoryRow[]): HistorySummary {
  const points = spread(rows).map((row) => ({ state: row.state, at: row.last_changed }));
  const summary: HistorySummary = { total: rows.length, points };
  const numeric = numericSummary(rows);
  if (numeric !== undefined) summary.numeric = numeric;
  return summary;
}

/** At most {@link MAX_POINTS} rows, evenly spaced, always keeping the first and the last. */
function spread<T>(rows: readonly T[]): T[] {
  if (rows.length <= MAX_POINTS) return [...rows];
  const step = (rows.length - 1) / (MAX_POINTS - 1);
  return Array.from({ length: MAX_POINTS }, (_, index) => rows[Math.round(index * step)] as T);
}

function numericSummary(rows: readonly HaHistoryRow[]): NumericSummary | undefined {
  const readings: number[] = [];
  for (const row of rows) {
    if (NOT_A_READING.has(row.state)) continue;
    const value = Number(row.state);
    if (!Number.isFinite(value)) return undefined;
    readings.push(value);
  }
  if (readings.length === 0) return undefined;
  const mean = readings.reduce((sum, value) => sum + value, 0) / readings.length;
  return {
    min: Math.min(...readings),
    max: Math.max(...readings),
    mean: Math.round(mean * 1000) / 1000,
    readings: readings.length,
  };
}
