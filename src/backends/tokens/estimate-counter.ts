// The fallback token count when no tokenizer is configured: characters divided by 3.5, rounded up.

import type { TokenCounter } from '../token-counter.ts';

/** Characters per token assumed by the estimate; typical of BPE vocabularies on English and JSON text. */
const CHARS_PER_TOKEN = 3.5;

/**
 * A counter that only estimates: ceil(characters / 3.5), characters being Unicode code points. Use it
 * when nothing better is configured (no `/tokenize` endpoint, no tokenizer.json); it can be off by a
 * third either way, more on CJK text or emoji.
 */
export function createEstimateCounter(): TokenCounter {
  return {
    source: 'estimate',
    count(text: string): Promise<number> {
      return Promise.resolve(Math.ceil([...text].length / CHARS_PER_TOKEN));
    },
  };
}
