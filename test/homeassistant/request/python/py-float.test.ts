// Tests of Python float formatting: `repr(float)` and the float marker.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatPyFloat,
  formatPyInt,
  isPyFloat,
  pyFloat,
} from '../../../../src/homeassistant/request/python/py-float.ts';

// value → Python 3.11 `repr(value)`.
const REPR: readonly [number, string][] = [
  [21, '21.0'],
  [0.1, '0.1'],
  [1e16, '1e+16'],
  [1e15, '1000000000000000.0'],
  [1234567890123456, '1234567890123456.0'],
  [1e-5, '1e-05'],
  [0.0001, '0.0001'],
  [0.00012345, '0.00012345'],
  [5e-324, '5e-324'],
  [1.7976931348623157e308, '1.7976931348623157e+308'],
  [-2.5, '-2.5'],
  [100, '100.0'],
  [1e22, '1e+22'],
  // biome-ignore lint/correctness/noPrecisionLoss: the literal is rounded to a double on purpose, as Python does
  [123456789012345678, '1.2345678901234568e+17'],
  [0.3, '0.3'],
  [-0, '-0.0'],
  [NaN, 'nan'],
  [Infinity, 'inf'],
  [-Infinity, '-inf'],
];

describe('formatPyFloat', () => {
  it('prints floats as Python repr() does', () => {
    for (const [value, expected] of REPR) assert.equal(formatPyFloat(value), expected, String(value));
  });
});

describe('formatPyInt', () => {
  it('prints all digits of large ints', () => {
    assert.equal(formatPyInt(255), '255');
    assert.equal(formatPyInt(1e21), '1000000000000000000000');
  });
});

describe('isPyFloat', () => {
  it('treats PyFloat and non-integral numbers as floats, integral numbers as ints', () => {
    assert.equal(isPyFloat(pyFloat(21)), true);
    assert.equal(isPyFloat(20.5), true);
    assert.equal(isPyFloat(21), false);
    assert.equal(isPyFloat('21.0'), false);
  });
});
