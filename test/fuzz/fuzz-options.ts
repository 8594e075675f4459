// How every fuzz suite runs: the case count, a fixed seed, a time bound per case, and a report that stays readable.

import assert from 'node:assert/strict';
import fc from 'fast-check';

/** Cases per property, unless a suite says why it runs fewer. */
export const FUZZ_RUNS = 10_000;

/**
 * The most one case may take, in ms. Loose on purpose: other test processes share this 2-core machine, and the
 * bound is there to catch a hang or exponential work, not to measure speed.
 */
export const CASE_BOUND_MS = 5_000;

/**
 * fast-check's options for a suite: a fixed seed, the run count, a per-case timeout for async properties, and a report
 * that stays readable when the counterexample is a 200 KB body.
 */
export function fuzzOptions<T>(seed: number, numRuns = FUZZ_RUNS): fc.Parameters<T> {
  return { seed, numRuns, timeout: CASE_BOUND_MS, reporter: compactReport };
}

/** The most characters of a failure report; the rest is cut from its middle. */
const MAX_REPORT_CHARS = 4_000;

/** Throws fast-check's report of a failed run, with long repeats written once and a count. */
function compactReport<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const report = compact(`${fc.defaultReportMessage(details) ?? 'Property failed'}\nCause: ${cause}`);
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
