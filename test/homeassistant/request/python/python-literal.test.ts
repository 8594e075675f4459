// Python literal reading, as Extended OpenAI Conversation sends tool results.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePythonLiteral } from '../../../../src/homeassistant/request/python/python-literal.ts';

const ROWS: [string, unknown][] = [
  ["[{'success': True}]", [{ success: true }]],
  ["{'error': 'Service light.turn_of not found'}", { error: 'Service light.turn_of not found' }],
  ['{"a": None, "b": False, \'c\': -1.5e3}', { a: null, b: false, c: -1500 }],
  ["('x', 2)", ['x', 2]],
  ["{'s': 'it\\'s', 't': \"say \\\"hi\\\"\", 'u': 'caf\\xe9 \\u00b0C'}", { s: "it's", t: 'say "hi"', u: 'café °C' }],
  ['[1, 2, 3,]', [1, 2, 3]],
  ["{1: 'one'}", { 1: 'one' }],
  ['  [ ]  ', []],
  ["{'temp': 21.0, 'n': 1_000}", { temp: 21, n: 1000 }],
];

const NOT_LITERALS = [
  "[{'success': True}",
  'hello',
  "{'a' 1}",
  '[1] trailing',
  "{'a': Nope}",
  "'unterminated",
  '['.repeat(100) + ']'.repeat(100),
];

describe('parsePythonLiteral', () => {
  for (const [text, expected] of ROWS) {
    it(`reads ${text}`, () => assert.deepEqual(parsePythonLiteral(text), expected));
  }
  for (const text of NOT_LITERALS) {
    it(`refuses ${text.slice(0, 30)}`, () => assert.equal(parsePythonLiteral(text), undefined));
  }
});
