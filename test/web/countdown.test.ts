// A proposal's countdown: minutes and seconds left, hours when needed, "expired" from the expiry time on.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatCountdown } from '../../web/src/countdown.ts';

const NOW = Date.parse('2026-01-08T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('formatCountdown', () => {
  const table: [string, string, string][] = [
    ['14 min 32 s left', at(872_000), 'expires in 14:32'],
    ['a few seconds left, padded', at(5_000), 'expires in 0:05'],
    ['a fraction of a second counts as a second', at(59_001), 'expires in 1:00'],
    ['one minute', at(60_000), 'expires in 1:00'],
    ['just under an hour', at(3_599_000), 'expires in 59:59'],
    ['one hour, minutes padded too', at(3_600_000), 'expires in 1:00:00'],
    ['1 h 1 min 1 s', at(3_661_000), 'expires in 1:01:01'],
    ['more than a day, in hours', at(90_000_000), 'expires in 25:00:00'],
    ['an expiry with an offset', '2026-01-08T13:14:32+01:00', 'expires in 14:32'],
    ['at the expiry time', at(0), 'expired'],
    ['after the expiry time', at(-1_000), 'expired'],
    ['long after the expiry time', at(-7_200_000), 'expired'],
    ['an expiry that is not a time', 'soon', 'expired'],
    ['an empty expiry', '', 'expired'],
  ];
  for (const [name, expiresAt, words] of table) {
    it(`${name}: ${words}`, () => assert.equal(formatCountdown(expiresAt, NOW), words));
  }

  it('does not say "expired" while time is left', () => {
    assert.notEqual(formatCountdown(at(999), NOW), 'expired');
    assert.notEqual(formatCountdown(at(1), NOW), 'expired');
  });
});
