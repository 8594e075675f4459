// Client JSON Schemas reduced for node-llama-cpp's grammar: what the reduced schema admits, checked by node-llama-cpp itself.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getLlama, type GbnfJsonSchema, type Llama } from 'node-llama-cpp';
import { ANY_JSON, toGbnfSchema } from '../../../src/backends/llama-cpp/gbnf-schema.ts';

const HA_TURN_ON = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    area: { type: 'string' },
    domain: { type: 'array', items: { type: 'string', enum: ['light', 'switch'] } },
  },
  required: [],
};

describe('toGbnfSchema', () => {
  const shapes: Array<[string, unknown, unknown]> = [
    [
      'a string with lengths',
      { type: 'string', minLength: 1, maxLength: 5 },
      { type: 'string', minLength: 1, maxLength: 5 },
    ],
    ['a date', { type: 'string', format: 'date' }, { type: 'string', format: 'date' }],
    ['an unknown format as a plain string', { type: 'string', format: 'email' }, { type: 'string' }],
    ['an integer, dropping its range', { type: 'integer', minimum: 0, maximum: 100 }, { type: 'integer' }],
    ['a const', { const: 'on' }, { const: 'on' }],
    ['an enum of literals', { type: 'string', enum: ['a', 'b'] }, { enum: ['a', 'b'] }],
    ['a type list as alternatives', { type: ['string', 'null'] }, { oneOf: [{ type: 'string' }, { type: 'null' }] }],
    [
      'anyOf as alternatives, duplicates merged',
      { anyOf: [{ type: 'number' }, { type: 'number' }, { type: 'boolean' }] },
      { oneOf: [{ type: 'number' }, { type: 'boolean' }] },
    ],
    ['a one-item allOf as its item', { allOf: [{ type: 'boolean' }] }, { type: 'boolean' }],
    [
      'an array with bounds',
      { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
    ],
    ['an array without items as an array of anything', { type: 'array' }, { type: 'array', items: ANY_JSON }],
    ['an object with no properties as {}', { type: 'object', properties: {} }, { type: 'object', properties: {} }],
    [
      'properties without a type as an object',
      { properties: { a: { type: 'string' } }, required: ['a'] },
      { type: 'object', properties: { a: { type: 'string' } } },
    ],
    [
      'required properties listed, optional ones as bounded extra keys',
      {
        type: 'object',
        properties: { name: { type: 'string' }, brightness: { type: 'integer' }, area: { type: 'string' } },
        required: ['name'],
      },
      {
        type: 'object',
        properties: { name: { type: 'string' } },
        additionalProperties: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
        maxProperties: 3,
      },
    ],
    ['a $ref as any value', { $ref: '#/$defs/thing' }, ANY_JSON],
    ['a boolean schema as any value', true, ANY_JSON],
    ['no schema as any value', undefined, ANY_JSON],
  ];
  for (const [what, schema, expected] of shapes) {
    it(`reduces ${what}`, () => {
      assert.deepEqual(toGbnfSchema(schema), expected);
    });
  }

  it('stops at a depth limit instead of recursing forever', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 40; depth++) schema = { type: 'array', items: schema };
    let reduced = toGbnfSchema(schema) as { items?: unknown };
    let depth = 0;
    while (typeof reduced === 'object' && reduced !== null && 'items' in reduced) {
      reduced = reduced.items as { items?: unknown };
      depth++;
    }
    assert.ok(depth < 40, `cut at depth ${depth}`);
    assert.deepEqual(reduced, ANY_JSON);
  });
});

describe('what a reduced schema admits, as node-llama-cpp validates it', () => {
  let llama: Llama;
  before(async () => {
    llama = await getLlama({ gpu: false, build: 'never', maxThreads: 1 });
  });

  const rows: Array<[string, unknown, unknown, boolean]> = [
    ['HA arguments with one optional property', HA_TURN_ON, { name: 'Kitchen Light' }, true],
    ['HA arguments with none', HA_TURN_ON, {}, true],
    ['HA arguments with all three', HA_TURN_ON, { name: 'Lamp', area: 'Kitchen', domain: ['light'] }, true],
    [
      'HA arguments with a fourth key',
      HA_TURN_ON,
      { name: 'Lamp', area: 'Kitchen', domain: ['light'], floor: 'Up' },
      false,
    ],
    [
      'a required property missing',
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      {},
      false,
    ],
    [
      'a number for a string',
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      { name: 3 },
      false,
    ],
    ['an enum value', { enum: ['light', 'switch'] }, 'light', true],
    ['a value outside the enum', { enum: ['light', 'switch'] }, 'fan', false],
    ['any JSON for no schema', undefined, { deep: [1, 'two', null, { three: true }] }, true],
  ];
  for (const [what, schema, value, isAdmitted] of rows) {
    it(`${isAdmitted ? 'admits' : 'rejects'} ${what}`, async () => {
      const grammar = await llama.createGrammarForJsonSchema<GbnfJsonSchema>(toGbnfSchema(schema));
      const parse = (): unknown => grammar.parse(JSON.stringify(value));
      if (isAdmitted) assert.deepEqual(parse(), value);
      else assert.throws(parse);
    });
  }
});
