// What the grammar made of the words already said to one home: Home Assistant's own intent cache, kept per home.

import type { Intents, RecognizeResult } from '../../../hassil/index.ts';
import { createLruCache, type LruCache } from '../../understand/index.ts';

/**
 * Recognitions of one set of a home's lists, by grammar and by what was said (the words and the place they were said
 * in). Recognition is a pure function of those and the lists, and a home's lists live exactly as long as its
 * catalogue, so a result is never stale. Results are shared between requests: they are read-only by type.
 */
export interface RecognitionMemo {
  /** The result recorded for `key` in `grammar`, or `recognize()`'s, recorded for the next time. */
  recall(grammar: Intents, key: string, recognize: () => RecognizeResult | undefined): RecognizeResult | undefined;
}

/** As many sentences per home and grammar as Home Assistant's default agent keeps in its intent cache. */
export const RECOGNITIONS_PER_HOME = 128;

/** An empty memo. */
export function createRecognitionMemo(capacity = RECOGNITIONS_PER_HOME): RecognitionMemo {
  const byGrammar = new WeakMap<Intents, LruCache<RecognizeResult | null>>();
  return {
    recall(grammar, key, recognize) {
      let recorded = byGrammar.get(grammar);
      if (recorded === undefined) {
        recorded = createLruCache(capacity);
        byGrammar.set(grammar, recorded);
      }
      const known = recorded.get(key);
      if (known !== undefined) return known ?? undefined;
      const result = recognize();
      recorded.set(key, result ?? null);
      return result;
    },
  };
}
