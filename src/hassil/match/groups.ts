// Matching groups: a sequence item by item, an alternative option by option, a permutation in every order.

import type { Alternative, Expression, Permutation, Sequence } from '../expression.ts';
import type { Continuation, Matcher } from './matcher.ts';
import type { MatchState } from './state.ts';

/** Every item in order; each way the first matches feeds the rest. */
export function matchSequence(m: Matcher, sequence: Sequence, state: MatchState, k: Continuation): void {
  matchItems(m, sequence.items, 0, state, k);
}

function matchItems(m: Matcher, items: readonly Expression[], index: number, state: MatchState, k: Continuation): void {
  if (index === items.length) {
    k(state);
    return;
  }
  m.match(items[index]!, state, (next) => matchItems(m, items, index + 1, next, k));
}

/** Each option in written order (an optional's empty option comes last). */
export function matchAlternative(m: Matcher, alternative: Alternative, state: MatchState, k: Continuation): void {
  for (const item of alternative.items) m.match(item, state, k);
}

/** Each item first in turn, then the permutation of the others. */
export function matchPermutation(m: Matcher, permutation: Permutation, state: MatchState, k: Continuation): void {
  matchInAnyOrder(m, permutation.items, state, k);
}

function matchInAnyOrder(m: Matcher, items: readonly Expression[], state: MatchState, k: Continuation): void {
  if (items.length === 1) {
    m.match(items[0]!, state, k);
    return;
  }
  items.forEach((item, index) => {
    const rest = items.filter((_, other) => other !== index);
    m.match(item, state, (next) => matchInAnyOrder(m, rest, next, k));
  });
}
