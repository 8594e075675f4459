// The expression pool: a pooled template is the same tree as parsed, and equal parts of templates are one object.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSentence, type Expression } from '../../../src/hassil/index.ts';
import { createExpressionPool } from '../../../src/hassil/grammar/expression-pool.ts';

// Templates generated from frames: verbs, optional articles, lists, rules, permutations, inline ranges, captures.
const VERBS = ['turn on', '(turn|switch) on', '<turn> on'];
const OBJECTS = ['[the] {name}', '[<the>] {name}', '{name:entity}', '{@name}', '(the {name};[in] {area})'];
const TAILS = ['', ' [please]', ' to {1..100:brightness}', ' to {1..100,5:brightness}', ' [in [the] {area}]'];
const TEMPLATES = VERBS.flatMap((verb) => OBJECTS.flatMap((object) => TAILS.map((tail) => `${verb} ${object}${tail}`)));

function parts(expression: Expression, into: Expression[] = []): Expression[] {
  into.push(expression);
  if (expression.kind === 'sequence' || expression.kind === 'alternative' || expression.kind === 'permutation')
    for (const item of expression.items) parts(item, into);
  return into;
}

describe('hassil expression pool', () => {
  it(`keeps each of ${TEMPLATES.length} templates the tree the parser makes`, () => {
    const pool = createExpressionPool();
    for (const template of TEMPLATES) {
      const parsed = parseSentence(template);
      assert.deepEqual(pool.sentence(parsed), parsed);
    }
  });

  it('hands out one object for equal parts, across templates', () => {
    const pool = createExpressionPool();
    const pooled = TEMPLATES.map((template) => pool.sentence(parseSentence(template)));
    const all = pooled.flatMap((sentence) => parts(sentence.expression));
    const byShape = new Map<string, Set<Expression>>();
    for (const part of all) {
      const shape = JSON.stringify(part);
      byShape.set(shape, (byShape.get(shape) ?? new Set()).add(part));
    }
    assert.deepEqual(
      [...byShape].filter(([, objects]) => objects.size > 1).map(([shape]) => shape),
      [],
    );
    assert.ok(new Set(all).size < all.length / 3, `${new Set(all).size} objects for ${all.length} parts`);
  });

  it('keeps apart what differs only in a flag: capture, end of word, optional, inline range', () => {
    const pool = createExpressionPool();
    const shapes = ['{name}', '{@name}', '{name}x', '[a]', '(a|)', '{1..10:n}', '{1..10,2:n}'].map(
      (template) => pool.sentence(parseSentence(template)).expression,
    );
    assert.equal(new Set(shapes).size, shapes.length);
  });
});
