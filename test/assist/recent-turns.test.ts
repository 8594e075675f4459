// The record of recent HA-Assist turns behind the page's chart: bounded, oldest first, the oldest dropped when full.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRecentTurns } from '../../src/assist/index.ts';
import { createFakeClock } from '../fakes/clock/index.ts';

describe('createRecentTurns', () => {
  it('keeps the latest turns, oldest first, with the time each was answered', () => {
    const clock = createFakeClock(Date.parse('2026-01-08T12:00:00Z'));
    const recent = createRecentTurns(3, clock);
    assert.deepEqual(recent.list(), []);
    for (let ms = 1; ms <= 7; ms++) {
      recent.add({ route: ms % 2 === 0 ? 'llm' : 'direct', ms, source: 'api' });
      clock.advance(1000);
      const kept = recent.list().map((turn) => turn.ms);
      assert.deepEqual(
        kept,
        Array.from({ length: Math.min(ms, 3) }, (_, index) => ms - Math.min(ms, 3) + 1 + index),
      );
    }
    assert.deepEqual(recent.list()[0], { at: '2026-01-08T12:00:04.000Z', route: 'direct', ms: 5, source: 'api' });
  });
});
