// Negated requests ("don't turn off the kitchen light"): never repaired, never answered without a model.

import type { NameIndex } from './catalog-names.ts';
import type { RepairLexicon } from './lexicon.ts';
import { findNegation, functionClassOf } from './word-classes.ts';
import { findPhraseSpans, splitWords } from './words.ts';

/**
 * True when `text` negates what it asks: a negation word ("not", "don't", "never", "no") outside a phrase
 * that negates nothing ("never mind") and outside the exact name of a device or area of `names` ("Do Not
 * Disturb"). A grammar match says nothing about it: "do not turn off the light" may contain a sentence the
 * grammar knows, which is not what was asked. `names` is only called (and a lazy index only built) when
 * the sentence has a negation word.
 */
export function hasNegation(text: string, lexicon: RepairLexicon, names?: () => NameIndex): boolean {
  const keys = splitWords(text).map((word) => word.key);
  if (findNegation(keys, lexicon) < 0) return false;
  if (names === undefined) return true;
  const index = names();
  const inName = new Uint8Array(keys.length);
  for (const span of findPhraseSpans(keys, index.byKey, index.maxWords)) inName.fill(1, span.start, span.end);
  return findNegation(keys, lexicon, (i) => inName[i] === 1) >= 0;
}

/** True when `text` is a question: it ends with "?" or opens (after fillers) with a question word ("is", "what"). */
export function isQuestion(text: string, lexicon: RepairLexicon): boolean {
  if (text.trimEnd().endsWith('?')) return true;
  const first = splitWords(text)
    .map((word) => word.key.replaceAll('’', "'"))
    .find((key) => functionClassOf(key, lexicon) !== 'filler');
  return first !== undefined && lexicon.questionWords.includes(first);
}
