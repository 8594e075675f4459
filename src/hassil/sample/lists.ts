// What the sampler says for a slot list: the usable values of a text list, a few numbers of a range, a wildcard's placeholder.

import { isValueContextAllowed, type BlockContextRules } from '../context.ts';
import { spellNumber } from '../number-words/index.ts';
import type { RangeSlotList, TextSlotList, TextSlotValue } from '../grammar/slot-lists.ts';

/** The placeholder for a wildcard list the caller gave no text for. */
export const DEFAULT_WILDCARD_TEXT = 'something';

/**
 * The values of a text list the matcher would try in a block: not empty, and with a context the block
 * accepts. Sampling others would yield sentences the block cannot recognise. A value without the
 * required key passes, as in the matcher; the block then matches only if the key comes from elsewhere
 * (the caller's intent context or another value), which the sampler cannot know.
 */
export function usableValues(list: TextSlotList, filter: BlockContextRules): TextSlotValue[] {
  return list.values.filter((value) => {
    if (value.textIn.kind === 'text' && value.textIn.text.trim() === '') return false;
    return isValueContextAllowed(filter, value.context);
  });
}

/**
 * A few numbers a range accepts: the start, a step in the middle (plus the smallest fraction when the
 * range has fractions), the last step, and for a fractional range the middle step itself. The middle
 * comes second because bounded sampling mostly combines the first two texts of each part.
 */
export function representativeNumbers(list: RangeSlotList): number[] {
  const steps = Math.floor((list.stop - list.start) / list.step);
  const middle = list.start + Math.floor(steps / 2) * list.step;
  const last = list.start + steps * list.step;
  // The same sums as rangeNumbers, so the matcher's membership test finds them exactly.
  const fraction = list.fractionType === 'halves' ? 0.5 : list.fractionType === 'tenths' ? 0.1 : undefined;
  const numbers = fraction === undefined ? [list.start, middle, last] : [list.start, middle + fraction, last, middle];
  return [...new Set(numbers)];
}

/**
 * The texts of a range: its representative numbers as digits, or, when digits are off, their first number
 * words ([] without a language whose number words are known).
 */
export function rangeTexts(list: RangeSlotList, language: string | undefined): string[] {
  const numbers = representativeNumbers(list);
  if (list.digits) return numbers.map(String);
  const wordsLanguage = list.wordsLanguage ?? language;
  if (!list.words || wordsLanguage === undefined) return [];
  return numbers.flatMap((number) => spellNumber(wordsLanguage, number).slice(0, 1));
}
