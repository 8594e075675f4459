// Tests of Python's `repr(float)` against a table of Python's own output.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { floatRepr } from '../../../src/hassil/python/float-repr.ts';

// One Python repr per line (test/data/python-formats/generate.py). Each line is also its input: Python's repr
// reads back to the same double, and JS's Number() reads decimal text with the same correct rounding.
const TABLE = readFileSync(new URL('../../data/python-formats/float-repr.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '');

/** The double a Python float repr denotes. */
function readRepr(text: string): number {
  return Number(text.replace('inf', 'Infinity').replace('nan', 'NaN'));
}

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

describe('floatRepr on known values', () => {
  it('prints floats as Python repr() does', () => {
    for (const [value, expected] of REPR) assert.equal(floatRepr(value), expected, String(value));
  });
});

describe('floatRepr', () => {
  it('holds over 100,000 floats', () => {
    assert.ok(TABLE.length >= 100_000, `only ${TABLE.length} rows`);
  });

  it("prints every float of the table as Python's repr does", () => {
    const wrong = TABLE.filter((text) => floatRepr(readRepr(text)) !== text);
    assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} of ${TABLE.length} differ`);
  });

  it('prints the last digit Python prints where toFixed would round the binary value differently', () => {
    assert.equal(floatRepr(226940606581761.62), '226940606581761.62');
    assert.equal(floatRepr(-1285772567628669.2), '-1285772567628669.2');
  });
});
