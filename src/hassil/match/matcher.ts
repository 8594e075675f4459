// What every match function needs: the input, the lists and rules in force, and the block being matched.

import type { GrammarLocation } from '../errors.ts';
import type { Expression, Sentence } from '../expression.ts';
import type { IntentData } from '../grammar/intents-model.ts';
import type { RangeSlotList, SlotList } from '../grammar/slot-lists.ts';
import type { Trie } from '../speedup/trie.ts';
import type { Lookup } from '../name-tables.ts';
import type { MatchInput } from './input.ts';
import type { MatchState } from './state.ts';
import { skipWhitespace } from '../text/whitespace.ts';

/** Receives each state in which an expression has matched; it is called once per way of matching. */
export type Continuation = (state: MatchState) => void;

/** The fixed surroundings of one sentence match. */
export interface Matcher {
  readonly input: MatchInput;
  /** The grammar's lists, then the caller's, then the block's. */
  readonly lists: Lookup<SlotList>;
  readonly rules: Lookup<Sentence>;
  readonly ignoreWhitespace: boolean;
  /** The language of number words. */
  readonly language: string;
  /** The block whose `requires_context`/`excludes_context` filters list values. */
  readonly block: IntentData;
  /** Number words of a range list, folded, for the matcher's language; undefined when there are none. */
  numberWords(list: RangeSlotList): Trie<number> | undefined;
  /** Where we are, for errors. */
  readonly where: GrammarLocation;
  /** Matches a sub-expression (the dispatcher, passed in so the match functions need not import it). */
  match(expression: Expression, state: MatchState, k: Continuation): void;
}

/** The input as the state reads it, as typed: whole words, or with `-`/`_` broken into spaces. */
export function textOf(m: Matcher, state: MatchState): string {
  return state.isBroken ? m.input.brokenText : m.input.text;
}

/** The same, case-folded. */
export function foldedOf(m: Matcher, state: MatchState): string {
  return state.isBroken ? m.input.brokenFolded : m.input.folded;
}

/** True when only whitespace is left from `pos`. */
export function isBlankFrom(text: string, pos: number): boolean {
  return skipWhitespace(text, pos) >= text.length;
}
