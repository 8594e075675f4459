// hassil's regex prefilter: each template compiled once to a regular expression that any match must satisfy.

import { HassilError, type GrammarLocation } from './errors.ts';
import type { Expression, Sentence } from './expression.ts';
import type { Lookup } from './lookup.ts';
import { escapeRegExp } from './normalize.ts';

/** Rule expansions deeper than this are a cycle (hassil itself would recurse forever). */
const MAX_RULE_DEPTH = 64;

/**
 * The template as an anchored, case-insensitive pattern: literals as text with every space optional,
 * alternatives and permutations as groups, each list reference as `.+`, rules inlined. Built from the
 * grammar only, never from user input.
 */
export function compilePattern(sentence: Sentence, rules: Lookup<Sentence>, where: GrammarLocation): RegExp {
  const parts: string[] = [];
  appendPattern(sentence.expression, rules, parts, { where, depth: 0 });
  return new RegExp(`^${parts.join('')}$`, 'iu');
}

interface Walk {
  where: GrammarLocation;
  depth: number;
}

function appendPattern(expression: Expression, rules: Lookup<Sentence>, parts: string[], walk: Walk): void {
  switch (expression.kind) {
    case 'text':
      for (const char of expression.text) parts.push(char === ' ' ? '[ ]*' : escapeRegExp(char));
      return;
    case 'sequence':
      for (const item of expression.items) appendPattern(item, rules, parts, walk);
      return;
    case 'alternative':
    case 'permutation':
      if (expression.items.length === 0) return;
      parts.push('(?:');
      expression.items.forEach((item, index) => {
        if (index > 0) parts.push('|');
        appendPattern(item, rules, parts, walk);
      });
      parts.push(expression.kind === 'alternative' ? ')' : `){${expression.items.length}}`);
      return;
    case 'list':
      parts.push('(?:.+)');
      return;
    case 'rule': {
      const rule = rules.get(expression.ruleName);
      if (rule === undefined) throw new HassilError('MISSING_RULE', `the expansion rule <${expression.ruleName}> is not defined`, walk.where);
      if (walk.depth >= MAX_RULE_DEPTH) throw new HassilError('RULE_CYCLE', `the expansion rule <${expression.ruleName}> refers to itself`, walk.where);
      appendPattern(rule.expression, rules, parts, { ...walk, depth: walk.depth + 1 });
    }
  }
}
