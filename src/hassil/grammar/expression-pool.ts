// Sharing equal sub-expressions between the templates of one grammar, so each is kept in memory once.

import type { Expression, Sentence, TextChunk } from '../expression.ts';

/** Hands out one object for equal expressions; used while one grammar loads, then dropped. */
export interface ExpressionPool {
  /** The sentence with its expression tree made of shared (and exactly sized) parts. */
  sentence(sentence: Sentence): Sentence;
}

/**
 * An empty pool. Expressions are immutable and the matcher never tells two equal ones apart, so a
 * grammar's templates may share their common parts (` the `, `[<the>]`, `{name}`…): Home Assistant's
 * English templates repeat most of theirs.
 */
export function createExpressionPool(): ExpressionPool {
  const byKey = new Map<string, Expression>();
  const ids = new Map<Expression, number>();
  const share = <T extends Expression>(key: string, expression: T): T => {
    const known = byKey.get(key);
    if (known !== undefined) return known as T;
    byKey.set(key, expression);
    ids.set(expression, ids.size);
    return expression;
  };
  // Children are shared first, so a group's key is its kind and its children's ids.
  const idsOf = (items: readonly Expression[]) => items.map((item) => ids.get(item)!).join(',');
  const intern = (expression: Expression): Expression => {
    switch (expression.kind) {
      case 'text':
        return share<TextChunk>(`t${expression.text}`, expression);
      case 'rule':
        return share(`r${expression.ruleName}`, expression);
      case 'list': {
        const { listName, slotName, isCapture, isEndOfWord, inlineRange: range } = expression;
        const inline = range === undefined ? '' : `${range.start},${range.stop},${range.step}`;
        return share(`l${listName}\u0000${slotName}\u0000${isCapture}\u0000${isEndOfWord}\u0000${inline}`, expression);
      }
      case 'sequence':
      case 'permutation': {
        const items = expression.items.map(intern);
        return share(`${expression.kind}:${idsOf(items)}`, { kind: expression.kind, items });
      }
      case 'alternative': {
        const items = expression.items.map(intern);
        const { isOptional } = expression;
        return share(`alternative${isOptional}:${idsOf(items)}`, { kind: 'alternative', items, isOptional });
      }
    }
  };
  return {
    sentence: (sentence) => ({ expression: intern(sentence.expression), text: sentence.text }),
  };
}
