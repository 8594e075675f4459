// The words of a sentence as repair compares them: folded keys next to the text as typed, and phrase spans.

import { removePunctuation } from '../../../hassil/index.ts';

/** One word of the input. */
export interface Word {
  /** As typed (punctuation included), used to rebuild the sentence. */
  readonly text: string;
  /** Lower case, without punctuation: what is compared. */
  readonly key: string;
}

/** A run of words `[start, end)` that equals a known phrase. */
export interface PhraseSpan<T> {
  readonly start: number;
  readonly end: number;
  readonly value: T;
}

/**
 * The words of `text`. `-` and `_` separate words, as they do in hassil ("living-room"); pieces that are
 * only punctuation are dropped.
 */
export function splitWords(text: string): Word[] {
  return text
    .replace(/[-_]/gu, ' ')
    .split(/\s+/u)
    .map((piece) => ({ text: piece, key: foldWord(piece) }))
    .filter((word) => word.key !== '');
}

// Names are mostly plain ASCII words; those are folded without the punctuation rules (catalogues are large).
const PLAIN_WORDS = /^[A-Za-z0-9' ]*$/u;

/** The key of a name or phrase: its folded words joined by single spaces. */
export function foldPhrase(text: string): string {
  if (PLAIN_WORDS.test(text))
    return text
      .toLowerCase()
      .split(' ')
      .filter((word) => word !== '' && word !== "'")
      .join(' ');
  return splitWords(text)
    .map((word) => word.key)
    .join(' ');
}

// Most words have no punctuation; hassil's punctuation rules (several patterns) run only on those that may.
const MAY_HAVE_PUNCTUATION = /[^\p{L}\p{N}']/u;

function foldWord(piece: string): string {
  return (MAY_HAVE_PUNCTUATION.test(piece) ? removePunctuation(piece) : piece).toLowerCase();
}

/** Every run of up to `maxWords` words whose joined keys are a key of `phrases`, overlapping ones included. */
export function findPhraseSpans<T>(
  keys: readonly string[],
  phrases: ReadonlyMap<string, T>,
  maxWords: number,
): PhraseSpan<T>[] {
  const spans: PhraseSpan<T>[] = [];
  for (let start = 0; start < keys.length; start++) {
    for (let end = start + 1; end <= Math.min(keys.length, start + maxWords); end++) {
      const value = phrases.get(keys.slice(start, end).join(' '));
      if (value !== undefined) spans.push({ start, end, value });
    }
  }
  return spans;
}

/** From the left, the longest phrase at each position; the spans do not overlap. */
export function findLongestPhrases<T>(
  keys: readonly string[],
  phrases: ReadonlyMap<string, T>,
  maxWords: number,
): PhraseSpan<T>[] {
  const spans: PhraseSpan<T>[] = [];
  let start = 0;
  while (start < keys.length) {
    let found: PhraseSpan<T> | undefined;
    for (let end = Math.min(keys.length, start + maxWords); end > start && found === undefined; end--) {
      const value = phrases.get(keys.slice(start, end).join(' '));
      if (value !== undefined) found = { start, end, value };
    }
    if (found !== undefined) spans.push(found);
    start = found?.end ?? start + 1;
  }
  return spans;
}

/** `keys` without the skip phrases (hassil's skip words, as folded word lists), longest phrase first. */
export function removeSkipPhrases(keys: readonly string[], skipPhrases: readonly (readonly string[])[]): string[] {
  const byLength = [...skipPhrases].filter((phrase) => phrase.length > 0).sort((a, b) => b.length - a.length);
  const kept: string[] = [];
  let i = 0;
  while (i < keys.length) {
    const phrase = byLength.find((words) => words.every((word, offset) => keys[i + offset] === word));
    if (phrase === undefined) kept.push(keys[i++]!);
    else i += phrase.length;
  }
  return kept;
}
