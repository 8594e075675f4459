// The calls a hearth process that is gone left `sending`: marked unknown, never sent again.

import type { Logger } from '../common/index.ts';
import { sqliteFailure } from '../storage/index.ts';
import type { Journal } from '../tools/index.ts';

/** Written into every journal entry a stopped hearth process left `sending`. */
const LEFT_IN_FLIGHT =
  'hearth stopped while this call was being sent; Home Assistant may or may not have carried it out, and it is not retried';

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
