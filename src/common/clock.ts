// The clock and id source: injected so that ids, timestamps and durations are deterministic in tests.

/** Wall-clock and monotonic time. */
export interface Clock {
  /** Milliseconds since the epoch, for `created` timestamps. */
  now(): number;
  /** A monotonic millisecond reading, for durations. */
  monotonic(): number;
}

/** Makes the unique ids the program hands out (`chatcmpl-…`, `call_…`, request ids). */
export interface IdSource {
  /** A new id starting with `prefix`. */
  next(prefix: string): string;
}
