// Which devices are reached only by their exact name: locks, alarm panels, and what the confirmation table asks for.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { needsExactName } from '../../../../src/assist/steps/deterministic/exact-name-only.ts';
import { type CatalogEntity, createCatalog } from '../../../../src/homeassistant/request/index.ts';

describe('needsExactName', () => {
  const entity = (domain: string, name: string, deviceClass?: string): CatalogEntity => ({
    name,
    aliases: [],
    domain,
    areaAliases: [],
    attributes: deviceClass === undefined ? {} : { device_class: deviceClass },
  });
  const rows: [device: CatalogEntity, expected: boolean][] = [
    [entity('lock', 'Front Door'), true],
    [entity('alarm_control_panel', 'House Alarm'), true],
    [entity('cover', 'Garage', 'garage'), true],
    [entity('cover', 'Side Gate', 'gate'), true],
    [entity('cover', 'Patio Door', 'door'), true],
    [entity('cover', 'Garage Door'), true],
    [entity('cover', 'Garagentor'), true],
    [entity('cover', 'Bedroom Blinds', 'blind'), false],
    [entity('cover', 'Bedroom Blinds'), false],
    [entity('switch', 'Garage Opener'), true],
    [entity('switch', 'Hall Charger Plug'), false],
    [entity('valve', 'Gas Valve'), true],
    [entity('valve', 'Garden Water Valve'), false],
    [entity('light', 'Garage Light'), false],
    [entity('fan', 'Door Fan'), false],
  ];
  for (const [device, expected] of rows)
    it(`${device.domain} "${device.name}" (${String(device.attributes?.device_class)}): ${expected}`, () =>
      assert.equal(needsExactName(device, createCatalog('live-context', [device])), expected));
});
