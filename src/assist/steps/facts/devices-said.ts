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

/**
 * True when `text` says every one of a kind ("alle Lichter", "all the doors") and not the whole home: with no place
 * named, the satellite's area is meant, as Home Assistant's whole-home templates would not have it.
 */
export function saysAllWithoutHome(text: string, language: string): boolean {
  const words = factsWordsFor(language);
  if (words === undefined) return false;
  const keys = splitWords(text).map((word) => word.key);
  const sentence = ` ${keys.join(' ')} `;
  const isHomeSaid = words.wholeHome.some((phrase) => sentence.includes(` ${phrase} `));
  return !isHomeSaid && keys.some((key) => words.all.includes(key) || words.every.includes(key));
}
