// Matching a number range: digits at the start (or after an open wildcard), else number words.

import type { ListReference } from '../expression.ts';
import { rangeNumbers, type RangeSlotList } from '../grammar/slot-lists.ts';
import { matchTextChunk } from './text-chunk.ts';
import { textChunk } from '../expression.ts';
import { foldedOf, textOf, type Continuation, type Matcher } from './matcher.ts';
import { closeWildcardWith, nextState, openWildcard, push, type MatchState, type PendingEntity } from './state.ts';

const INTEGER = /^\s*-?[0-9]+/;
const DECIMAL = /^\s*-?[0-9]+(?:[.,][0-9]+)?/;
const INTEGER_ANYWHERE = /\s*-?[0-9]+/g;
const DECIMAL_ANYWHERE = /\s*-?[0-9]+(?:[.,][0-9]+)?/g;

interface NumberMatch {
  /** Where the number text (leading whitespace included) starts and ends. */
  start: number;
  end: number;
}

/** Matches a range list (hassil's `match_expression` for a `RangeSlotList`). */
export function matchRange(
  m: Matcher,
  ref: ListReference,
  list: RangeSlotList,
  state: MatchState,
  k: Continuation,
): void {
  const text = textOf(m, state);
  const wildcard = openWildcard(state);
  const numbers = findNumbers(text, state.pos, list, wildcard !== undefined);
  let hasDigitsMatch = false;
  if (list.digits) {
    for (const number of numbers) {
      const numberText = text.slice(number.start, number.end);
      const parsed = Number(numberText.trim().replace(',', '.'));
      if (!isInRange(list, parsed)) continue;
      hasDigitsMatch = true;
      const entity = numberEntity(ref, list, { value: parsed, text: numberText, isFromDigits: true });
      k(
        nextState(state, {
          pos: number.end,
          entities: withEntity(state, wildcard, text.slice(state.pos, number.start), entity),
        }),
      );
    }
  }
  // Number words only when the text does not start with digits at all.
  if (list.words && !hasDigitsMatch && numbers.length === 0) matchNumberWords(m, ref, list, state, k);
}

/** Digits at the position, or anywhere after it when an open wildcard may take the text before them. */
function findNumbers(text: string, pos: number, list: RangeSlotList, isAnywhere: boolean): NumberMatch[] {
  const fractions = list.fractionType !== undefined;
  if (!isAnywhere) {
    const match = (fractions ? DECIMAL : INTEGER).exec(text.slice(pos));
    return match === null ? [] : [{ start: pos, end: pos + match[0].length }];
  }
  const pattern = fractions ? DECIMAL_ANYWHERE : INTEGER_ANYWHERE;
  return [...text.slice(pos).matchAll(pattern)].map((match) => ({
    start: pos + match.index,
    end: pos + match.index + match[0].length,
  }));
}

function isInRange(list: RangeSlotList, value: number): boolean {
  if (list.step === 1 && list.fractionType === undefined) return list.start <= value && value <= list.stop;
  return rangeNumbers(list).includes(value);
}

/** The entities with `entity` added; an open wildcard before it takes `wildcardText` and closes. */
function withEntity(
  state: MatchState,
  wildcard: PendingEntity | undefined,
  wildcardText: string,
  entity: PendingEntity,
) {
  if (wildcard === undefined) return push(state.entities, entity);
  return push(push(state.entities!.tail, closeWildcardWith(wildcard, wildcard.text + wildcardText)), entity);
}

/** Number words from the range's table, matched as literal text (so, unlike digits, they count as literal). */
function matchNumberWords(
  m: Matcher,
  ref: ListReference,
  list: RangeSlotList,
  state: MatchState,
  k: Continuation,
): void {
  const trie = m.numberWords(list);
  if (trie === undefined) return;
  const text = textOf(m, state);
  const folded = foldedOf(m, state);
  const wildcard = openWildcard(state);
  const hits = wildcard === undefined ? trie.prefixes(folded, state.pos) : trie.find(folded, state.pos);
  for (const hit of hits) {
    if (hit.end === hit.start) continue;
    const numberText = text.slice(hit.start, hit.end);
    const entity = numberEntity(ref, list, { value: hit.value, text: numberText, isFromDigits: false });
    const entities = withEntity(state, wildcard, text.slice(state.pos, hit.start), entity);
    matchTextChunk(m, textChunk(numberText), nextState(state, { pos: hit.start, entities }), k);
  }
}

/** The entity a matched number fills: its value times the list's multiplier, and the text it was read from. */
function numberEntity(
  ref: ListReference,
  list: RangeSlotList,
  number: { value: number; text: string; isFromDigits: boolean },
): PendingEntity {
  const { text, isFromDigits } = number;
  const value = list.multiplier === undefined ? number.value : number.value * list.multiplier;
  return {
    name: ref.slotName,
    value,
    text,
    isWildcard: false,
    isOpen: false,
    isEndOfWord: ref.isEndOfWord,
    isFromDigits,
  };
}
