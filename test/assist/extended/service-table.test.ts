// The service table: which service carries out an intent on a domain, and how the sentence's values become its data.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  EXECUTE_SERVICES,
  intentOfCall,
  intentsOfService,
  isServicesTool,
  SERVICE_TABLE,
  serviceDataOf,
  serviceRowOf,
  serviceValuesOf,
} from '../../../src/assist/extended/index.ts';

/** [intent, domain, service, slot → field, fixed fields] for every row the table has, one domain per line. */
const ROWS: [string, string, string, Record<string, string>?, Record<string, unknown>?][] = [
  ['HassTurnOn', 'light', 'turn_on'],
  ['HassTurnOn', 'switch', 'turn_on'],
  ['HassTurnOn', 'fan', 'turn_on'],
  ['HassTurnOn', 'input_boolean', 'turn_on'],
  ['HassTurnOn', 'media_player', 'turn_on'],
  ['HassTurnOn', 'climate', 'turn_on'],
  ['HassTurnOn', 'humidifier', 'turn_on'],
  ['HassTurnOn', 'water_heater', 'turn_on'],
  ['HassTurnOn', 'siren', 'turn_on'],
  ['HassTurnOn', 'automation', 'turn_on'],
  ['HassTurnOn', 'remote', 'turn_on'],
  ['HassTurnOn', 'scene', 'turn_on'],
  ['HassTurnOn', 'script', 'turn_on'],
  ['HassTurnOn', 'cover', 'open_cover'],
  ['HassTurnOn', 'valve', 'open_valve'],
  ['HassTurnOn', 'lock', 'lock'],
  ['HassTurnOn', 'button', 'press'],
  ['HassTurnOn', 'input_button', 'press'],
  ['HassTurnOn', 'vacuum', 'start'],
  ['HassTurnOn', 'lawn_mower', 'start_mowing'],
  ['HassTurnOff', 'light', 'turn_off'],
  ['HassTurnOff', 'switch', 'turn_off'],
  ['HassTurnOff', 'fan', 'turn_off'],
  ['HassTurnOff', 'input_boolean', 'turn_off'],
  ['HassTurnOff', 'media_player', 'turn_off'],
  ['HassTurnOff', 'climate', 'turn_off'],
  ['HassTurnOff', 'humidifier', 'turn_off'],
  ['HassTurnOff', 'water_heater', 'turn_off'],
  ['HassTurnOff', 'siren', 'turn_off'],
  ['HassTurnOff', 'automation', 'turn_off'],
  ['HassTurnOff', 'remote', 'turn_off'],
  ['HassTurnOff', 'script', 'turn_off'],
  ['HassTurnOff', 'cover', 'close_cover'],
  ['HassTurnOff', 'valve', 'close_valve'],
  ['HassTurnOff', 'lock', 'unlock'],
  ['HassTurnOff', 'vacuum', 'return_to_base'],
  ['HassTurnOff', 'lawn_mower', 'dock'],
  ['HassToggle', 'light', 'toggle'],
  ['HassToggle', 'switch', 'toggle'],
  ['HassToggle', 'fan', 'toggle'],
  ['HassToggle', 'input_boolean', 'toggle'],
  ['HassToggle', 'media_player', 'toggle'],
  ['HassToggle', 'climate', 'toggle'],
  ['HassToggle', 'humidifier', 'toggle'],
  ['HassToggle', 'water_heater', 'toggle'],
  ['HassToggle', 'siren', 'toggle'],
  ['HassToggle', 'automation', 'toggle'],
  ['HassToggle', 'remote', 'toggle'],
  ['HassToggle', 'cover', 'toggle'],
  ['HassToggle', 'valve', 'toggle'],
  [
    'HassLightSet',
    'light',
    'turn_on',
    { brightness: 'brightness_pct', color: 'color_name', temperature: 'color_temp_kelvin' },
  ],
  ['HassSetPosition', 'cover', 'set_cover_position', { position: 'position' }],
  ['HassSetPosition', 'valve', 'set_valve_position', { position: 'position' }],
  ['HassStopMoving', 'cover', 'stop_cover'],
  ['HassStopMoving', 'valve', 'stop_valve'],
  ['HassClimateSetTemperature', 'climate', 'set_temperature', { temperature: 'temperature' }],
  ['HassFanSetSpeed', 'fan', 'set_percentage', { percentage: 'percentage' }],
  ['HassMediaPause', 'media_player', 'media_pause'],
  ['HassMediaUnpause', 'media_player', 'media_play'],
  ['HassMediaNext', 'media_player', 'media_next_track'],
  ['HassMediaPrevious', 'media_player', 'media_previous_track'],
  ['HassSetVolume', 'media_player', 'volume_set', { volume_level: 'volume_level' }],
  ['HassMediaPlayerMute', 'media_player', 'volume_mute', {}, { is_volume_muted: true }],
  ['HassMediaPlayerUnmute', 'media_player', 'volume_mute', {}, { is_volume_muted: false }],
  ['HassVacuumStart', 'vacuum', 'start'],
  ['HassVacuumReturnToBase', 'vacuum', 'return_to_base'],
  ['HassLawnMowerStartMowing', 'lawn_mower', 'start_mowing'],
  ['HassLawnMowerDock', 'lawn_mower', 'dock'],
  ['HassListAddItem', 'todo', 'add_item', { item: 'item' }],
  ['HassShoppingListAddItem', 'todo', 'add_item', { item: 'item' }],
  ['HassListCompleteItem', 'todo', 'update_item', { item: 'item' }, { status: 'completed' }],
  ['HassShoppingListCompleteItem', 'todo', 'update_item', { item: 'item' }, { status: 'completed' }],
  ['HassListRemoveItem', 'todo', 'remove_item', { item: 'item' }],
];

describe('SERVICE_TABLE: intent + domain → domain.service and its data fields', () => {
  for (const [intent, domain, service, fields = {}, fixed = {}] of ROWS)
    it(`${intent} on ${domain} → ${domain}.${service}`, () => {
      const row = serviceRowOf(intent, domain);
      assert.ok(row !== undefined, `a row for ${intent} on ${domain}`);
      assert.equal(row.service, service);
      assert.deepEqual(
        Object.fromEntries(Object.entries(row.values ?? {}).map(([slot, value]) => [slot, value.field])),
        fields,
      );
      assert.deepEqual(row.fixed ?? {}, fixed);
    });

  it('lists every pair of the table above and no other', () => {
    const pairs = SERVICE_TABLE.flatMap((row) => row.domains.map((domain) => `${row.intent} ${domain}`));
    assert.deepEqual(pairs.sort(), ROWS.map(([intent, domain]) => `${intent} ${domain}`).sort());
  });

  it('volume is 0-100 in the sentence and 0..1 in volume_set: the row divides by 100', () => {
    assert.equal(serviceRowOf('HassSetVolume', 'media_player')?.values?.volume_level?.divideBy, 100);
    const divided = SERVICE_TABLE.filter((row) =>
      Object.values(row.values ?? {}).some((v) => v.divideBy !== undefined),
    );
    assert.deepEqual(
      divided.map((row) => row.intent),
      ['HassSetVolume'],
    );
  });

  const missing: [string, string][] = [
    ['HassTurnOn', 'sensor'],
    ['HassTurnOff', 'scene'],
    ['HassTurnOff', 'button'],
    ['HassLightSet', 'switch'],
    ['HassMediaPause', 'light'],
    ['HassGetState', 'light'],
  ];
  for (const [intent, domain] of missing)
    it(`${intent} on ${domain} has no row (the model takes the turn)`, () => {
      assert.equal(serviceRowOf(intent, domain), undefined);
    });
});

describe("serviceDataOf: the sentence's values as the row's service_data", () => {
  const rows: [string, string, Record<string, unknown>, Record<string, unknown> | string][] = [
    ['HassTurnOff', 'light', {}, {}],
    ['HassLightSet', 'light', { brightness: 70 }, { brightness_pct: 70 }],
    ['HassLightSet', 'light', { color: 'red' }, { color_name: 'red' }],
    ['HassLightSet', 'light', { temperature: 2700 }, { color_temp_kelvin: 2700 }],
    ['HassLightSet', 'light', { brightness: 40, color: 'blue' }, { brightness_pct: 40, color_name: 'blue' }],
    ['HassSetPosition', 'cover', { position: 0 }, { position: 0 }],
    ['HassSetPosition', 'valve', { position: 25 }, { position: 25 }],
    ['HassFanSetSpeed', 'fan', { percentage: 50 }, { percentage: 50 }],
    ['HassClimateSetTemperature', 'climate', { temperature: 21.5 }, { temperature: 21.5 }],
    ['HassSetVolume', 'media_player', { volume_level: 0 }, { volume_level: 0 }],
    ['HassSetVolume', 'media_player', { volume_level: 30 }, { volume_level: 0.3 }],
    ['HassSetVolume', 'media_player', { volume_level: 35 }, { volume_level: 0.35 }],
    ['HassSetVolume', 'media_player', { volume_level: 100 }, { volume_level: 1 }],
    ['HassSetVolume', 'media_player', { volume_level: 'loud' }, 'volume_level is not a number'],
    ['HassMediaPlayerMute', 'media_player', {}, { is_volume_muted: true }],
    ['HassMediaPlayerUnmute', 'media_player', {}, { is_volume_muted: false }],
    ['HassListAddItem', 'todo', { item: 'eggs' }, { item: 'eggs' }],
    ['HassShoppingListAddItem', 'todo', { item: 'milk' }, { item: 'milk' }],
    ['HassListCompleteItem', 'todo', { item: 'eggs' }, { item: 'eggs', status: 'completed' }],
    ['HassListRemoveItem', 'todo', { item: 'eggs' }, { item: 'eggs' }],
    ['HassTurnOn', 'light', { brightness: 70 }, 'turn_on takes no brightness'],
  ];
  for (const [intent, domain, values, expected] of rows)
    it(`${intent} on ${domain} with ${JSON.stringify(values)} → ${JSON.stringify(expected)}`, () => {
      const row = serviceRowOf(intent, domain);
      assert.ok(row !== undefined);
      assert.deepEqual(serviceDataOf(row, values), expected);
    });
});

describe("serviceValuesOf: the fields a call of a service must carry for the plan's values", () => {
  const rows: [string, string, Record<string, string | number>, Record<string, unknown>][] = [
    ['light', 'turn_on', { brightness: 70 }, { brightness_pct: 70 }],
    ['light', 'turn_on', { color: 'red' }, { color_name: 'red' }],
    ['light', 'turn_off', { brightness: 70 }, {}],
    ['media_player', 'volume_set', { volume_level: 30 }, { volume_level: 0.3 }],
    ['cover', 'set_cover_position', { position: 40 }, { position: 40 }],
    ['cover', 'open_cover', { position: 40 }, {}],
    ['todo', 'add_item', { item: 'eggs' }, { item: 'eggs' }],
    ['light', 'flash', { brightness: 70 }, {}],
  ];
  for (const [domain, service, values, expected] of rows)
    it(`${domain}.${service} with ${JSON.stringify(values)} → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(serviceValuesOf(domain, service, values), expected);
    });
});

describe('intentOfCall and intentsOfService: a service call read back as the intent it carries out', () => {
  const calls: [string, string, Record<string, unknown>, string | undefined][] = [
    ['light', 'turn_on', {}, 'HassTurnOn'],
    ['light', 'turn_on', { brightness_pct: 70 }, 'HassLightSet'],
    ['light', 'turn_on', { color_name: 'red' }, 'HassLightSet'],
    ['light', 'turn_on', { color_temp_kelvin: 2700 }, 'HassLightSet'],
    ['light', 'turn_on', { transition: 2 }, undefined],
    ['lock', 'unlock', {}, 'HassTurnOff'],
    ['cover', 'set_cover_position', { position: 30 }, 'HassSetPosition'],
    ['media_player', 'volume_set', { volume_level: 0.3 }, 'HassSetVolume'],
    ['media_player', 'volume_mute', { is_volume_muted: true }, 'HassMediaPlayerMute'],
    ['media_player', 'volume_mute', { is_volume_muted: false }, 'HassMediaPlayerUnmute'],
    ['todo', 'add_item', { item: 'eggs' }, 'HassListAddItem'],
    ['todo', 'update_item', { item: 'eggs', status: 'completed' }, 'HassListCompleteItem'],
    ['todo', 'update_item', { item: 'eggs', status: 'needs_action' }, undefined],
    ['todo', 'remove_item', { item: 'eggs' }, 'HassListRemoveItem'],
    ['light', 'flash', {}, undefined],
  ];
  for (const [domain, service, data, intent] of calls)
    it(`${domain}.${service} ${JSON.stringify(data)} → ${intent ?? 'none'}`, () => {
      assert.equal(intentOfCall(domain, service, data), intent);
    });

  it('lists every intent a service carries out, once each', () => {
    assert.deepEqual(intentsOfService('lock', 'unlock'), ['HassTurnOff']);
    assert.deepEqual(intentsOfService('light', 'turn_on'), ['HassTurnOn', 'HassLightSet']);
    assert.deepEqual(intentsOfService('vacuum', 'start'), ['HassTurnOn', 'HassVacuumStart']);
    assert.deepEqual(intentsOfService('light', 'flash'), []);
  });

  it('names the services tool', () => {
    assert.equal(EXECUTE_SERVICES, 'execute_services');
    assert.equal(isServicesTool('execute_services'), true);
    assert.equal(isServicesTool('HassTurnOn'), false);
  });
});
