// The sensitive-action table: which calls unlock, open or disarm, by intent, domain, device class and position.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sensitiveActionOf } from '../../../../src/assist/steps/confirm/index.ts';
import { type CatalogEntity, createCatalog } from '../../../../src/homeassistant/request/index.ts';

function entity(name: string, domain: string, deviceClass?: string, area = 'Garage'): CatalogEntity {
  return {
    name,
    aliases: [],
    domain,
    area,
    areaAliases: [],
    ...(deviceClass === undefined ? {} : { attributes: { device_class: deviceClass } }),
  };
}

const CATALOG = createCatalog('static-context', [
  entity('Front Door', 'lock'),
  entity('Garage Door', 'cover', 'garage'),
  entity('Side Gate', 'cover', 'gate'),
  entity('Attic Hatch', 'cover'),
  entity('Kitchen Blinds', 'cover', 'blind', 'Kitchen'),
  entity('Garden Valve', 'valve'),
  entity('Alarm', 'alarm_control_panel'),
  entity('Garage Light', 'light'),
]);

describe('sensitiveActionOf', () => {
  const rows: [tool: string, args: Record<string, unknown>, expected: string | undefined][] = [
    ['HassTurnOff', { name: 'Front Door' }, 'Unlock Front Door'],
    ['HassTurnOn', { name: 'Front Door' }, undefined],
    ['HassToggle', { name: 'front door' }, 'Unlock Front Door'],
    ['HassTurnOn', { name: 'Garage Door' }, 'Open Garage Door'],
    ['HassTurnOff', { name: 'Garage Door' }, undefined],
    ['HassTurnOn', { name: 'Side Gate' }, 'Open Side Gate'],
    ['HassTurnOn', { name: 'Attic Hatch' }, 'Open Attic Hatch'],
    ['HassTurnOn', { name: 'Kitchen Blinds' }, undefined],
    ['HassSetPosition', { name: 'Garage Door', position: 30 }, 'Open Garage Door'],
    ['HassSetPosition', { name: 'Garage Door', position: 0 }, undefined],
    ['HassTurnOn', { name: 'Garden Valve' }, 'Open Garden Valve'],
    ['HassTurnOff', { name: 'Alarm' }, 'Disarm Alarm'],
    ['HassTurnOn', { area: 'Garage', domain: ['cover'] }, 'Open Garage Door, Side Gate, Attic Hatch'],
    ['HassTurnOn', { area: 'Kitchen', domain: ['cover'] }, undefined],
    ['HassTurnOff', { area: 'Garage', domain: ['light'] }, undefined],
    ['HassTurnOn', { name: 'Garage Light' }, undefined],
    ['HassLightSet', { name: 'Front Door', brightness: 10 }, undefined],
  ];
  for (const [tool, args, expected] of rows) {
    it(`${tool} ${JSON.stringify(args)}: ${expected ?? 'not sensitive'}`, () => {
      const action = sensitiveActionOf({ arguments: JSON.stringify(args) }, tool, CATALOG);
      assert.equal(action === undefined ? undefined : `${action.verb} ${action.targets.join(', ')}`, expected);
    });
  }

  it('without a catalogue, goes by the call: a named lock domain, or any target of an unlocking intent', () => {
    const of = (args: unknown) => sensitiveActionOf({ arguments: JSON.stringify(args) }, 'HassTurnOff', undefined);
    assert.deepEqual(of({ name: 'Back Door', domain: ['lock'] }), { verb: 'Unlock', targets: ['Back Door'] });
    assert.deepEqual(of({ name: 'Back Door' }), { verb: 'Unlock', targets: ['Back Door'] });
    assert.equal(of({ name: 'Desk Lamp', domain: ['light'] }), undefined);
  });

  it('reads nothing from arguments that are not a JSON object', () => {
    assert.equal(sensitiveActionOf({ arguments: '[1]' }, 'HassTurnOff', CATALOG), undefined);
    assert.equal(sensitiveActionOf({ arguments: 'not json' }, 'HassTurnOff', CATALOG), undefined);
  });
});
