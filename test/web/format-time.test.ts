// How the page writes a server time: the instant in the browser's time zone and locale, to the second; text that
// is not a time stays as it is.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatTime } from '../../web/src/format-time.ts';

// Node's test runner runs each file in its own process, so the time zone set here stays in this file.
function inZone<T>(zone: string, run: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('formatTime', () => {
  it('gives back text that is not a time as it is', () => {
    for (const text of ['', 'soon', 'not a time', '2026-13-45T99:00:00Z']) assert.equal(formatTime(text), text);
  });

  it('writes the local time, not the time as the server wrote it', () => {
    // 12:00 UTC is 17:30 in India: only a local rendering has the half hour.
    const utc = inZone('UTC', () => formatTime('2026-01-08T12:00:00Z'));
    const india = inZone('Asia/Kolkata', () => formatTime('2026-01-08T12:00:00Z'));
    assert.match(utc, /:00:00/);
    assert.match(india, /:30:00/);
    assert.notEqual(utc, india);
  });

  it('writes the same instant the same way, whatever offset the server wrote it with', () => {
    inZone('Europe/Berlin', () => {
      assert.equal(formatTime('2026-01-08T13:00:00+01:00'), formatTime('2026-01-08T12:00:00Z'));
      assert.equal(formatTime('2026-01-08T12:00:00.000Z'), formatTime('2026-01-08T12:00:00Z'));
    });
  });

  it("writes the date and the time to the second in the runtime's locale", () => {
    const iso = '2026-01-08T12:34:56Z';
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    };
    // The format is made inside the zone: a DateTimeFormat keeps the zone it was made in.
    inZone('UTC', () =>
      assert.equal(formatTime(iso), new Intl.DateTimeFormat(undefined, options).format(Date.parse(iso))),
    );
  });

  const locale = new Intl.DateTimeFormat().resolvedOptions().locale;
  it('writes en-US as month/day/year and a 12-hour clock', { skip: locale !== 'en-US' && `locale ${locale}` }, () => {
    inZone('UTC', () => assert.equal(formatTime('2026-01-08T15:04:05Z'), '1/8/2026, 3:04:05 PM'));
  });
});
