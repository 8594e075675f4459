// The matcher's dispatch: one expression at one state, every way it matches passed to the continuation.

import { HassilError } from '../errors.ts';
import type { Expression } from '../expression.ts';
import { matchAlternative, matchPermutation, matchSequence } from './groups.ts';
import { matchListReference } from './list-reference.ts';
import type { Continuation, Matcher } from './matcher.ts';
import type { MatchState } from './state.ts';
import { matchTextChunk } from './text-chunk.ts';

/** Calls `k` once for each way `expression` matches the input from `state` (hassil's `match_expression`). */
export function matchExpression(m: Matcher, expression: Expression, state: MatchState, k: Continuation): void {
  switch (expression.kind) {
    case 'text':
      matchTextChunk(m, expression, state, k);
      return;
    case 'sequence':
      matchSequence(m, expression, state, k);
      return;
    case 'alternative':
      matchAlternative(m, expression, state, k);
      return;
    case 'permutation':
      matchPermutation(m, expression, state, k);
      return;
    case 'list':
      matchListReference(m, expression, state, k);
      return;
    case 'rule': {
      const rule = m.rules.get(expression.ruleName);
      if (rule === undefined)
        throw new HassilError('MISSING_RULE', `the expansion rule <${expression.ruleName}> is not defined`, m.where);
      matchExpression(m, rule.expression, state, k);
    }
  }
}

/** A matcher whose `match` is this dispatcher. */
export function createMatcher(parts: Omit<Matcher, 'match'>): Matcher {
  // Fields spelled out rather than spread: one matcher is made per template tried, on the hot path.
  const matcher: Matcher = {
    input: parts.input,
    lists: parts.lists,
    rules: parts.rules,
    ignoreWhitespace: parts.ignoreWhitespace,
    language: parts.language,
    block: parts.block,
    numberWords: parts.numberWords,
    where: parts.where,
    match: (expression, state, k) => matchExpression(matcher, expression, state, k),
  };
  return matcher;
}
