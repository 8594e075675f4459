// isRecord: objects other than null and arrays.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isRecord } from '../../src/common/index.ts';

describe('isRecord', () => {
  const rows: [string, unknown, boolean][] = [
    ['an empty object', {}, true],
    ['a parsed JSON object', JSON.parse('{"a": 1}'), true],
    ['an object without a prototype', Object.create(null), true],
    ['null', null, false],
    ['undefined', undefined, false],
    ['an array', [1, 2], false],
    ['a string', 'text', false],
    ['a number', 0, false],
    ['a function', () => 1, false],
  ];
  for (const [name, value, expected] of rows) {
    it(`${name}: ${expected}`, () => assert.equal(isRecord(value), expected));
  }
});
