// The date/time and satellite-area sentences of a system prompt.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readDateTime, readSatelliteArea } from '../../../../src/homeassistant/request/prompt/prompt-lines.ts';

describe('readDateTime', () => {
  const rows: [string, unknown][] = [
    [
      "Current time is 18:42:07. Today's date is 2026-03-14.\nYou are a voice assistant",
      { date: '2026-03-14', time: '18:42:07' },
    ],
    ["…\n\nCurrent time is 08:15:42. Today's date is 2025-11-20.", { date: '2025-11-20', time: '08:15:42' }],
    ['Current Time: 2026-03-14 18:42:07.481516+01:00\n', { date: '2026-03-14', time: '18:42:07' }],
    ['No clock here.', undefined],
  ];
  for (const [text, expected] of rows)
    it(`reads ${JSON.stringify(text.slice(0, 40))}`, () => assert.deepEqual(readDateTime(text), expected));
});

describe('readSatelliteArea', () => {
  it('reads the area and floor', () => {
    assert.deepEqual(
      readSatelliteArea(
        "You are in area Kitchen (floor Ground Floor) and all generic commands like 'turn on the lights' should target this area.",
      ),
      { area: 'Kitchen', floor: 'Ground Floor' },
    );
  });
  it('reads an area without a floor', () => {
    assert.deepEqual(
      readSatelliteArea(
        "You are in area Living Room and all generic commands like 'turn on the lights' should target this area.",
      ),
      { area: 'Living Room' },
    );
  });
  it('finds nothing in a text chat prompt', () => {
    assert.equal(
      readSatelliteArea('When a user asks to turn on all devices of a specific type, ask user to specify an area'),
      undefined,
    );
  });
});
