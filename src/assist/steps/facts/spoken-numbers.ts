// The numbers a sentence speaks, each with its sign and unit ("-18 degrees", "minus 5 %", "−3°C").

/** The words a number is read with: the units by quantity, and the words that make it negative. */
export interface NumberWords {
  readonly units: Readonly<Record<string, readonly string[]>>;
  readonly minus: readonly string[];
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
  const numbers: SpokenNumber[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const match = NUMBER.exec(tokens[i]!);
    if (match === null) continue;
    const [, sign, digits, suffix] = match as unknown as [string, string, string, string];
    if (isInName(digits)) continue;
    const before = tokens[i - 1]?.toLowerCase();
    const signWord = before !== undefined && (words.minus.includes(before) || /^[-\u2212\u2013]$/u.test(before));
    const isNegative = sign !== '' || signWord;
    const unitWord = suffix !== '' ? suffix.toLowerCase() : tokens[i + 1]?.toLowerCase().replace(/[.,!?;:]+$/u, '');
    const unit = unitWord === undefined ? undefined : unitQuantity(unitWord, words.units);
    const magnitude = Number(digits.replace(',', '.'));
    const spoken = [signWord ? tokens[i - 1] : undefined, tokens[i], suffix === '' && unit ? tokens[i + 1] : undefined];
    numbers.push({
      value: isNegative ? -magnitude : magnitude,
      text: spoken.filter((part) => part !== undefined).join(' '),
      ...(unit === undefined ? {} : { unit }),
    });
  }
  return numbers;
}

/** The quantity a unit word names ("°c" and "grad" → `degrees`), or undefined. */
function unitQuantity(word: string, units: NumberWords['units']): string | undefined {
  if (word.startsWith('%')) return 'percent';
  if (word.startsWith('°')) return 'degrees';
  for (const [quantity, words] of Object.entries(units)) if (words.includes(word)) return quantity;
  return undefined;
}
