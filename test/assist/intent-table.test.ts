// The intent table against Home Assistant's own data: names, slots and domains it claims must exist there.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import yaml from 'js-yaml';
import {
  acknowledgementOf,
  BUILT_IN_INTENTS,
  domainsOfTool,
  intentRow,
  isReadTool,
  summaryOfTool,
} from '../../src/assist/intent-table.ts';
import { dataPath } from '../fixtures/data.ts';

/** Home Assistant's English response templates of `intent`: response key → template. */
function haResponses(intent: string): Record<string, string> {
  const file = yaml.load(readFileSync(dataPath('ha-intents', 'responses', 'en', `${intent}.yaml`), 'utf8')) as {
    responses: { intents: Record<string, Record<string, string>> };
  };
  return file.responses.intents[intent]!;
}

/** Home Assistant's intents.yaml: every intent with its slots. */
const HA_INTENTS = yaml.load(readFileSync(dataPath('ha-intents', 'intents.yaml'), 'utf8')) as Record<
  string,
  { slots?: Record<string, unknown> }
>;

describe('the intent table', () => {
  it('lists the built-in grammar intents in the order their blocks are tried', () => {
    assert.deepEqual(BUILT_IN_INTENTS.slice(0, 5), [
      'HassTurnOn',
      'HassTurnOff',
      'HassLightSet',
      'HassSetPosition',
      'HassStopMoving',
    ]);
    assert.equal(BUILT_IN_INTENTS.length, 41);
    assert.equal(BUILT_IN_INTENTS.includes('GetLiveContext' as never), false);
  });

  it('names value slots that Home Assistant defines for the intent', () => {
    for (const name of BUILT_IN_INTENTS) {
      const row = intentRow(name)!;
      if (row.kind !== 'action' || row.valueSlots === undefined) continue;
      const slots = Object.keys(HA_INTENTS[name]?.slots ?? {});
      for (const slot of row.valueSlots) assert.ok(slots.includes(slot), `${name} has no slot ${slot}`);
    }
  });

  it('recognises only intents Home Assistant defines', () => {
    for (const name of BUILT_IN_INTENTS) {
      if (name === 'HassStopMoving') continue; // an intent of Home Assistant's cover integration, not of intents.yaml
      assert.ok(HA_INTENTS[name] !== undefined, `${name} is not in Home Assistant's intents.yaml`);
    }
  });

  it('verifies lights and switches after turning them on or off, and nothing else', () => {
    const verified = BUILT_IN_INTENTS.flatMap((name) => {
      const row = intentRow(name);
      return row?.kind === 'action' && row.verify !== undefined ? [[name, row.verify.state, row.verify.domains]] : [];
    });
    assert.deepEqual(verified, [
      ['HassTurnOn', 'on', ['light', 'switch']],
      ['HassTurnOff', 'off', ['light', 'switch']],
    ]);
  });

  it('answers the tool questions the rest of HA-Assist asks', () => {
    assert.deepEqual(domainsOfTool('HassLightSet'), ['light']);
    assert.deepEqual(domainsOfTool('HassGetWeather'), ['weather']);
    assert.equal(domainsOfTool('GetDateTime'), undefined);
    assert.equal(isReadTool('GetLiveContext'), true);
    assert.equal(isReadTool('HassClimateGetTemperature'), true);
    assert.equal(isReadTool('HassTurnOff'), false);
    assert.equal(summaryOfTool('HassVacuumStart'), 'Start a vacuum cleaner.');
    assert.equal(summaryOfTool('HassMediaPlayerMute'), undefined);
  });

  it("acknowledges in Home Assistant's own words, per domain (its English response templates)", () => {
    // [intent, domain, our word, Home Assistant's response key, what its template starts with]
    const rows: [string, string | undefined, string, string, string][] = [
      ['HassTurnOn', undefined, 'Turned on', 'default', 'Turned on'],
      ['HassTurnOn', 'light', 'Turned on', 'default', 'Turned on'],
      ['HassTurnOn', 'lock', 'Locking', 'lock', 'Locking'],
      ['HassTurnOn', 'cover', 'Opening', 'cover', 'Opening'],
      ['HassTurnOn', 'valve', 'Opening', 'valve', 'Opening'],
      ['HassTurnOn', 'scene', 'Activated', 'scene', 'Activated'],
      ['HassTurnOn', 'script', 'Started', 'script', 'Started'],
      ['HassTurnOff', 'switch', 'Turned off', 'default', 'Turned off'],
      ['HassTurnOff', 'lock', 'Unlocking', 'lock', 'Unlocking'],
      ['HassTurnOff', 'cover', 'Closing', 'cover', 'Closing'],
      ['HassTurnOff', 'valve', 'Closing', 'valve', 'Closing'],
      ['HassMediaPause', 'media_player', 'Paused', 'default', 'Paused'],
      ['HassMediaUnpause', undefined, 'Resumed', 'default', 'Resumed'],
      ['HassMediaPlayerMute', undefined, 'Muted', 'default', 'Muted'],
      ['HassMediaPlayerUnmute', undefined, 'Unmuted', 'default', 'Unmuted'],
      ['HassVacuumStart', 'vacuum', 'Started', 'default', 'Started'],
      ['HassLawnMowerStartMowing', 'lawn_mower', 'Started', 'default', 'Started'],
    ];
    for (const [intent, domain, word, key, template] of rows) {
      assert.equal(acknowledgementOf(intent, domain), word, `${intent} on ${domain}`);
      // HassTurnOn's default template names the device kind after "Turned on" ("Turned on the light").
      const said = haResponses(intent)[key]!.trim();
      assert.ok(said.startsWith(template) || said.includes(`${template} {{`), `${intent}.${key}: ${said}`);
    }
  });

  it('has no acknowledgement word for commands whose response names no device, nor for unknown names', () => {
    for (const name of [
      'HassSetPosition',
      'HassLightSet',
      'HassMediaNext',
      'GetLiveContext',
      'HassMadeUp',
      'constructor',
    ])
      assert.equal(acknowledgementOf(name, 'light'), undefined, name);
    assert.equal(acknowledgementOf('HassTurnOn', 'default'), 'Turned on');
    assert.equal(acknowledgementOf('HassTurnOn', 'constructor'), 'Turned on');
  });

  it('has no row for inherited object keys or unknown names', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'HassMadeUp']) {
      assert.equal(intentRow(name), undefined);
      assert.equal(domainsOfTool(name), undefined);
      assert.equal(isReadTool(name), false);
    }
  });
});
