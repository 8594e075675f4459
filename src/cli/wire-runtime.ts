// The process-wide parts the wiring is given: the clock, ids, logger, and what tests replace (fetch, sleep, metrics).

import type { Clock, IdSource, Logger } from '../common/index.ts';
import type { Metrics } from '../metrics/index.ts';

/** The process-wide parts the wiring needs. */
export interface Runtime {
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  /** Makes the HTTP client for one backend; tests may pass plain fetch. */
  createFetch?: (connectTimeoutMs: number) => typeof globalThis.fetch;
  /** Waits; tests may pass one that does not. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Counts requests, HA-Assist turns and backend failures (`hearth serve`). */
  metrics?: Metrics;
}
