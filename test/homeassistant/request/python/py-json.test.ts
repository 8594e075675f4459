// Tests of Python-compatible `json.dumps`.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pyFloat } from '../../../../src/homeassistant/request/python/py-float.ts';
import { pyJsonDumps } from '../../../../src/homeassistant/request/python/py-json.ts';

describe('pyJsonDumps', () => {
  it('matches Python json.dumps: separators, ASCII escapes, ints and floats', () => {
    const value = {
      a: 'Küche °C 😀 \t\n"\\ \x7f \x01',
      b: [1, pyFloat(2), 0.1, true, null, {}],
      c: pyFloat(1e16),
      d: pyFloat(1e-5),
      e: pyFloat(NaN),
      f: pyFloat(Infinity),
      g: pyFloat(-0),
      h: 1e21,
    };
    // Printed by Python 3.11: json.dumps({...the same dict...})
    const expected =
      '{"a": "K\\u00fcche \\u00b0C \\ud83d\\ude00 \\t\\n\\"\\\\ \\u007f \\u0001", "b": [1, 2.0, 0.1, true, null, {}], ' +
      '"c": 1e+16, "d": 1e-05, "e": NaN, "f": Infinity, "g": -0.0, "h": 1000000000000000000000}';
    assert.equal(pyJsonDumps(value), expected);
  });

  it('skips undefined members', () => {
    assert.equal(pyJsonDumps({ a: 1, b: undefined }), '{"a": 1}');
  });
});
