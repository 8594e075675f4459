// The calls a hearth process that is gone left `sending` (at a start, or when a server worker died): marked unknown,
// never sent again.

import type { Logger } from '../common/index.ts';
import { sqliteFailure } from '../storage/index.ts';
import type { Journal } from '../tools/index.ts';

/** Written into every journal entry a stopped hearth process left `sending`. */
const LEFT_IN_FLIGHT =
  'hearth stopped while this call was being sent; Home Assistant may or may not have carried it out, and it is not retried';

/** Written into every journal entry a server worker left `sending` when it died. */
const WORKER_DIED =
  'the hearth process sending this call stopped before Home Assistant answered; Home Assistant may or may not have ' +
  'carried it out, and it is not retried';

/**
 * Marks the calls a hearth process that is gone left in flight unknown: they are never sent again. A database that
 * cannot be written leaves them for a later start (logged; /readyz says why meanwhile).
 */
export function markLeftInFlight(journal: Journal, databaseFile: string, logger: Logger): void {
  try {
    journal.markInFlightUnknown(LEFT_IN_FLIGHT);
  } catch (error) {
    const failure = sqliteFailure(error, databaseFile);
    logger.error({ file: databaseFile, problem: failure.message }, 'calls left in flight not marked unknown');
  }
}

/**
 * Marks the calls of the processes that are gone (the worker that died, none a live worker is sending) unknown: how
 * many, or why they were not marked (a full or read-only disk: they stay `sending` until the next start marks them).
 */
export function markDeadWorkerCalls(journal: Journal): number | string {
  try {
    return journal.markInFlightUnknown(WORKER_DIED);
  } catch (error) {
    return `not marked: ${error instanceof Error ? error.message : String(error)}`;
  }
}
