// Bounding: lists, strings and attribute values cut and counted, a result over the byte limit refused.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  type Bounded,
  CUT_MARKER,
  type JsonValue,
  type ResultLimits,
  TOO_DEEP_MARKER,
  bound,
  checkSize,
} from '../../../src/tools/index.ts';

const LIMITS: ResultLimits = { maxListItems: 3, maxStringChars: 10, maxAttributeChars: 5, maxDepth: 4, maxBytes: 1000 };
const NO_CUTS = { lists: 0, items: 0, strings: 0, deep: 0 };

describe('bound', () => {
  const rows: { name: string; value: JsonValue; expected: Bounded; limits?: ResultLimits }[] = [
    {
      name: 'a value within every limit is unchanged',
      value: { state: 'on', list: [1, 2, 3] },
      expected: { kind: 'bounded', value: { state: 'on', list: [1, 2, 3] }, cuts: NO_CUTS },
    },
    {
      name: 'a list is cut to N and the cut items counted',
      value: { list: [1, 2, 3, 4, 5], other: ['a', 'b', 'c', 'd'] },
      expected: {
        kind: 'bounded',
        value: { list: [1, 2, 3], other: ['a', 'b', 'c'] },
        cuts: { ...NO_CUTS, lists: 2, items: 3 },
      },
    },
    {
      name: 'a string is cut to N characters, the marker included',
      value: 'abcdefghijklmnop',
      expected: { kind: 'bounded', value: `abcdefghi${CUT_MARKER}`, cuts: { ...NO_CUTS, strings: 1 } },
    },
    {
      name: 'a string of exactly N characters is kept',
      value: 'abcdefghij',
      expected: { kind: 'bounded', value: 'abcdefghij', cuts: NO_CUTS },
    },
    {
      name: 'attribute values are cut harder, also inside lists',
      value: { state: 'abcdefghij', attributes: { friendly_name: 'Living room', source_list: ['Radio 1', 'TV'] } },
      expected: {
        kind: 'bounded',
        value: {
          state: 'abcdefghij',
          attributes: { friendly_name: `Livi${CUT_MARKER}`, source_list: [`Radi${CUT_MARKER}`, 'TV'] },
        },
        cuts: { ...NO_CUTS, strings: 2 },
      },
    },
    {
      name: 'a surrogate pair is never split',
      value: 'abcdefgh😀xyz',
      expected: { kind: 'bounded', value: `abcdefgh${CUT_MARKER}`, cuts: { ...NO_CUTS, strings: 1 } },
    },
    {
      name: 'nesting deeper than the limit is replaced',
      value: [[[[[1]]]]],
      expected: { kind: 'bounded', value: [[[[TOO_DEEP_MARKER]]]], cuts: { ...NO_CUTS, deep: 1 } },
    },
    {
      name: 'a result still over the byte limit is refused',
      value: ['ééééé', 'ééééé', 'ééééé'],
      limits: { ...LIMITS, maxBytes: 30 },
      expected: { kind: 'too-large', bytes: 40, limit: 30 },
    },
  ];
  for (const row of rows) {
    it(row.name, () => assert.deepEqual(bound(row.value, row.limits ?? LIMITS), row.expected));
  }

  it('checkSize counts UTF-8 bytes of the JSON text', () => {
    assert.deepEqual(checkSize({ a: 'é' }, 100), { kind: 'fits', bytes: 10 });
    assert.deepEqual(checkSize({ a: 'é' }, 9), { kind: 'too-large', bytes: 10, limit: 9 });
  });
});

const limits = fc.record({
  maxListItems: fc.integer({ min: 1, max: 5 }),
  maxStringChars: fc.integer({ min: 1, max: 20 }),
  maxAttributeChars: fc.integer({ min: 1, max: 20 }),
  maxDepth: fc.integer({ min: 1, max: 4 }),
  maxBytes: fc.integer({ min: 2, max: 2000 }),
});
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'grapheme' }),
    fc.integer(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 8 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'attributes', 'state'), tie('value'), { maxKeys: 4 }),
})).value as fc.Arbitrary<JsonValue>;

/** Checks every limit on a bounded value; `depth` counts the lists and objects around it. */
function assertWithin(value: JsonValue, limits: ResultLimits, depth: number, maxChars: number): void {
  if (typeof value === 'string') assert.ok(value.length <= Math.max(maxChars, TOO_DEEP_MARKER.length), value);
  if (value === null || typeof value !== 'object') return;
  assert.ok(depth < limits.maxDepth);
  if (Array.isArray(value)) {
    assert.ok(value.length <= limits.maxListItems);
    for (const item of value) assertWithin(item, limits, depth + 1, maxChars);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const isAttributes = key === 'attributes' && item !== null && typeof item === 'object' && !Array.isArray(item);
    assertWithin(item, limits, depth + 1, isAttributes ? Math.min(maxChars, limits.maxAttributeChars) : maxChars);
  }
}

describe('bound: properties', () => {
  it('bounded output never exceeds the limits, and a refusal is really over the byte limit', () => {
    fc.assert(
      fc.property(json, limits, (value, limits) => {
        const result = bound(value, limits);
        if (result.kind === 'too-large') {
          assert.ok(result.bytes > limits.maxBytes);
          return;
        }
        assertWithin(result.value, limits, 0, limits.maxStringChars);
        assert.ok(new TextEncoder().encode(JSON.stringify(result.value)).length <= limits.maxBytes);
      }),
      { numRuns: 500 },
    );
  });
});
