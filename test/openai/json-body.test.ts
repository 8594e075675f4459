// Reading request bodies: nesting is measured outside strings only, and errors say what is wrong.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonBody } from '../../src/openai/index.ts';

describe('parseJsonBody', () => {
  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{ \\" ]]]] "[[[[', b: [[1]] });
    assert.deepEqual(parseJsonBody(text, 3), { a: '[[[[{{{{ \\" ]]]] "[[[[', b: [[1]] });
  });

  it('refuses nesting past the limit, wherever it is', () => {
    assert.throws(() => parseJsonBody('{"a": [[[1]]]}', 3), (error: Error & { code?: string }) => error.code === 'JSON_TOO_DEEP');
    assert.throws(() => parseJsonBody('{"s": "x\\\\", "a": [[[1]]]}', 3), (error: Error & { code?: string }) => error.code === 'JSON_TOO_DEEP', 'an escaped backslash ends the string');
  });

  it('reports text that is not JSON, even an unterminated string', () => {
    assert.throws(() => parseJsonBody('{"a": "open', 64), (error: Error & { code?: string }) => error.code === 'INVALID_JSON');
    assert.throws(() => parseJsonBody('not json', 64), (error: Error & { code?: string }) => error.code === 'INVALID_JSON');
  });
});
