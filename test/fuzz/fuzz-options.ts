// How every fuzz suite runs: the case count, a fresh seed each run, a time bound per case, and a report that stays
// readable.

import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import fc from 'fast-check';

/** Cases per property that is quick (well under a second per 1,000 cases); these run all of them in every run. */
export const FUZZ_RUNS = 10_000;

/**
 * The cases a costly property (one that goes through the whole app, or loads a grammar, per case) runs for each
 * {@link FUZZ_RUNS} of its full count: `HEARTH_FUZZ_RUNS`, else 2,000 (`npm run test:deep` sets 10,000, the full count).
 * Each run draws a fresh seed, so ordinary runs add up to far more distinct cases than one fixed seed ever tried.
 */
const COSTLY_RUNS = positiveInteger('HEARTH_FUZZ_RUNS') ?? 2_000;

/** This process's seed: `HEARTH_FUZZ_SEED` replays a failed run (with the same `HEARTH_FUZZ_RUNS`), else a fresh one. */
const RUN_SEED = positiveInteger('HEARTH_FUZZ_SEED') ?? randomInt(1, 2 ** 31);

/** The case count of a costly property whose full count (in a deep run) is `full`: its share of this run's count. */
export function costlyRuns(full: number = FUZZ_RUNS): number {
  return Math.max(1, Math.round((full * COSTLY_RUNS) / FUZZ_RUNS));
}

/** The env settings that replay this process's cases, for failure messages. */
export const REPLAY = `replay with HEARTH_FUZZ_SEED=${RUN_SEED} HEARTH_FUZZ_RUNS=${COSTLY_RUNS}`;

/** A whole number of at least 1 from the environment variable `name`; undefined when it is unset (or not one). */
function positiveInteger(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/**
 * The most one case may take, in ms. Loose on purpose: other test processes share this 2-core machine, and the
 * bound is there to catch a hang or exponential work, not to measure speed.
 */
export const CASE_BOUND_MS = 5_000;

/**
 * fast-check's options for a property: its seed (this run's seed mixed with the property's own number, so that each
 * property draws its own cases; or the number itself, `fixed`, for a property whose checks were set against those
 * cases), the run count, a per-case timeout for async properties, and a report that stays readable when the
 * counterexample is a 200 KB body and says how to replay the run.
 */
export function fuzzOptions<T>(
  property: number,
  numRuns = FUZZ_RUNS,
  seeding: 'fresh' | 'fixed' = 'fresh',
): fc.Parameters<T> {
  const seed = seeding === 'fixed' ? property : (RUN_SEED ^ property) | 0;
  // One line per property in the test output: which cases ran, even when the run ends in a timeout instead of a report.
  console.log(`fuzz property ${property}: ${numRuns} cases, seed ${seed} (${seeding === 'fixed' ? 'fixed' : REPLAY})`);
  return { seed, numRuns, timeout: CASE_BOUND_MS, reporter: compactReport };
}

/** The most characters of a failure report; the rest is cut from its middle. */
const MAX_REPORT_CHARS = 4_000;

/** Throws fast-check's report of a failed run, with long repeats written once and a count. */
function compactReport<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const report = compact(`${fc.defaultReportMessage(details) ?? 'Property failed'}\nCause: ${cause}\n${REPLAY}`);
  throw new Error(report);
}

/** `text` with any piece repeated eight times or more written as `piece⟪×count⟫`, then cut to a readable length. */
export function compact(text: string): string {
  const folded = text.replace(
    /(.{1,48}?)\1{7,}/gs,
    (run: string, piece: string) => `${piece}⟪×${run.length / piece.length}⟫`,
  );
  if (folded.length <= MAX_REPORT_CHARS) return folded;
  const half = MAX_REPORT_CHARS / 2;
  return `${folded.slice(0, half)}\n⟪… ${folded.length - MAX_REPORT_CHARS} characters …⟫\n${folded.slice(-half)}`;
}

/** Runs `work` and fails when it took longer than {@link CASE_BOUND_MS} (a synchronous hang cannot be interrupted). */
export function bounded<T>(what: string, work: () => T): T {
  const started = performance.now();
  const value = work();
  const ms = performance.now() - started;
  assert.ok(ms < CASE_BOUND_MS, `${what} took ${Math.round(ms)} ms`);
  return value;
}
