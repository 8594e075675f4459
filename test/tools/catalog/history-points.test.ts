// A history's summary: at most 100 evenly spread points (first and last kept), and numeric min, max and mean.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeHistory } from '../../../src/tools/catalog/history-points.ts';

const rows = (states: string[]) => states.map((state, index) => ({ state, last_changed: `t${index}` }));

describe('summarizeHistory', () => {
  it('keeps a short history whole, with the numbers summarised', () => {
    assert.deepEqual(summarizeHistory(rows(['20.5', 'unavailable', '21.5', '19'])), {
      total: 4,
      points: [
        { state: '20.5', at: 't0' },
        { state: 'unavailable', at: 't1' },
        { state: '21.5', at: 't2' },
        { state: '19', at: 't3' },
      ],
      numeric: { min: 19, max: 21.5, mean: 20.333, readings: 3 },
    });
  });

  it('gives no numbers for words', () => {
    assert.equal(summarizeHistory(rows(['on', 'off', '3'])).numeric, undefined);
    assert.equal(summarizeHistory(rows(['unknown', 'unavailable'])).numeric, undefined);
    assert.deepEqual(summarizeHistory([]), { total: 0, points: [] });
  });

  it('spreads 336 readings over 100 points, keeping the first and the last, and summarises all 336', () => {
    const states = Array.from({ length: 336 }, (_, index) => String(index));
    const summary = summarizeHistory(rows(states));
    assert.equal(summary.points.length, 100);
    assert.deepEqual(summary.points[0], { state: '0', at: 't0' });
    assert.deepEqual(summary.points[99], { state: '335', at: 't335' });
    assert.deepEqual(summary.points[50], {
      state: String(Math.round((50 * 335) / 99)),
      at: `t${Math.round((50 * 335) / 99)}`,
    });
    assert.deepEqual(summary.numeric, { min: 0, max: 335, mean: 167.5, readings: 336 });
  });

  it('keeps exactly 100 rows as they are', () => {
    const summary = summarizeHistory(rows(Array.from({ length: 100 }, (_, index) => String(index))));
    assert.deepEqual(
      summary.points.map((point) => point.state),
      Array.from({ length: 100 }, (_, index) => String(index)),
    );
  });
});
