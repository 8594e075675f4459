// Finding where a text stops being JSON: positions, and agreement with JSON.parse on what JSON is.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { findJsonSyntaxError, type JsonSyntaxError } from '../../../src/tools/policy/json-syntax-error.ts';

describe('findJsonSyntaxError', () => {
  const rows: [string, JsonSyntaxError | undefined][] = [
    ['{"a": [1, 2.5e3, -0, true, false, null, "x\\u00e9\\n"]}', undefined],
    [' \n 3 \r\n', undefined],
    ['"\\""', undefined],
    ['{"a": }', { line: 1, column: 7, found: '"}"' }],
    ['{\n  "a": 1,\n}', { line: 3, column: 1, found: '"}"' }],
    ['[1,]', { line: 1, column: 4, found: '"]"' }],
    ['[1 2]', { line: 1, column: 4, found: '"2"' }],
    ['{"a" 1}', { line: 1, column: 6, found: '"1"' }],
    ['{1: 2}', { line: 1, column: 2, found: '"1"' }],
    ['{"a": 01}', { line: 1, column: 8, found: '"1"' }],
    ['{"a": "x\ny"}', { line: 1, column: 7, found: '"\\""' }],
    ['{"a": "\\x"}', { line: 1, column: 7, found: '"\\""' }],
    ['{"a": [1, 2}', { line: 1, column: 12, found: '"}"' }],
    ['{"a": 1}}', { line: 1, column: 9, found: '"}"' }],
    ['\uFEFF{}', { line: 1, column: 1, found: '"\uFEFF"' }],
    ['{\n  "a": [\n', { line: 2, column: 9, found: 'end of the text' }],
    ['', { line: 1, column: 1, found: 'end of the text' }],
    ['\n\n', { line: 1, column: 1, found: 'end of the text' }],
  ];
  for (const [text, expected] of rows)
    it(JSON.stringify(text), () => assert.deepEqual(findJsonSyntaxError(text), expected));

  it('agrees with JSON.parse on valid JSON and on JSON with a character inserted, changed or removed', () => {
    const edited = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '0', 'x', ' ', '\n', '\\', '{', '['))
      .map(([json, at, char]) => {
        const i = json.length === 0 ? 0 : at % json.length;
        return at % 3 === 0 ? json.slice(0, i) + char + json.slice(i) : json.slice(0, i) + char + json.slice(i + 1);
      });
    fc.assert(
      fc.property(fc.oneof(fc.json(), edited), (text) => {
        let isJson = true;
        try {
          JSON.parse(text);
        } catch {
          isJson = false;
        }
        assert.equal(findJsonSyntaxError(text) === undefined, isJson, text);
      }),
      { numRuns: 2000, seed: 20_240_611 },
    );
  });
});
