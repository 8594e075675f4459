// A journal whose finished entries are counted (hearth_journal_operations_total), by outcome; everything else passes unchanged.

import type { Metrics } from '../metrics/index.ts';
import type { Journal } from '../tools/index.ts';

/** The journal, counting each finished entry by its outcome when `metrics` are kept. */
export function observedJournal(journal: Journal, metrics: Metrics | undefined): Journal {
  if (metrics === undefined) return journal;
  return {
    ...journal,
    finish(operationId, state, detail) {
      const finished = journal.finish(operationId, state, detail);
      if (finished) metrics.journal(state);
      return finished;
    },
  };
}
