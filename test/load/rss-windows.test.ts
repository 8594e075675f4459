// The load benchmark's memory figures: medians over the run's first and last windows, not two single readings.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rssWindows } from '../../bench/support/load.ts';

describe('rssWindows', () => {
  it('takes the median of a quarter of the run at each end, at most 10 s', () => {
    const rising = Array.from({ length: 41 }, (_, index) => 100 + index);
    // 20 s: windows of 5 s = 10 samples at 500 ms.
    assert.deepEqual(rssWindows(rising, 20), [105, 136]);
    // 60 s: 10 s = 20 samples.
    const long = Array.from({ length: 121 }, (_, index) => 100 + index);
    assert.deepEqual(rssWindows(long, 60), [110, 211]);
  });

  it('is not moved by one collection in a window', () => {
    const sawtooth = [
      150, 220, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 90,
    ];
    assert.deepEqual(rssWindows(sawtooth, 20), [150, 150]);
  });
});
