// Numbers said in words ("eighteen", "twenty-five", "achtzehn", "fünfundzwanzig"): one reader per language, from
// hassil's table of its words (the one the grammar's spellers use).

import { NUMBER_WORDS } from '../../../hassil/index.ts';

/** A number read from words at a position: its value and the index after its last token. */
export interface WordNumber {
  readonly value: number;
  readonly end: number;
}

/** Reads a number from `tokens` (lower case, without punctuation) at `start`, or undefined. */
export type NumberWordReader = (tokens: readonly string[], start: number) => WordNumber | undefined;

const { belowTwenty: ENGLISH_ONES, tens: ENGLISH_TENS } = NUMBER_WORDS.en;

/** The most words an English number read here spans. */
const ENGLISH_MAX_WORDS = 6;

/** "eighteen", "twenty five", "twenty-five", "one hundred and five", "a hundred". */
function readEnglish(tokens: readonly string[], start: number): WordNumber | undefined {
  // The longest number read ("a hundred and twenty five") has six words: only the tokens that may hold them are split,
  // so reading at every position of a sentence stays linear in its length.
  const words = tokens
    .slice(start, start + ENGLISH_MAX_WORDS)
    .flatMap((token, k) => token.split('-').map((word) => ({ word, i: start + k })));
  const below100 = (at: number): { value: number; next: number } | undefined => {
    const first = words[at]?.word ?? '';
    const one = ENGLISH_ONES.indexOf(first);
    if (one >= 0) return { value: one, next: at + 1 };
    const ten = ENGLISH_TENS.indexOf(first);
    if (ten < 2) return undefined;
    const unit = ENGLISH_ONES.indexOf(words[at + 1]?.word ?? '');
    return unit >= 1 && unit <= 9 ? { value: ten * 10 + unit, next: at + 2 } : { value: ten * 10, next: at + 1 };
  };
  const head = words[0]?.word === 'a' && words[1]?.word === 'hundred' ? { value: 1, next: 1 } : below100(0);
  if (head === undefined) return undefined;
  let { value, next } = head;
  if (words[next]?.word === 'hundred' && value >= 1 && value <= 9) {
    value *= 100;
    next += words[next + 1]?.word === 'and' ? 2 : 1;
    const rest = below100(next);
    if (rest !== undefined) ({ value, next } = { value: value + rest.value, next: rest.next });
  }
  // The index after the token that holds the last word read.
  return { value, end: words[next - 1]!.i + 1 };
}

const GERMAN = NUMBER_WORDS.de;
/** "ein" and "eine" are 1 inside a word ("einundzwanzig", "einhundert"), besides "eins". */
const GERMAN_ONES = [...GERMAN.belowTwenty.slice(0, 10), 'ein', 'eine'].join('|');
const GERMAN_VALUES: Readonly<Record<string, number>> = Object.fromEntries([
  ...GERMAN.belowTwenty.map((word, value) => [word, value] as const),
  ...GERMAN.tens.flatMap((word, tens) => (word === '' ? [] : [[word, tens * 10] as const])),
  ['ein', 1],
  ['eine', 1],
]);
const GERMAN_TENS = GERMAN.tens.filter((word) => word !== '').join('|');
const GERMAN_TEENS = GERMAN.belowTwenty.slice(10).join('|');
// One word: [N hundert][N und]tens, or [N hundert][und] a one or a teen ("hundertfünf", "fünfundzwanzig").
const GERMAN_NUMBER = new RegExp(
  `^(?:(${GERMAN_ONES})?hundert(?:und)?)?(?:(?:(${GERMAN_ONES})und)?(${GERMAN_TENS})|(${GERMAN_TEENS})|(${GERMAN_ONES}))?$`,
  'u',
);

/** "achtzehn", "fünfundzwanzig", "hundertfünf", "zweihundert": German writes a number as one word. */
function readGerman(tokens: readonly string[], start: number): WordNumber | undefined {
  const token = tokens[start] ?? '';
  const match = token === '' ? null : GERMAN_NUMBER.exec(token);
  if (match === null) return undefined;
  const [, hundreds, unit, tens, teen, one] = match;
  const isHundred = token.includes('hundert');
  const value =
    (isHundred ? (hundreds === undefined ? 1 : GERMAN_VALUES[hundreds]!) * 100 : 0) +
    (tens === undefined ? 0 : GERMAN_VALUES[tens]! + (unit === undefined ? 0 : GERMAN_VALUES[unit]!)) +
    (teen === undefined ? 0 : GERMAN_VALUES[teen]!) +
    (one === undefined ? 0 : GERMAN_VALUES[one]!);
  // "ein" and "eine" alone are articles far more often than numbers.
  if (!isHundred && tens === undefined && (one === 'ein' || one === 'eine')) return undefined;
  return { value, end: start + 1 };
}

const READERS: Readonly<Record<string, NumberWordReader>> = { en: readEnglish, de: readGerman };

/** The number-word reader of `language`, or undefined for a language without a table. */
export function numberWordReaderFor(language: string): NumberWordReader | undefined {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(READERS, primary) ? READERS[primary] : undefined;
}
