// The paths of the entity reads: entity ids checked, times in HA's spelling and percent-encoded.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  haTime,
  historyPath,
  isValidEntityId,
  logbookPath,
  statePath,
} from '../../../src/homeassistant/rest/read-paths.ts';

const WINDOW = {
  entityId: 'sensor.outdoor_temperature_2',
  start: new Date('2026-03-01T05:30:00.250Z'),
  end: new Date('2026-03-01T06:30:00Z'),
};

describe('isValidEntityId', () => {
  const rows: [string, boolean][] = [
    ['light.kitchen', true],
    ['sensor.outdoor_temperature_2', true],
    ['binary_sensor.door_1', true],
    ['light', false],
    ['Light.Kitchen', false],
    ['light.kitchen.extra', false],
    ['light.küche', false],
    ['light.kitchen ', false],
    ['light.kitchen%2F..', false],
    ['.kitchen', false],
    ['', false],
  ];
  for (const [entityId, expected] of rows) {
    it(`${JSON.stringify(entityId)}: ${expected}`, () => assert.equal(isValidEntityId(entityId), expected));
  }
});

describe('the paths', () => {
  it('writes times as HA does, with +00:00', () => {
    assert.equal(haTime(WINDOW.start), '2026-03-01T05:30:00.250+00:00');
  });

  it('builds each path, encoding : and +', () => {
    assert.deepEqual(statePath('light.kitchen'), { ok: true, path: '/api/states/light.kitchen' });
    assert.deepEqual(historyPath(WINDOW), {
      ok: true,
      path:
        '/api/history/period/2026-03-01T05%3A30%3A00.250%2B00%3A00?filter_entity_id=sensor.outdoor_temperature_2' +
        '&end_time=2026-03-01T06%3A30%3A00.000%2B00%3A00&minimal_response&no_attributes',
    });
    assert.deepEqual(logbookPath(WINDOW), {
      ok: true,
      path:
        '/api/logbook/2026-03-01T05%3A30%3A00.250%2B00%3A00?entity=sensor.outdoor_temperature_2' +
        '&end_time=2026-03-01T06%3A30%3A00.000%2B00%3A00',
    });
  });

  it('refuses a bad entity id as not-found and an invalid time as refused, quoting only the start of a long id', () => {
    const long = `light.${'x'.repeat(100)}!`;
    const refused = statePath(long);
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.failure, 'not-found');
    assert.equal(!refused.ok && refused.reason.includes('x'.repeat(70)), false);
    const badTime = logbookPath({ ...WINDOW, start: new Date('not a time') });
    assert.equal(!badTime.ok && badTime.failure, 'refused');
  });
});
