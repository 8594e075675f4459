// Python's number formatting in the Jinja evaluator: round() with ties to even (the round filter) and float repr.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pyRound } from '../../../src/hassil/jinja/filters.ts';
import { floatRepr } from '../../../src/hassil/python/float-repr.ts';

describe('Python number formatting', () => {
  it('rounds exact ties to even and everything else correctly', () => {
    const rows: [number, number, number][] = [
      [20.25, 1, 20.2],
      [20.35, 1, 20.4],
      [0.125, 2, 0.12],
      [2.5, 0, 2],
      [3.5, 0, 4],
      [-20.25, 1, -20.2],
      [22.04, 1, 22],
      [0.15, 1, 0.1],
    ];
    for (const [x, digits, expected] of rows) assert.equal(pyRound(x, digits), expected, `round(${x}, ${digits})`);
  });

  it('prints floats as repr does', () => {
    const rows: [number, string][] = [
      [22, '22.0'],
      [20.5, '20.5'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [1e16, '1e+16'],
      [123456789012345.6, '123456789012345.6'],
      [-0, '-0.0'],
    ];
    for (const [x, expected] of rows) assert.equal(floatRepr(x), expected);
  });
});
