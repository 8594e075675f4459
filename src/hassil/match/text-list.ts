// Matching a value of a text list: values in list order, filtered by the block's context, each a sub-template.

import { isValueContextAllowed } from '../context.ts';
import type { ListReference } from '../expression.ts';
import type { TextSlotList, TextSlotValue } from '../grammar/slot-lists.ts';
import { foldedOf, textOf, type Continuation, type Matcher } from './matcher.ts';
import type { ValueOutcome } from './input.ts';
import { nextState, openWildcard, push, type MatchState } from './state.ts';

/** Matches one of `list`'s values at the state's position; each match yields an entity (or a capture). */
export function matchTextList(
  m: Matcher,
  ref: ListReference,
  list: TextSlotList,
  state: MatchState,
  k: Continuation,
): void {
  // With an open wildcard a value may match further on, so every value stays a candidate.
  const isAnchored = list.index !== undefined && !m.ignoreWhitespace && openWildcard(state) === undefined;
  if (isAnchored && list.index!.isPlain) {
    for (const outcome of plainOutcomes(m, list, state)) {
      const value = list.values[outcome.index]!;
      if (!isValueContextAllowed(m.block, value.context)) continue;
      const after = nextState(state, { pos: outcome.pos, isBroken: outcome.isBroken });
      yieldValue(m, { ref, value, before: state, after }, k);
    }
    return;
  }
  const folded = foldedOf(m, state);
  const remaining = folded.length - state.pos;
  const candidates = isAnchored ? list.index!.candidates(folded, state.pos) : undefined;
  const count = candidates === undefined ? list.values.length : candidates.length;
  for (let i = 0; i < count; i++) {
    const value = list.values[candidates === undefined ? i : candidates[i]!]!;
    if (!fitsText(value, remaining) || !isValueContextAllowed(m.block, value.context)) continue;
    m.match(value.textIn, state, (after) => yieldValue(m, { ref, value, before: state, after }, k));
  }
}

/** How the list's plain values match at this state's position, computed once per input and position. */
function plainOutcomes(m: Matcher, list: TextSlotList, state: MatchState): readonly ValueOutcome[] {
  let byPosition = m.input.valueOutcomes.get(list);
  if (byPosition === undefined) {
    byPosition = new Map();
    m.input.valueOutcomes.set(list, byPosition);
  }
  const key = state.pos * 4 + (state.isBroken ? 2 : 0) + (state.isStartOfWord ? 1 : 0);
  let outcomes = byPosition.get(key);
  if (outcomes === undefined) {
    const found: ValueOutcome[] = [];
    const folded = foldedOf(m, state);
    const remaining = folded.length - state.pos;
    // Entities and context do not change how a literal matches, so a bare state stands in for them.
    const bare = nextState(state, { entities: null, captures: null });
    for (const index of list.index!.candidates(folded, state.pos)) {
      const value = list.values[index]!;
      if (!fitsText(value, remaining)) continue;
      m.match(value.textIn, bare, (after) => found.push({ index, pos: after.pos, isBroken: after.isBroken }));
    }
    outcomes = found;
    byPosition.set(key, outcomes);
  }
  return outcomes;
}

/** hassil skips empty values and values longer than the text left. */
function fitsText(value: TextSlotValue, remaining: number): boolean {
  return value.textIn.kind !== 'text' || (value.textIn.literalLength > 0 && remaining >= value.textIn.text.length);
}

interface ValueMatch {
  ref: ListReference;
  value: TextSlotValue;
  before: MatchState;
  after: MatchState;
}

/** The state after a value: its entity or capture added, its context merged; its literals do not count. */
function yieldValue(m: Matcher, { ref, value, before, after }: ValueMatch, k: Continuation): void {
  const text = textOf(m, before);
  let start = before.pos;
  const inner = after.entities?.head;
  // A wildcard inside the value took the start of the text: the entity is what follows it.
  if (inner?.isWildcard && inner !== before.entities?.head && text.startsWith(inner.text, start))
    start += inner.text.length;
  const entityText = text.slice(start, after.pos);
  const changes = {
    pos: after.pos,
    isBroken: after.isBroken,
    isStartOfWord: before.isStartOfWord,
    textChunksMatched: before.textChunksMatched,
    context: value.context === undefined ? after.context : { ...before.context, ...value.context },
  };
  if (ref.isCapture) {
    k(
      nextState(before, {
        ...changes,
        entities: after.entities,
        captures: push(after.captures, { name: ref.slotName, text: entityText }),
      }),
    );
    return;
  }
  const entity = {
    name: ref.slotName,
    value: value.valueOut === undefined ? entityText : value.valueOut,
    text: entityText,
    isWildcard: false,
    isOpen: false,
    isEndOfWord: ref.isEndOfWord,
    isFromDigits: false,
    ...(value.metadata === undefined ? {} : { metadata: value.metadata }),
  };
  k(nextState(before, { ...changes, entities: push(after.entities, entity), captures: after.captures }));
}
