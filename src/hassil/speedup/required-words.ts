// The literal fragments a template's matches must contain, so most templates are ruled out without a regex.

import type { Expression, Sentence } from '../expression.ts';
import type { Lookup } from '../name-tables.ts';
import { hasPunctuation } from '../text/normalize.ts';

/** Rule nesting followed; deeper expansions are treated as requiring nothing. */
const MAX_DEPTH = 24;

/**
 * Required fragments in conjunctive normal form: any input a match can come from contains at least one
 * fragment of every clause (folded). Literals keep their characters contiguous even though the matcher
 * and the prefilter let spaces vary, so each whitespace-separated piece of a literal is a fragment; a
 * list reference requires one of the list's values (a `listAtom`). An empty result means nothing is
 * required.
 */
export function requiredClauses(expression: Expression, rules: Lookup<Sentence>): string[][] {
  return dedupe(clausesOf(expression, rules, 0));
}

function clausesOf(expression: Expression, rules: Lookup<Sentence>, depth: number): string[][] {
  if (depth > MAX_DEPTH) return [];
  switch (expression.kind) {
    case 'text':
      // A fragment holding punctuation may be stripped from the input, so it proves nothing.
      return expression.folded
        .split(/\s+/u)
        .filter((piece) => piece !== '' && !hasPunctuation(piece))
        .map((piece) => [piece]);
    case 'sequence':
    case 'permutation':
      return expression.items.flatMap((item) => clausesOf(item, rules, depth + 1));
    case 'alternative': {
      if (expression.isOptional || expression.items.length === 0) return [];
      const branches = expression.items.map((item) => clausesOf(item, rules, depth + 1));
      // One branch matches, so the smallest clause of one branch holds: their union is required.
      if (branches.some((branch) => branch.length === 0)) return [];
      const merged = new Set(branches.flatMap((branch) => branch.reduce((a, b) => (b.length < a.length ? b : a))));
      return [[...merged]];
    }
    case 'list':
      return [[listAtom(expression.listName)]];
    case 'rule': {
      const rule = rules.get(expression.ruleName);
      return rule === undefined ? [] : clausesOf(rule.expression, rules, depth + 1);
    }
  }
}

/** The clause atom standing for "a value of list `name` occurs in the text"; no text can contain it. */
export function listAtom(name: string): string {
  return `\u0000${name}`;
}

/** The list name of an atom made by `listAtom`, or undefined for a literal fragment. */
export function listOfAtom(atom: string): string | undefined {
  return atom.startsWith('\u0000') ? atom.slice(1) : undefined;
}

function dedupe(clauses: string[][]): string[][] {
  const seen = new Set<string>();
  return clauses.filter((clause) => {
    const key = [...clause].sort().join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
