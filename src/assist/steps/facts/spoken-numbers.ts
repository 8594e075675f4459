// The numbers a sentence speaks, each with its sign and unit ("-18 degrees", "minus 5 %", "−3°C").

import type { NumberWordReader } from './number-words.ts';

/** The words a number is read with: the units by quantity, the words that make it negative, and its words. */
export interface NumberWords {
  readonly units: Readonly<Record<string, readonly string[]>>;
  readonly minus: readonly string[];
  /** Reads a number said in words ("eighteen"); digits are read without it. */
  readonly readWords?: NumberWordReader;
}

/** One number of the sentence as spoken: its signed value, the words it was read from and its unit. */
export interface SpokenNumber {
  /** The value with its sign (`-18` for "minus 18"). */
  readonly value: number;
  /** The sentence's words for it, sign and unit included ("minus 18 degrees"). */
  readonly text: string;
  /** The quantity of its unit (`percent`, `degrees`, `kelvin`, `time`), when one is said. */
  readonly unit?: string;
}

// A number token: an optional sign (ASCII hyphen-minus, the minus sign U+2212, an en dash), digits with an optional
// decimal part, and a unit written on ("18°C", "50%"). Trailing sentence punctuation is not part of it.
const NUMBER = /^([-\u2212\u2013]?)(\d+(?:[.,]\d+)?)(\D*?)[.,!?;:]*$/u;

/**
 * The numbers of `text` in the order spoken. A sign is part of the number, written on (`-18`, `−18`), apart
 * (`- 18`) or as a word (`minus 18`); `isInName` leaves out the digits of a device's name ("Light 2").
 */
export function readSpokenNumbers(
  text: string,
  words: NumberWords,
  isInName: (digits: string) => boolean,
): SpokenNumber[] {
  const tokens = text.trim().split(/\s+/u);
  const keys = tokens.map((token) => token.toLowerCase().replace(/[.,!?;:]+$/u, ''));
  const numbers: SpokenNumber[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const read = readDigits(tokens[i]!, i) ?? readWords(keys, i, words);
    if (read === undefined || isInName(read.said)) continue;
    const before = keys[i - 1];
    const signWord = before !== undefined && (words.minus.includes(before) || /^[-\u2212\u2013]$/u.test(before));
    const isNegative = read.isSigned || signWord;
    const unitWord = read.suffix !== '' ? read.suffix.toLowerCase() : keys[read.end];
    const unit = unitWord === undefined ? undefined : unitQuantity(unitWord, words.units);
    const spoken = [
      ...(signWord ? [tokens[i - 1]!] : []),
      ...tokens.slice(i, read.end),
      ...(read.suffix === '' && unit !== undefined ? [tokens[read.end]!] : []),
    ];
    numbers.push({
      value: isNegative ? -read.magnitude : read.magnitude,
      text: spoken.join(' ').replace(/[.,!?;:]+$/u, ''),
      ...(unit === undefined ? {} : { unit }),
    });
    i = read.end - 1;
  }
  return numbers;
}

/** A number read at one position: its magnitude, whether a sign is written on, a unit written on, and where it ends. */
interface ReadNumber {
  /** The number's own words as the name index folds them ("2", "two"): a device's name may hold them. */
  said: string;
  magnitude: number;
  isSigned: boolean;
  suffix: string;
  end: number;
}

function readDigits(token: string, at: number): ReadNumber | undefined {
  const match = NUMBER.exec(token);
  if (match === null) return undefined;
  const [, sign, digits, suffix] = match as unknown as [string, string, string, string];
  const said = digits;
  return { said, magnitude: Number(digits.replace(',', '.')), isSigned: sign !== '', suffix, end: at + 1 };
}

// A word with a unit written on ("zero%", "achtzehn°C"): the word, and the unit.
const WORD_WITH_UNIT = /^(\p{L}+)([%\u00b0].*)$/u;

function readWords(keys: readonly string[], start: number, words: NumberWords): ReadNumber | undefined {
  const bare = keys.map((key) => WORD_WITH_UNIT.exec(key)?.[1] ?? key);
  const read = words.readWords?.(bare, start);
  if (read === undefined) return undefined;
  const said = bare.slice(start, read.end).join(' ');
  const suffix = WORD_WITH_UNIT.exec(keys[read.end - 1]!)?.[2] ?? '';
  return { said, magnitude: read.value, isSigned: false, suffix, end: read.end };
}

/** The quantity a unit word names ("°c" and "grad" → `degrees`), or undefined. */
function unitQuantity(word: string, units: NumberWords['units']): string | undefined {
  if (word.startsWith('%')) return 'percent';
  if (word.startsWith('°')) return 'degrees';
  for (const [quantity, words] of Object.entries(units)) if (words.includes(word)) return quantity;
  return undefined;
}
