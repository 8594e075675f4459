// Tests of the fixed demo home: small, friendly, consistent, and covering the common device types.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_HOME } from '../../src/demo-home/demo-home.ts';

describe('DEMO_HOME', () => {
  it('has about 20 entities in 5–6 areas, every area used and every entity area known', () => {
    assert.ok(DEMO_HOME.entities.length >= 18 && DEMO_HOME.entities.length <= 25);
    assert.ok(DEMO_HOME.areas.length >= 5 && DEMO_HOME.areas.length <= 6);
    const areaNames = new Set(DEMO_HOME.areas.map((area) => area.name));
    for (const entity of DEMO_HOME.entities)
      if (entity.area !== undefined) assert.ok(areaNames.has(entity.area), entity.name);
    for (const area of areaNames)
      assert.ok(
        DEMO_HOME.entities.some((entity) => entity.area === area),
        area,
      );
  });

  it('has a thermostat, a temperature sensor, blinds, a fan, a media player, a lock, a todo list and a weather entity', () => {
    const has = (domain: string, deviceClass?: string) =>
      DEMO_HOME.entities.some(
        (entity) => entity.domain === domain && (deviceClass === undefined || entity.deviceClass === deviceClass),
      );
    assert.ok(has('climate') && has('sensor', 'temperature') && has('cover', 'blind') && has('fan'));
    assert.ok(has('media_player') && has('lock') && has('todo') && has('weather'));
    assert.ok(DEMO_HOME.entities.some((entity) => entity.aliases.length > 0));
    assert.ok(DEMO_HOME.areas.some((area) => area.aliases.length > 0));
  });

  it('has unique names and entity ids that match their domains', () => {
    assert.equal(new Set(DEMO_HOME.entities.map((entity) => entity.name)).size, DEMO_HOME.entities.length);
    assert.equal(new Set(DEMO_HOME.entities.map((entity) => entity.entityId)).size, DEMO_HOME.entities.length);
    for (const entity of DEMO_HOME.entities) assert.ok(entity.entityId.startsWith(`${entity.domain}.`));
  });
});
