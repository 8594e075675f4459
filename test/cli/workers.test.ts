// The wait before a dead worker is replaced: at once after a worker that ran a while, doubling while they die at start.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RESTART_DELAY_MS, restartDelayMs } from '../../src/cli/workers.ts';

describe('restartDelayMs', () => {
  const rows: [quickDeaths: number, delayMs: number][] = [
    [0, 0],
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 32_000],
    [7, 60_000],
    [50, 60_000],
  ];
  for (const [quickDeaths, delayMs] of rows)
    it(`${quickDeaths} quick death(s) in a row: ${delayMs} ms`, () => {
      assert.equal(restartDelayMs(quickDeaths), delayMs);
    });

  it('never waits longer than the maximum, so a worker that recovers is back within a minute', () => {
    assert.equal(RESTART_DELAY_MS.max, 60_000);
    assert.equal(restartDelayMs(10_000), RESTART_DELAY_MS.max);
  });
});
