// The default allowlist and the never-available table: what list-services offers, and what no limit can allow.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allowEntry, DEFAULT_SERVICE_ALLOWLIST, neverAvailableRule } from '../../../src/tools/index.ts';

describe('never-available services', () => {
  const REFUSED: [string, string, RegExp][] = [
    ['lock', 'unlock', /open doors/],
    ['alarm_control_panel', 'alarm_disarm', /disarm alarms/],
    ['siren', 'turn_on', /noise/],
    ['valve', 'open_valve', /flood/],
    ['water_heater', 'set_temperature', /burn/],
    ['camera', 'snapshot', /writes files/],
    ['homeassistant', 'turn_off', /any entity/],
    ['input_boolean', 'reload', /configuration/],
    ['automation', 'reload', /configuration/],
    ['template', 'reload_all', /configuration/],
    ['zwave_js', 'remove', /configuration/],
    ['backup', 'create', /configuration or the system/],
    ['hassio', 'addon_start', /run programs/],
    ['shell_command', 'any', /run programs/],
    ['mqtt', 'publish', /outside the home/],
    ['recorder', 'purge', /erase history/],
    ['backup', 'restore', /backup/],
    ['update', 'skip', /update/],
  ];
  for (const [domain, service, why] of REFUSED)
    it(`refuses ${domain}.${service}`, () => assert.match(neverAvailableRule(domain, service)?.why ?? '', why));

  const ALLOWABLE: [string, string][] = [
    ['light', 'turn_on'],
    ['cover', 'open_cover'],
    ['notify', 'notify'],
    ['script', 'turn_on'],
    ['media_player', 'volume_set'],
  ];
  for (const [domain, service] of ALLOWABLE)
    it(`leaves ${domain}.${service} to the allowlist`, () =>
      assert.equal(neverAvailableRule(domain, service), undefined));
});

describe('the default allowlist', () => {
  const ROWS: [string, string, string | undefined][] = [
    ['light', 'turn_on', 'quiet'],
    ['switch', 'toggle', 'quiet'],
    ['input_boolean', 'turn_on', 'quiet'],
    ['media_player', 'volume_set', 'quiet'],
    ['climate', 'set_temperature', 'confirmed'],
    ['scene', 'turn_on', 'confirmed'],
    ['script', 'turn_on', 'confirmed'],
    ['media_player', 'play_media', undefined],
    ['notify', 'notify', undefined],
    ['climate', 'turn_off', undefined],
    ['cover', 'open_cover', undefined],
  ];
  for (const [domain, service, expected] of ROWS)
    it(`${domain}.${service}: ${expected ?? 'not on it'}`, () =>
      assert.equal(allowEntry(DEFAULT_SERVICE_ALLOWLIST, domain, service)?.class, expected));

  it('holds nothing that is never available, except through input_boolean.* (whose reload stays refused)', () => {
    for (const entry of DEFAULT_SERVICE_ALLOWLIST) {
      const [domain, service] = entry.service.split('.') as [string, string];
      assert.equal(neverAvailableRule(domain, service), undefined, entry.service);
    }
    assert.ok(neverAvailableRule('input_boolean', 'reload'));
  });
});
