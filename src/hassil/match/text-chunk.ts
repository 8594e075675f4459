// Matching literal text: a case-insensitive prefix, word breaking, and the end of an open wildcard.

import type { TextChunk } from '../expression.ts';
import { skipWhitespace } from '../text/whitespace.ts';
import { foldedOf, isBlankFrom, textOf, type Continuation, type Matcher } from './matcher.ts';
import {
  closeWildcards,
  closeWildcardWith,
  nextState,
  openWildcard,
  push,
  type MatchState,
  type PendingEntity,
} from './state.ts';

/** Matches `chunk` at the state's position (hassil's `match_expression` for a `TextChunk`). */
export function matchTextChunk(m: Matcher, chunk: TextChunk, state: MatchState, k: Continuation): void {
  if (chunk.text === '') {
    k(state);
    return;
  }
  const folded = foldedOf(m, state);
  // At the start of a word, leading whitespace of both the chunk and the input does not count; for
  // languages written without spaces the grammar asks to ignore whitespace altogether.
  const atWordStart = state.isStartOfWord && !m.ignoreWhitespace;
  const chunkText = m.ignoreWhitespace
    ? chunk.folded.replace(/\s+/gu, '')
    : atWordStart
      ? chunk.foldedAtWordStart
      : chunk.folded;
  const pos = atWordStart ? skipWhitespace(folded, state.pos) : state.pos;
  const wildcard = openWildcard(state);
  if (wildcard !== undefined && wildcard.text.trim() === '') {
    endWildcard(m, { chunk, chunkText, pos, wildcard }, state, k);
    return;
  }
  const literal = m.ignoreWhitespace ? chunkText.length : chunk.literalLength;
  if (folded.startsWith(chunkText, pos)) {
    k(
      nextState(state, {
        pos: pos + chunkText.length,
        isStartOfWord: chunk.text.endsWith(' '),
        textChunksMatched: state.textChunksMatched + literal,
        entities: literal > 0 ? closeWildcards(state.entities) : state.entities,
      }),
    );
  } else if (chunkText !== '' && literal === 0 && isBlankFrom(folded, pos)) {
    // Nothing is left but the template still has whitespace: fine.
    k(state);
  } else if (!state.isBroken && pos <= m.input.lastBreak && m.input.brokenFolded.startsWith(chunkText, pos)) {
    // "living-room" matches "living room": the rest of the input is read with -/_ as spaces.
    k(
      nextState(state, {
        pos: pos + chunkText.length,
        isBroken: true,
        entities: literal > 0 ? closeWildcards(state.entities) : state.entities,
      }),
    );
  }
}

interface WildcardEnd {
  chunk: TextChunk;
  chunkText: string;
  pos: number;
  wildcard: PendingEntity;
}

/** An open, empty wildcard takes the text up to each occurrence of the chunk: every split, shortest first. */
function endWildcard(m: Matcher, end: WildcardEnd, state: MatchState, k: Continuation): void {
  const { chunk, chunkText, pos, wildcard } = end;
  if (chunkText.trim() === '') {
    k(nextState(state, { pos, isStartOfWord: true }));
    return;
  }
  const text = textOf(m, state);
  const folded = foldedOf(m, state);
  const atWordStart = !m.ignoreWhitespace && wildcard.isEndOfWord;
  let offset = findChunk(folded, pos, chunkText, 0, atWordStart);
  // The chunk right at the start would leave the wildcard empty: look for a later one.
  if (offset === 0) offset = findChunk(folded, pos, chunkText, 1, atWordStart);
  while (offset > 0) {
    const wildcardText = text.slice(pos, pos + offset);
    const entities = push(state.entities!.tail, closeWildcardWith(wildcard, wildcardText));
    matchTextChunk(m, chunk, nextState(state, { pos: pos + offset, isStartOfWord: true, entities }), k);
    offset = findChunk(folded, pos, chunkText, offset + 1, false);
  }
}

/**
 * Where `chunk` next occurs in the input from `from + skip`, relative to `from`, or -1 (hassil's
 * `match_first`). With `atWordStart` it must start a word, and the search start counts as one.
 */
function findChunk(folded: string, from: number, chunk: string, skip: number, atWordStart: boolean): number {
  const searchStart = from + skip;
  for (let at = folded.indexOf(chunk, searchStart); at >= 0; at = folded.indexOf(chunk, at + 1)) {
    if (!atWordStart || isWordBoundary(folded, at, searchStart)) return at - from;
  }
  return -1;
}

const WORD = /[\p{L}\p{N}_]/u;

function isWordBoundary(text: string, at: number, searchStart: number): boolean {
  const before = at > searchStart && WORD.test(text[at - 1]!);
  const after = at < text.length && WORD.test(text[at]!);
  return before !== after;
}
