// A manual clock and a counting id source, so ids, timestamps and durations are fixed in tests.

import type { Clock, IdSource } from '../../../src/common/index.ts';

/** A clock that moves only when told to. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
}

/** A fake clock starting at `startMs` (default 2026-03-14T17:42:07Z). */
export function createFakeClock(startMs = Date.UTC(2026, 2, 14, 17, 42, 7)): FakeClock {
  let now = startMs;
  let monotonic = 0;
  return {
    now: () => now,
    monotonic: () => monotonic,
    advance(ms) {
      now += ms;
      monotonic += ms;
    },
  };
}

/** Ids `prefix1`, `prefix2`, … */
export function createCountingIds(): IdSource {
  let counter = 0;
  return { next: (prefix) => `${prefix}${++counter}` };
}
