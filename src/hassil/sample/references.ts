// The sampler's up-front check of a template's rules and lists: every one defined, no rule expanding into itself.

import { HassilError } from '../errors.ts';
import type { Expression, Sentence } from '../expression.ts';
import type { SlotList } from '../grammar/slot-lists.ts';

/** The rules and lists a template is sampled with. */
export interface References {
  readonly lists: ReadonlyMap<string, SlotList>;
  readonly rules: ReadonlyMap<string, Sentence>;
}

/**
 * Throws `MISSING_RULE` or `MISSING_LIST` for a reference that is not defined, and `RULE_CYCLE` for a rule
 * (or a list value) that expands into itself. Checked before sampling, so the outcome does not depend on
 * how many sentences the caller takes.
 */
export function checkReferences(expression: Expression, references: References): void {
  visit(expression, references, { active: new Set(), checked: new Set() });
}

/** Rules and lists being expanded (`<rule>`, `{list}`), and those already checked. */
interface Walk {
  active: Set<string>;
  checked: Set<string>;
}

function visit(expression: Expression, references: References, walk: Walk): void {
  switch (expression.kind) {
    case 'text':
      return;
    case 'sequence':
    case 'alternative':
    case 'permutation':
      for (const item of expression.items) visit(item, references, walk);
      return;
    case 'rule': {
      const rule = references.rules.get(expression.ruleName);
      if (rule === undefined)
        throw new HassilError('MISSING_RULE', `the expansion rule <${expression.ruleName}> is not defined`);
      enter(`<${expression.ruleName}>`, walk, () => visit(rule.expression, references, walk));
      return;
    }
    case 'list': {
      const list = references.lists.get(expression.listName);
      if (list === undefined) {
        if (expression.inlineRange !== undefined) return;
        throw new HassilError('MISSING_LIST', `the list {${expression.listName}} is not defined`);
      }
      if (list.kind !== 'text') return;
      enter(`{${expression.listName}}`, walk, () => {
        for (const value of list.values) visit(value.textIn, references, walk);
      });
    }
  }
}

/** Runs `check` for a rule or list once; meeting it again while it is being expanded is a cycle. */
function enter(key: string, walk: Walk, check: () => void): void {
  if (walk.checked.has(key)) return;
  if (walk.active.has(key)) throw new HassilError('RULE_CYCLE', `${key} expands into itself`);
  walk.active.add(key);
  check();
  walk.active.delete(key);
  walk.checked.add(key);
}
