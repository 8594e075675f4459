// Tests of the estimating token counter: characters divided by 3.5, rounded up.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEstimateCounter } from '../../../src/backends/index.ts';

describe('createEstimateCounter', () => {
  const counter = createEstimateCounter();
  const ROWS: [string, number][] = [
    ['', 0],
    ['a', 1],
    ['abcdefg', 2],
    ['abcdefgh', 3],
    ['x'.repeat(35), 10],
    ['🙂🙂🙂🙂', 2],
  ];
  for (const [text, expected] of ROWS) {
    it(`estimates ${JSON.stringify(text.slice(0, 12))} (${[...text].length} chars) as ${expected}`, async () => {
      assert.equal(await counter.count(text), expected);
    });
  }

  it('says it only estimates', () => assert.equal(counter.source, 'estimate'));
});
