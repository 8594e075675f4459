// English number words: the CLDR "en" spellout-cardinal rules, as unicode-rbnf 2.4.0 applies them.

import { toDecimalNumber } from './decimal-number.ts';
import { NUMBER_WORDS } from './word-tables.ts';

const { belowTwenty: BELOW_TWENTY, tens: TENS } = NUMBER_WORDS.en;

/** Largest first: a number at or above a scale reads "<quotient> <word>[ <remainder>]". */
const SCALES: readonly (readonly [number, string])[] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1000, 'thousand'],
  [100, 'hundred'],
];

/**
 * The English spell-outs of a value, one per distinct ruleset output, before the "-"/"_" variants.
 * spellout-numbering only forwards whole numbers to spellout-cardinal (its fraction rule is a digit
 * pattern unicode-rbnf cannot render), so every number has exactly one form; [] when not spellable.
 */
export function spellEnglish(value: number): string[] {
  const parts = toDecimalNumber(value);
  if (parts === undefined) return [];
  const whole = spellInteger(parts.integer);
  const text =
    parts.fractionDigits.length === 0 ? whole : `${whole} point ${parts.fractionDigits.map(spellInteger).join(' ')}`; // fraction digit by digit
  return [parts.isNegative ? `minus ${text}` : text];
}

function spellInteger(n: number): string {
  if (n < 20) return BELOW_TWENTY[n]!;
  if (n < 100) {
    const ones = n % 10;
    return ones === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]!}-${BELOW_TWENTY[ones]!}`;
  }
  const [scale, word] = SCALES.find(([size]) => n >= size)!;
  const head = `${spellInteger(Math.floor(n / scale))} ${word}`;
  const rest = n % scale;
  return rest === 0 ? head : `${head} ${spellInteger(rest)}`;
}
