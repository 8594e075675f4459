// Slot lists: text values (with in/out, context and metadata), number ranges, and wildcards.

import { textChunk, type Expression, type InlineRange } from '../expression.ts';
import { isTemplate, parseSentence } from '../parse.ts';
import { normalizeText } from '../text/normalize.ts';
import { createValueIndex, type ValueIndex } from '../speedup/value-index.ts';

/** Context a value or a caller provides: `{area: "Kitchen"}` or `{area: {value, text}}`. */
export type IntentContext = Record<string, unknown>;

/** One value of a text list. */
export interface TextSlotValue {
  /** What the input must say: a text chunk, or a template. */
  readonly textIn: Expression;
  /** The slot value; undefined means "the matched text". */
  readonly valueOut: unknown;
  /** Merged into the intent context when this value matches. */
  readonly context?: IntentContext;
  /** Put on the matched entity. */
  readonly metadata?: Record<string, unknown>;
}

/** A list of text values, tried in order. */
export interface TextSlotList {
  readonly kind: 'text';
  readonly name: string;
  readonly values: readonly TextSlotValue[];
  /** Narrows the values to try at a position; lists made with `createTextSlotList` have one. */
  readonly index?: ValueIndex;
}

/** How fractional values of a range are allowed. */
export type FractionType = 'halves' | 'tenths';

/** A range of numbers, matched as digits or (with a number-word table) as words. */
export interface RangeSlotList {
  readonly kind: 'range';
  readonly name: string;
  readonly start: number;
  readonly stop: number;
  readonly step: number;
  /** `number`, `percentage` or `temperature`: informational. */
  readonly type: string;
  readonly fractionType?: FractionType;
  /** Applied to the matched number; when set, the value is always a float. */
  readonly multiplier?: number;
  readonly digits: boolean;
  readonly words: boolean;
  /** The language of its number words, when it differs from the grammar's. */
  readonly wordsLanguage?: string;
}

/** Matches any text, fixed by the literal that follows it. */
export interface WildcardSlotList {
  readonly kind: 'wildcard';
  readonly name: string;
}

/** Any slot list. */
export type SlotList = TextSlotList | RangeSlotList | WildcardSlotList;

/** A text value; `allowTemplate` parses template syntax in `textIn` (hassil's default), else it is literal. */
export function createTextValue(
  textIn: string,
  valueOut: unknown,
  options: { allowTemplate?: boolean; context?: IntentContext; metadata?: Record<string, unknown> } = {},
): TextSlotValue {
  const value: { -readonly [K in keyof TextSlotValue]: TextSlotValue[K] } = {
    textIn: parseValueText(textIn, options.allowTemplate ?? true),
    valueOut,
  };
  if (options.context !== undefined) value.context = options.context;
  if (options.metadata !== undefined) value.metadata = options.metadata;
  return value;
}

/** A text list with a value index built on first use (large lists, such as 2,000 entity names, stay fast). */
export function createTextSlotList(name: string, values: readonly TextSlotValue[]): TextSlotList {
  let index: ValueIndex | undefined;
  return {
    kind: 'text',
    name,
    values,
    get index() {
      index ??= createValueIndex(values);
      return index;
    },
  };
}

/** A text list whose values are their own output (hassil's `TextSlotList.from_strings`). */
export function textSlotListFromStrings(name: string, strings: readonly string[], allowTemplate = true): TextSlotList {
  return createTextSlotList(
    name,
    strings.map((text) => createTextValue(text, text, { allowTemplate })),
  );
}

/** The input expression of a value: a template when it has template syntax and templates are allowed. */
export function parseValueText(text: string, allowTemplate: boolean): Expression {
  if (allowTemplate && isTemplate(text)) return parseSentence(text).expression;
  return textChunk(normalizeText(text));
}

/** The range list of an inline `{1..10:slot}` with no list of that name: numbers as digits or words. */
export function inlineRangeList(name: string, range: InlineRange): RangeSlotList {
  const { start, stop, step } = range;
  return { kind: 'range', name, start, stop, step, type: 'number', digits: true, words: true };
}

/** Every number a range list can take, in order (integers, each followed by its fractions). */
export function rangeNumbers(list: RangeSlotList): number[] {
  const fractions =
    list.fractionType === 'halves'
      ? [0.5]
      : list.fractionType === 'tenths'
        ? [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
        : [];
  const numbers: number[] = [];
  for (let n = list.start; n <= list.stop; n += list.step) {
    numbers.push(n);
    for (const fraction of fractions) numbers.push(n + fraction);
  }
  return numbers;
}
