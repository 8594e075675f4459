// Tests of the Python float marker and `str(int)` (`repr(float)` is tested with hassil's floatRepr).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatPyInt, isPyFloat, pyFloat } from '../../../../src/homeassistant/request/python/py-float.ts';

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
