// Tests of the seeded PRNG.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRandom } from '../../src/demo-home/prng.ts';

describe('createRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRandom(seed).next);
    assert.deepEqual(draw(7), draw(7));
    assert.notDeepEqual(draw(7), draw(8));
  });

  it('implements mulberry32 (first value for seed 1)', () => {
    // mulberry32(1)() computed with the reference implementation.
    assert.equal(createRandom(1).next(), 0.6270739405881613);
  });

  it('keeps draws in range', () => {
    const random = createRandom(3);
    for (let index = 0; index < 1000; index += 1) {
      const value = random.between(2, 4);
      assert.ok(value >= 2 && value <= 4);
      assert.ok(['a', 'b'].includes(random.pick(['a', 'b'])));
      assert.equal(
        random.weighted(['x', 'y'], (item) => (item === 'x' ? 1 : 0)),
        'x',
      );
    }
  });
});
