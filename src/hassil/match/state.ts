// The match state: where in the input we are and what has been matched; derived, never mutated.

import type { MatchCapture } from '../result.ts';
import type { IntentContext } from '../grammar/slot-lists.ts';

/** An entity while matching: a wildcard stays open until the text after it fixes its end. */
export interface PendingEntity {
  readonly name: string;
  readonly value: unknown;
  readonly text: string;
  readonly isWildcard: boolean;
  readonly isOpen: boolean;
  /** For wildcards: whitespace followed the reference in the template. */
  readonly isEndOfWord: boolean;
  readonly isFromDigits: boolean;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** An immutable list, newest first, so deriving a state never copies what came before. */
export interface Chain<T> {
  readonly head: T;
  readonly tail: Chain<T> | null;
}

/** Where matching stands. */
export interface MatchState {
  /** Position in the input. */
  readonly pos: number;
  /** `-`/`_` were read as spaces from here on. */
  readonly isBroken: boolean;
  readonly isStartOfWord: boolean;
  readonly entities: Chain<PendingEntity> | null;
  readonly captures: Chain<MatchCapture> | null;
  readonly context: IntentContext;
  /** Literal characters matched so far (ranking). */
  readonly textChunksMatched: number;
}

/** The next state: `state` with `changes`. The one place states are derived. */
export function nextState(state: MatchState, changes: Partial<MatchState>): MatchState {
  // Spelled out rather than spread: one object shape keeps the matcher's hot path monomorphic.
  return {
    pos: changes.pos ?? state.pos,
    isBroken: changes.isBroken ?? state.isBroken,
    isStartOfWord: changes.isStartOfWord ?? state.isStartOfWord,
    entities: changes.entities === undefined ? state.entities : changes.entities,
    captures: changes.captures === undefined ? state.captures : changes.captures,
    context: changes.context ?? state.context,
    textChunksMatched: changes.textChunksMatched ?? state.textChunksMatched,
  };
}

/** `chain` with `head` in front. */
export function push<T>(chain: Chain<T> | null, head: T): Chain<T> {
  return { head, tail: chain };
}

/** The items of a chain, oldest first. */
export function chainToArray<T>(chain: Chain<T> | null): T[] {
  const items: T[] = [];
  for (let node = chain; node !== null; node = node.tail) items.push(node.head);
  return items.reverse();
}

/** The last entity if it is an open wildcard. */
export function openWildcard(state: MatchState): PendingEntity | undefined {
  const last = state.entities?.head;
  return last?.isWildcard && last.isOpen ? last : undefined;
}

/** `wildcard` closed, holding `text` (the text is also its value). */
export function closeWildcardWith(wildcard: PendingEntity, text: string): PendingEntity {
  return { ...wildcard, text, value: text, isOpen: false };
}

/** The entities with every wildcard closed (a literal after a wildcard fixes its end). */
export function closeWildcards(chain: Chain<PendingEntity> | null): Chain<PendingEntity> | null {
  if (chain === null || !hasOpenWildcard(chain)) return chain;
  const head = chain.head.isOpen ? { ...chain.head, isOpen: false } : chain.head;
  return { head, tail: closeWildcards(chain.tail) };
}

function hasOpenWildcard(chain: Chain<PendingEntity> | null): boolean {
  for (let node = chain; node !== null; node = node.tail) if (node.head.isOpen) return true;
  return false;
}
