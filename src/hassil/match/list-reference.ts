// Matching `{list}`: a text value, a number from a range, or the start of a wildcard.

import { HassilError } from '../errors.ts';
import type { ListReference } from '../expression.ts';
import { inlineRangeList, type SlotList } from '../grammar/slot-lists.ts';
import { matchRange } from './range-list.ts';
import { matchTextList } from './text-list.ts';
import type { Continuation, Matcher } from './matcher.ts';
import { nextState, push, type MatchState } from './state.ts';

/** Matches a list reference (hassil's `match_expression` for a `ListReference`). */
export function matchListReference(m: Matcher, ref: ListReference, state: MatchState, k: Continuation): void {
  const list = resolveList(m, ref);
  // hassil tries a list only while input is left (the trailing space counts).
  if (state.pos >= m.input.text.length) return;
  switch (list.kind) {
    case 'text':
      matchTextList(m, ref, list, state, k);
      return;
    case 'range':
      matchRange(m, ref, list, state, k);
      return;
    case 'wildcard':
      k(
        nextState(state, {
          entities: push(state.entities, {
            name: ref.slotName,
            value: '',
            text: '',
            isWildcard: true,
            isOpen: true,
            isEndOfWord: ref.isEndOfWord,
            isFromDigits: false,
          }),
        }),
      );
  }
}

function resolveList(m: Matcher, ref: ListReference): SlotList {
  const list = m.lists.get(ref.listName);
  if (list !== undefined) return list;
  if (ref.inlineRange !== undefined) return inlineRangeList(ref.listName, ref.inlineRange);
  throw new HassilError('MISSING_LIST', `the list {${ref.listName}} is not defined`, m.where);
}
