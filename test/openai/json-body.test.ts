// Reading request bodies: nesting is measured outside strings only, and errors say what is wrong.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLargeValueCache, parseJsonBody } from '../../src/openai/index.ts';

describe('parseJsonBody', () => {
  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{ \\" ]]]] "[[[[', b: [[1]] });
    assert.deepEqual(parseJsonBody(text, { maxDepth: 3 }), { a: '[[[[{{{{ \\" ]]]] "[[[[', b: [[1]] });
  });

  it('refuses nesting past the limit, wherever it is', () => {
    assert.throws(
      () => parseJsonBody('{"a": [[[1]]]}', { maxDepth: 3 }),
      (error: Error & { code?: string }) => error.code === 'JSON_TOO_DEEP',
    );
    assert.throws(
      () => parseJsonBody('{"s": "x\\\\", "a": [[[1]]]}', { maxDepth: 3 }),
      (error: Error & { code?: string }) => error.code === 'JSON_TOO_DEEP',
      'an escaped backslash ends the string',
    );
  });

  it('reports text that is not JSON, even an unterminated string', () => {
    assert.throws(
      () => parseJsonBody('{"a": "open'),
      (error: Error & { code?: string }) => error.code === 'INVALID_JSON',
    );
    assert.throws(
      () => parseJsonBody('not json'),
      (error: Error & { code?: string }) => error.code === 'INVALID_JSON',
    );
  });
});

describe('parseJsonBody with a large-value cache', () => {
  const prompt = `You are a voice assistant.\n${'- names: Kitchen "Light" \\ Lamp\n  domain: light\n'.repeat(200)}`;
  const body = (user: string) =>
    JSON.stringify({
      model: 'HA-Assist',
      messages: [
        { role: 'system', content: prompt },
        { role: 'user', content: user },
      ],
      tools: [{ name: 'x', parameters: { long: prompt.slice(0, 5000) } }],
    });

  it('gives exactly what JSON.parse gives, on the first body and on later ones', () => {
    const largeValues = createLargeValueCache();
    for (const user of ['Turn on the light', 'Turn it off again'])
      assert.deepEqual(parseJsonBody(body(user), { largeValues }), JSON.parse(body(user)));
  });

  it('decodes a repeated literal once', () => {
    const decoded: string[] = [];
    const inner = createLargeValueCache();
    const largeValues = {
      decode: (raw: string) => {
        decoded.push(raw);
        return inner.decode(raw);
      },
    };
    parseJsonBody(body('a'), { largeValues });
    parseJsonBody(body('b'), { largeValues });
    assert.equal(decoded.length, 4);
    assert.equal(decoded[0], decoded[2]);
  });

  it('handles a long object key, a long literal at the top level and long strings inside arrays', () => {
    const largeValues = createLargeValueCache();
    const key = 'k'.repeat(5000);
    for (const value of [{ [key]: 1, other: key }, key, [key, [key, { a: key }]]]) {
      assert.deepEqual(parseJsonBody(JSON.stringify(value), { largeValues }), value);
    }
  });

  it('cannot be fooled by a client string that looks like a placeholder', () => {
    const largeValues = createLargeValueCache();
    const value = {
      a: 'x'.repeat(5000),
      b: '\u0000hearth-0',
      c: '\u0000hearth-00000000-0000-0000-0000-000000000000-0',
    };
    assert.deepEqual(parseJsonBody(JSON.stringify(value), { largeValues }), value);
  });

  it('shares a large tool list between bodies, frozen so no request can change it for another', () => {
    const largeValues = createLargeValueCache();
    const tools = Array.from({ length: 60 }, (_, i) => ({
      type: 'function',
      function: { name: `tool_${i}`, parameters: { type: 'object', properties: { name: { type: 'string' } } } },
    }));
    const first = parseJsonBody(JSON.stringify({ tools, messages: [{ role: 'user', content: 'a' }] }), {
      largeValues,
    }) as { tools: unknown[] };
    const second = parseJsonBody(JSON.stringify({ tools, messages: [{ role: 'user', content: 'b' }] }), {
      largeValues,
    }) as { tools: unknown[]; messages: { content: string }[] };
    assert.deepEqual(second, { tools, messages: [{ role: 'user', content: 'b' }] });
    assert.equal(first.tools, second.tools);
    assert.ok(Object.isFrozen(second.tools) && Object.isFrozen(second.tools[0]));
    assert.ok(!Object.isFrozen(second.messages));
  });

  it('keeps no more than its limits, and never keeps a value above a quarter of its character budget', () => {
    const cache = createLargeValueCache({ entries: 2, chars: 100_000 });
    const list = (tag: string, count: number) => JSON.stringify(Array.from({ length: count }, (_, i) => ({ tag, i })));
    const a = cache.decode(list('a', 300));
    assert.equal(cache.decode(list('a', 300)), a, 'a hit gives the same frozen value');
    cache.decode(list('b', 300));
    cache.decode(list('c', 300));
    assert.notEqual(cache.decode(list('a', 300)), a, 'two newer entries pushed it out');
    const huge = list('h', 2000);
    assert.ok(huge.length > 25_000);
    const first = cache.decode(huge);
    assert.notEqual(cache.decode(huge), first);
    assert.equal(Object.isFrozen(first), false);
  });

  it('reports a broken long literal as invalid JSON', () => {
    const largeValues = createLargeValueCache();
    assert.throws(
      () => parseJsonBody(`{"a": "${'x'.repeat(5000)}\\q"}`, { largeValues }),
      (error: Error & { code?: string }) => error.code === 'INVALID_JSON',
    );
  });
});
