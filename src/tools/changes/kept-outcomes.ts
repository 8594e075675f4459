// Outcomes of sent calls the journal could not take: kept in memory and written as soon as the journal can be written.

import type { Journal, OperationState } from './stores.ts';

/** The first wait before a kept outcome is written again, and the longest (the wait doubles after each failure). */
export const JOURNAL_RETRY_MS = { first: 1000, max: 30_000 } as const;

/** Added to the detail of an outcome written after its call finished. */
const RECORDED_LATE = 'recorded late: the journal could not be written when the call finished';

/** What {@link createKeptOutcomes} works with. */
export interface KeptOutcomesOptions {
  journal: Journal;
  /** The first wait before writing kept outcomes again, in ms (default {@link JOURNAL_RETRY_MS}.first). */
  retryMs?: number;
}

/** The outcomes waiting for the journal. */
export interface KeptOutcomes {
  /**
   * Writes a finished call's outcome to the journal. When the journal cannot be written, the outcome is kept (and
   * retried on a timer and before the next call) and the journal's error is thrown.
   */
  finish(operationId: string, state: Exclude<OperationState, 'sending'>, detail: string): void;
  /** Writes every kept outcome the journal takes now; returns how many are still kept. */
  flush(): number;
}

/** Creates an empty set of kept outcomes over `journal`. */
export function createKeptOutcomes(options: KeptOutcomesOptions): KeptOutcomes {
  const { journal } = options;
  const firstWait = options.retryMs ?? JOURNAL_RETRY_MS.first;
  // Insertion order is the order the calls finished in, so outcomes are written in that order.
  const kept = new Map<string, { state: Exclude<OperationState, 'sending'>; detail: string }>();
  let wait = firstWait;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): number {
    for (const [operationId, outcome] of kept) {
      try {
        // False means the entry is no longer `sending` (another process marked it unknown): nothing left to write.
        journal.finish(operationId, outcome.state, `${outcome.detail}; ${RECORDED_LATE}`);
      } catch {
        break;
      }
      kept.delete(operationId);
    }
    if (kept.size === 0) wait = firstWait;
    else schedule();
    return kept.size;
  }

  function schedule(): void {
    if (timer !== undefined) return;
    // Unreferenced: a process that is otherwise done may stop; the next start marks its entries unknown.
    timer = setTimeout(() => {
      timer = undefined;
      wait = Math.min(wait * 2, JOURNAL_RETRY_MS.max);
      flush();
    }, wait);
    timer.unref();
  }

  return {
    finish(operationId, state, detail) {
      try {
        journal.finish(operationId, state, detail);
      } catch (error) {
        kept.set(operationId, { state, detail });
        schedule();
        throw error;
      }
    },
    flush: () => (kept.size === 0 ? 0 : flush()),
  };
}
