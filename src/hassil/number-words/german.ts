// German number words: CLDR "de" spellout-numbering and spellout-cardinal-*, as unicode-rbnf 2.4.0 applies them.

import { toDecimalNumber } from './decimal-number.ts';
import { NUMBER_WORDS } from './word-tables.ts';

/**
 * The word for a final 1 in each cardinal ruleset, in unicode-rbnf's order: numbering, neuter (which is
 * masculine), masculine, feminine, then the inflected -n, -r, -s and -m rulesets. Apart from that word
 * the rulesets agree, so they differ only for numbers that end in a standalone 1 (1, 101, 1001, 1.1 …).
 */
const FINAL_ONE_BY_RULESET = ['eins', 'ein', 'ein', 'eine', 'einen', 'einer', 'eines', 'einem'];

const { belowTwenty: BELOW_TWENTY, tens: TENS } = NUMBER_WORDS.de;

/** Millions and up: "eine Million" for one, else "<feminine quotient> Millionen", then " <remainder>". */
const LARGE_SCALES: readonly (readonly [number, string, string])[] = [
  [1_000_000_000, 'Milliarde', 'Milliarden'],
  [1_000_000, 'Million', 'Millionen'],
];

/** Thousands and hundreds are written as one word: "<masculine quotient>tausend<remainder>". */
const COMPOUND_SCALES: readonly (readonly [number, string])[] = [
  [1000, 'tausend'],
  [100, 'hundert'],
];

/** The German spell-outs of a value, one per cardinal ruleset (with repeats), before the "-"/"_" variants; [] if unspellable. */
export function spellGerman(value: number): string[] {
  const parts = toDecimalNumber(value);
  if (parts === undefined) return [];
  return FINAL_ONE_BY_RULESET.map((one) => {
    const whole = spellInteger(parts.integer, one);
    // The fraction rule "←← Komma →→" reads each digit with the same ruleset: 1.1 → "eine Komma eine".
    const text =
      parts.fractionDigits.length === 0
        ? whole
        : `${whole} Komma ${parts.fractionDigits.map((digit) => spellInteger(digit, one)).join(' ')}`;
    return parts.isNegative ? `minus ${text}` : text;
  });
}

/** `one` is the current ruleset's word for 1; quotients use the masculine ("ein") or feminine ("eine") set. */
function spellInteger(n: number, one: string): string {
  if (n === 1) return one;
  if (n < 20) return BELOW_TWENTY[n]!;
  if (n < 100) {
    const ones = n % 10;
    return ones === 0 ? TENS[n / 10]! : `${spellInteger(ones, 'ein')}und${TENS[Math.floor(n / 10)]!}`;
  }
  const large = LARGE_SCALES.find(([size]) => n >= size);
  if (large !== undefined) return spellLarge(n, one, large);
  const [scale, word] = COMPOUND_SCALES.find(([size]) => n >= size)!;
  const rest = n % scale;
  return `${spellInteger(Math.floor(n / scale), 'ein')}${word}${rest === 0 ? '' : spellInteger(rest, one)}`;
}

function spellLarge(n: number, one: string, [scale, singular, plural]: readonly [number, string, string]): string {
  const count = Math.floor(n / scale);
  const head = count === 1 ? `eine ${singular}` : `${spellInteger(count, 'eine')} ${plural}`;
  const rest = n % scale;
  return rest === 0 ? head : `${head} ${spellInteger(rest, one)}`;
}
