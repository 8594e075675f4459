// A number split into what the spelling rules read: its sign, its integer part and its fraction digits.

/** The largest integer part we spell; from one trillion up we give no words. */
export const MAX_SPELLED_INTEGER = 999_999_999_999;

/** A finite, spellable number. */
export interface DecimalNumber {
  /** True below zero; only whole numbers can be negative (see `toDecimalNumber`). */
  readonly isNegative: boolean;
  /** The integer part, without its sign. */
  readonly integer: number;
  /** The digits after the decimal point as `String(value)` writes them; empty for whole numbers. */
  readonly fractionDigits: readonly number[];
}

/** Split a value for spelling, or `undefined` when we do not spell it (not finite, too large, negative fraction). */
export function toDecimalNumber(value: number): DecimalNumber | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > MAX_SPELLED_INTEGER) return undefined;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(value)));
  if (match === null) return undefined; // exponent notation, e.g. 1e-7
  const isNegative = value < 0;
  const fractionDigits = [...(match[2] ?? '')].map(Number);
  // unicode-rbnf drops the fraction of a negative number ("-2.5" → "minus two"); we give no words instead.
  if (isNegative && fractionDigits.length > 0) return undefined;
  return { isNegative, integer: Number(match[1]), fractionDigits };
}
