// How many devices a sentence names by their kind when its grammar does not say: "the lamp" is one, "the lamps" or
// "all the lights" several, read with the language's words.

import { splitWords } from '../repair/words.ts';
import { factsWordsFor } from './facts-words.ts';

/** "one" or "several" as `text` says it in `language`; undefined when it names no kind or the language has no table. */
export function readDevicesSaid(text: string, language: string): 'one' | 'several' | undefined {
  const words = factsWordsFor(language);
  if (words === undefined) return undefined;
  const keys = splitWords(text).map((word) => word.key);
  const isSeveral = (key: string) =>
    words.all.includes(key) || words.every.includes(key) || words.deviceNouns.several.includes(key);
  if (keys.some(isSeveral)) return 'several';
  return keys.some((key) => words.deviceNouns.one.includes(key)) ? 'one' : undefined;
}
