// Stage timings from the events as received, and the median and 90th percentile of a bench.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stageTimings, summarize } from '../../src/services/index.ts';

describe('stageTimings', () => {
  it('times each stage that ran and the whole run, rounded to milliseconds', () => {
    const events = [
      ['run-start', 0],
      ['stt-start', 1.2],
      ['stt-vad-start', 100],
      ['stt-end', 900.6],
      ['intent-start', 901],
      ['intent-end', 951.4],
      ['run-end', 960],
    ].map(([type, at]) => ({ type: type as string, at: at as number }));
    assert.deepEqual(stageTimings(events), { stt: 899, intent: 50, run: 960 });
  });

  it('leaves out a stage without its end (an error cut it short)', () => {
    assert.deepEqual(
      stageTimings([
        { type: 'intent-start', at: 3 },
        { type: 'error', at: 9 },
      ]),
      {},
    );
  });
});

describe('summarize', () => {
  it('gives the nearest-rank median and 90th percentile', () => {
    assert.deepEqual(summarize([5, 1, 4, 2, 3]), { median: 3, p90: 5 });
    assert.deepEqual(summarize(Array.from({ length: 20 }, (_, i) => i + 1)), { median: 10, p90: 18 });
    assert.deepEqual(summarize([7]), { median: 7, p90: 7 });
    assert.equal(summarize([]), undefined);
  });
});
