// zod's safeParse for outside JSON never throws: an object with a `length` where a string or an array belongs (zod's
// length checks read it) fails as the wrong type it is, naming its field, on every request surface (no 500).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { safeParseJson } from '../../src/common/index.ts';
import { createHarness } from '../server/app-harness.ts';

/** Objects zod's length checks cannot compare: `length` holding an object that has no primitive value. */
const HOSTILE_LENGTHS: readonly unknown[] = [
  { length: { toString: null } },
  { length: { valueOf: null, toString: null } },
  { length: { toString: {} } },
  { length: { valueOf: [], toString: [] } },
];

const SCHEMA = z.object({
  name: z.string().min(1).max(64),
  items: z.array(z.string()).min(1),
  nested: z.object({ tag: z.string().min(2) }).optional(),
});

describe('safeParseJson', () => {
  const places: [string, (hostile: unknown) => unknown][] = [
    ['name', (hostile) => ({ name: hostile, items: ['a'] })],
    ['items', (hostile) => ({ name: 'x', items: hostile })],
    ['items.0', (hostile) => ({ name: 'x', items: [hostile] })],
    ['nested.tag', (hostile) => ({ name: 'x', items: ['a'], nested: { tag: hostile } })],
  ];
  for (const [path, place] of places)
    it(`fails on each hostile length at ${path}, naming it, without throwing`, () => {
      for (const hostile of HOSTILE_LENGTHS) {
        const parsed = safeParseJson(SCHEMA, place(hostile));
        assert.equal(parsed.success, false);
        if (!parsed.success) assert.equal(parsed.error.issues[0]?.path.join('.'), path);
      }
    });

  it('parses what zod parses, and a legitimate `length` key in free-form data is kept', () => {
    const free = z.object({ args: z.record(z.string(), z.unknown()) });
    const value = { args: { length: { toString: null }, size: 3 } };
    assert.deepEqual(safeParseJson(free, value), free.safeParse(value));
    assert.deepEqual(safeParseJson(SCHEMA, { name: 'x', items: ['a'] }), {
      success: true,
      data: { name: 'x', items: ['a'] },
    });
  });
});

describe('a hostile length in a request body', () => {
  const surfaces: [string, (hostile: unknown) => unknown][] = [
    ['/v1/chat/completions', (model) => ({ model, messages: [{ role: 'assistant' }] })],
    ['/api/chat', (model) => ({ model, messages: [{ role: 'user', content: 'hi' }] })],
    ['/v1/responses', (model) => ({ model, input: 'hi' })],
  ];
  for (const [path, body] of surfaces)
    it(`${path}: a 400 naming the field, never a 500`, async () => {
      const { app } = createHarness();
      for (const hostile of HOSTILE_LENGTHS) {
        const response = await app.fetch(
          new Request(`http://hearth.test${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body(hostile)),
          }),
        );
        const text = await response.text();
        assert.equal(response.status, 400, text);
        assert.match(text, /model/u);
      }
    });
});
