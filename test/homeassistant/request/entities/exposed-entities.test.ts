// Tests of the overview list: HA's sort order, omitted domains, key order and attribute conversion.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareCodePoints,
  listedEntities,
  overviewItems,
} from '../../../../src/homeassistant/request/entities/exposed-entities.ts';
import type { Entity, Home } from '../../../../src/homeassistant/request/entities/home-model.ts';
import { pyFloat } from '../../../../src/homeassistant/request/python/py-float.ts';

/** A minimal entity. */
function entity(entityId: string, name: string, extra: Partial<Entity> = {}): Entity {
  return { entityId, name, aliases: [], domain: entityId.split('.')[0] ?? '', state: 'on', attributes: {}, ...extra };
}

describe('listedEntities', () => {
  it('sorts by code point like Python (uppercase before lowercase, BMP private use before emoji) and keeps ties stable', () => {
    const home: Home = {
      areas: [],
      entities: [
        entity('light.b', 'lamp'),
        entity('light.c', '\u{1f600} Party'),
        entity('light.d', '\ue000 Private'),
        entity('light.a', 'Lamp'),
        entity('switch.a', 'Lamp'),
        entity('light.e', 'Äpfel'),
      ],
    };
    assert.deepEqual(
      listedEntities(home).map((item) => item.entityId),
      ['light.a', 'switch.a', 'light.b', 'light.e', 'light.d', 'light.c'],
    );
    assert.ok(compareCodePoints('\ue000', '\u{1f600}') < 0);
    assert.ok('\ue000' > '\u{1f600}', 'JS UTF-16 order differs, which is why compareCodePoints exists');
  });

  it('leaves out scripts and calendars but keeps todo lists', () => {
    const home: Home = {
      areas: [],
      entities: [entity('script.x', 'X'), entity('calendar.y', 'Y'), entity('todo.z', 'Z')],
    };
    assert.deepEqual(
      listedEntities(home).map((item) => item.entityId),
      ['todo.z'],
    );
  });
});

describe('overviewItems', () => {
  const home: Home = {
    areas: [{ name: 'Living Room', aliases: ['Lounge', 'Den'] }],
    entities: [
      entity('climate.t', 'Thermostat', {
        area: 'Living Room',
        aliases: ['Heating'],
        state: 'heat',
        attributes: {
          hvac_action: 'heating',
          current_temperature: 20.5,
          temperature: pyFloat(21),
          is_on: true,
          brightness: 255,
          media_title: null,
        },
        deviceClass: 'x',
      }),
    ],
  };

  it('writes names, domain and areas without state', () => {
    assert.deepEqual(overviewItems(home, { includeState: false }), [
      { names: 'Thermostat, Heating', domain: 'climate', areas: 'Living Room, Lounge, Den' },
    ]);
  });

  it('adds state after domain and the interesting attributes after areas, ints as strings and floats as numbers', () => {
    const [item] = overviewItems(home, { includeState: true });
    assert.deepEqual(Object.keys(item ?? {}), ['names', 'domain', 'state', 'areas', 'attributes']);
    assert.deepEqual((item as Record<string, unknown>).attributes, {
      current_temperature: 20.5,
      temperature: pyFloat(21),
      brightness: '255',
      media_title: null,
      device_class: 'x',
    });
  });
});
