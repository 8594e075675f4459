// Validating arguments against client tool schemas: linear-time patterns, and a cache that really frees memory.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createToolSchemaValidator } from '../../src/assist/index.ts';

const nameSchema = (name: Record<string, unknown>, description = 'Turns off a device.') => ({
  type: 'object',
  description,
  properties: { name: { type: 'string', ...name }, domain: { type: 'array', items: { type: 'string' } } },
});

describe('createToolSchemaValidator: checks', () => {
  const validator = createToolSchemaValidator();
  const rows: { name: string; schema: Record<string, unknown>; args: unknown; ok: boolean; problem?: RegExp }[] = [
    { name: 'valid arguments', schema: nameSchema({}), args: { name: 'Kitchen Light' }, ok: true },
    { name: 'a wrong type', schema: nameSchema({}), args: { name: 5 }, ok: false, problem: /\/name must be string/ },
    {
      name: 'a matching pattern',
      schema: nameSchema({ pattern: '^Kitchen' }),
      args: { name: 'Kitchen Light' },
      ok: true,
    },
    {
      name: 'a pattern that does not match',
      schema: nameSchema({ pattern: '^Bedroom' }),
      args: { name: 'Kitchen Light' },
      ok: false,
      problem: /must match pattern/,
    },
    {
      name: 'two patterns in one schema are each their own',
      schema: {
        type: 'object',
        properties: { a: { type: 'string', pattern: '^a+$' }, b: { type: 'string', pattern: '^b+$' } },
      },
      args: { a: 'aaa', b: 'bbb' },
      ok: true,
    },
    {
      name: 'patternProperties',
      schema: { type: 'object', patternProperties: { '^x_': { type: 'number' } } },
      args: { x_a: 'text' },
      ok: false,
      problem: /must be number/,
    },
    {
      name: 'a property called "description" keeps its schema',
      schema: { type: 'object', properties: { description: { type: 'string' } } },
      args: { description: 5 },
      ok: false,
      problem: /\/description must be string/,
    },
    {
      name: 'a pattern RE2 cannot run (a lookahead) is not enforced',
      schema: nameSchema({ pattern: '^(?=Bed)' }),
      args: { name: 'Kitchen Light' },
      ok: true,
    },
    { name: 'no schema', schema: undefined as never, args: { anything: 1 }, ok: true },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const check = validator.check(row.schema, row.args);
      assert.equal(check.ok, row.ok, JSON.stringify(check));
      if (!check.ok && row.problem) assert.match(check.problem, row.problem);
    });
  }

  it('two schemas that share an $id are both compiled (ids are not registered)', () => {
    const first = { $id: 'https://hearth.test/tool.json', type: 'object', properties: { a: { type: 'string' } } };
    const second = { $id: 'https://hearth.test/tool.json', type: 'object', properties: { a: { type: 'number' } } };
    assert.deepEqual(validator.check(first, { a: 'x' }), { ok: true });
    assert.equal(validator.check(second, { a: 'x' }).ok, false);
  });
});

describe('createToolSchemaValidator: catastrophic patterns', () => {
  it('runs ^A(a+)+b$ on a 33-letter name in linear time', () => {
    const validator = createToolSchemaValidator();
    const started = performance.now();
    const check = validator.check(nameSchema({ pattern: '^A(a+)+b$' }), { name: `A${'a'.repeat(32)}` });
    assert.equal(check.ok, false);
    // A backtracking engine needs minutes (2^32 steps); a linear one well under a second, even on a loaded machine.
    assert.ok(performance.now() - started < 1000, `took ${Math.round(performance.now() - started)} ms`);
  });

  it('runs it on a 100,000-letter value in linear time too', () => {
    const validator = createToolSchemaValidator();
    const started = performance.now();
    assert.equal(validator.check(nameSchema({ pattern: '^A(a+)+b$' }), { name: `A${'a'.repeat(100_000)}` }).ok, false);
    assert.ok(performance.now() - started < 1000);
  });

  it('never runs a backtracking regex over patternProperties at compile time', () => {
    const validator = createToolSchemaValidator();
    const schema = {
      type: 'object',
      properties: { [`A${'a'.repeat(32)}`]: { type: 'string' } },
      patternProperties: { '^A(a+)+b$': { type: 'string' } },
    };
    const started = performance.now();
    assert.deepEqual(validator.check(schema, {}), { ok: true });
    assert.ok(performance.now() - started < 1000);
  });
});

describe('createToolSchemaValidator: the compiled-schema cache', () => {
  it('compiles schemas that differ only in descriptions and titles once', () => {
    const validator = createToolSchemaValidator();
    for (let i = 0; i < 20_000; i++) {
      const schema = nameSchema({ description: `the name, #${i}`, title: `Name ${i}` }, `Turns off a device (${i}).`);
      assert.deepEqual(validator.check(schema, { name: 'Kitchen Light' }), { ok: true });
    }
    assert.deepEqual(validator.stats(), { generation: 1, compiled: 1, compilations: 1 });
  });

  it('starts a new generation (a fresh ajv) when the cache is full, keeping at most its size', () => {
    const validator = createToolSchemaValidator({ maxCompiled: 100 });
    for (let i = 0; i < 250; i++) validator.check(nameSchema({ enum: [`Light ${i}`] }), { name: `Light ${i}` });
    const stats = validator.stats();
    assert.equal(stats.compilations, 250);
    assert.equal(stats.generation, 3);
    assert.equal(stats.compiled, 50);
    assert.deepEqual(validator.check(nameSchema({ enum: ['Light 3'] }), { name: 'Light 4' }).ok, false);
  });

  it('checks a frozen schema (shared by requests) as its text says, across generations, compiling it once per generation', () => {
    const validator = createToolSchemaValidator({ maxCompiled: 2 });
    const shared = deepFreeze(nameSchema({ enum: ['Kitchen Light'] }));
    const verdicts: boolean[] = [];
    for (let round = 0; round < 3; round++) {
      verdicts.push(
        validator.check(shared, { name: 'Kitchen Light' }).ok,
        validator.check(shared, { name: 'Hall' }).ok,
      );
      // Two other schemas fill the cache (two per generation): the shared one is compiled again in each new generation.
      for (const other of ['A', 'B']) validator.check(nameSchema({ enum: [other] }), { name: other });
    }
    assert.deepEqual(verdicts, [true, false, true, false, true, false]);
    assert.deepEqual(validator.stats(), { generation: 5, compiled: 1, compilations: 9 });
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
