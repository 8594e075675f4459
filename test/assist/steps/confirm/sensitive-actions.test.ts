// The sensitive-action table: which calls unlock, open, work an opener or disarm, judged by what the device is (its
// own class and name), by intent and position; never by a class the call claims.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sensitiveActionOf } from '../../../../src/assist/steps/confirm/index.ts';
import { type CatalogEntity, createCatalog } from '../../../../src/homeassistant/request/index.ts';

/** An entity as a live read lists it: its class, or `null` for none; `undefined` leaves it unread (no attributes). */
function entity(name: string, domain: string, deviceClass?: string | null, area = 'Garage'): CatalogEntity {
  const base: CatalogEntity = { name, aliases: [], domain, area, areaAliases: [] };
  if (deviceClass === undefined) return base;
  return { ...base, attributes: deviceClass === null ? {} : { device_class: deviceClass } };
}

const CATALOG = createCatalog('static-context', [
  entity('Front Door', 'lock'),
  entity('Garage Door', 'cover', 'garage'),
  entity('Side Gate', 'cover', 'gate'),
  entity('Attic Hatch', 'cover'),
  entity('Back Door Cover', 'cover', null),
  entity('Den Awning', 'cover', null),
  entity('Kitchen Blinds', 'cover', 'blind', 'Kitchen'),
  entity('Garden Valve', 'valve'),
  entity('Gas Valve', 'valve', 'gas'),
  entity('Lawn Water', 'valve', 'water'),
  entity('Sprinkler Valve', 'valve', null),
  entity('Wasserhahn', 'valve', null),
  entity('Alarm', 'alarm_control_panel'),
  entity('Garage Light', 'light'),
  entity('Garage Opener Relay', 'switch', 'switch'),
  entity('Gate Button', 'button', null),
  entity('Garagentor Taster', 'button', null),
  entity('Clock Switch', 'switch', null),
  entity('Ventilator', 'switch', null),
]);

describe('sensitiveActionOf', () => {
  const rows: [tool: string, args: Record<string, unknown>, expected: string | undefined][] = [
    ['HassTurnOff', { name: 'Front Door' }, 'unlock Front Door'],
    ['HassTurnOn', { name: 'Front Door' }, undefined],
    ['HassToggle', { name: 'front door' }, 'unlock Front Door'],
    ['HassTurnOn', { name: 'Garage Door' }, 'open Garage Door'],
    ['HassTurnOff', { name: 'Garage Door' }, undefined],
    ['HassTurnOn', { name: 'Side Gate' }, 'open Side Gate'],
    ['HassTurnOn', { name: 'Attic Hatch' }, 'open Attic Hatch (unread)'],
    ['HassTurnOn', { name: 'Back Door Cover' }, 'open Back Door Cover'],
    ['HassTurnOn', { name: 'Den Awning' }, undefined],
    ['HassTurnOn', { name: 'Kitchen Blinds' }, undefined],
    ['HassSetPosition', { name: 'Garage Door', position: 30 }, 'set-position 30 Garage Door'],
    ['HassSetPosition', { name: 'Garage Door', position: 0 }, undefined],
    ['HassSetPosition', { name: 'Kitchen Blinds', position: 30 }, undefined],
    ['HassTurnOn', { name: 'Garden Valve' }, 'open Garden Valve (unread)'],
    ['HassTurnOn', { name: 'Gas Valve' }, 'open Gas Valve'],
    ['HassTurnOn', { name: 'Lawn Water' }, undefined],
    ['HassTurnOn', { name: 'Sprinkler Valve' }, 'open Sprinkler Valve'],
    ['HassTurnOn', { name: 'Wasserhahn' }, undefined],
    ['HassTurnOff', { name: 'Alarm' }, 'disarm Alarm'],
    ['HassTurnOn', { name: 'Garage Opener Relay' }, 'turn-on Garage Opener Relay'],
    ['HassTurnOff', { name: 'Garage Opener Relay' }, 'turn-off Garage Opener Relay'],
    ['HassTurnOn', { name: 'Garage Opener Relay', device_class: ['outlet'] }, 'turn-on Garage Opener Relay'],
    ['HassTurnOn', { name: 'Garage Door', domain: ['cover'], device_class: ['blind'] }, 'open Garage Door'],
    ['HassTurnOn', { name: 'Gate Button' }, 'press Gate Button'],
    ['HassTurnOn', { name: 'Garagentor Taster' }, 'press Garagentor Taster'],
    ['HassTurnOn', { name: 'Clock Switch' }, undefined],
    ['HassTurnOn', { name: 'Ventilator' }, undefined],
    ['HassTurnOn', { area: 'Garage', domain: ['cover'] }, 'open Garage Door, Side Gate, Attic Hatch, Back Door Cover'],
    ['HassTurnOn', { area: 'Garage', domain: ['cover'], device_class: ['awning'] }, 'open Attic Hatch (unread)'],
    ['HassTurnOn', { area: 'Kitchen', domain: ['cover'] }, undefined],
    ['HassTurnOff', { area: 'Garage', domain: ['light'] }, undefined],
    ['HassTurnOn', { name: 'Garage Light' }, undefined],
    ['HassLightSet', { name: 'Front Door', brightness: 10 }, undefined],
  ];
  for (const [tool, args, expected] of rows) {
    it(`${tool} ${JSON.stringify(args)}: ${expected ?? 'not sensitive'}`, () => {
      const action = sensitiveActionOf({ arguments: JSON.stringify(args) }, tool, CATALOG);
      const said =
        action === undefined
          ? undefined
          : `${action.verb}${action.position === undefined ? '' : ` ${action.position}`} ${action.targets.join(', ')}${action.isClassUnread ? ' (unread)' : ''}`;
      assert.equal(said, expected);
    });
  }

  it('without a catalogue, goes by the call: a named lock domain, or any target of an unlocking intent', () => {
    const of = (args: unknown) => sensitiveActionOf({ arguments: JSON.stringify(args) }, 'HassTurnOff', undefined);
    const unlock = { verb: 'unlock', targets: ['Back Door'], isClassUnread: false };
    assert.deepEqual(of({ name: 'Back Door', domain: ['lock'] }), unlock);
    assert.deepEqual(of({ name: 'Back Door' }), unlock);
    assert.equal(of({ name: 'Desk Lamp', domain: ['light'] }), undefined);
  });

  it('judges the devices of an execute_services call by their own class and name', () => {
    const services = (list: unknown[]) =>
      sensitiveActionOf({ arguments: JSON.stringify({ list }) }, 'execute_services', CATALOG);
    const item = (domain: string, service: string, data: Record<string, unknown>) => ({
      domain,
      service,
      service_data: data,
    });
    const withIds = createCatalog('extended-csv', [
      { ...entity('Garage Door', 'cover', 'garage'), entityId: 'cover.garage_door', state: 'closed' },
      { ...entity('Kitchen Blinds', 'cover', 'blind'), entityId: 'cover.kitchen_blinds', state: 'open' },
    ]);
    const of = (list: unknown[]) =>
      sensitiveActionOf({ arguments: JSON.stringify({ list }) }, 'execute_services', withIds);
    assert.deepEqual(of([item('cover', 'set_cover_position', { entity_id: 'cover.garage_door', position: 40 })]), {
      verb: 'set-position',
      position: 40,
      targets: ['Garage Door'],
      isClassUnread: false,
    });
    assert.equal(of([item('cover', 'open_cover', { entity_id: 'cover.kitchen_blinds' })]), undefined);
    assert.equal(services([item('light', 'turn_on', { entity_id: 'light.garage_light' })]), undefined);
  });

  it('reads nothing from arguments that are not a JSON object', () => {
    assert.equal(sensitiveActionOf({ arguments: '[1]' }, 'HassTurnOff', CATALOG), undefined);
    assert.equal(sensitiveActionOf({ arguments: 'not json' }, 'HassTurnOff', CATALOG), undefined);
  });
});
