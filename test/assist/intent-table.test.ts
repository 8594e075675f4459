// The intent table against Home Assistant's own data: names, slots and domains it claims must exist there.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import yaml from 'js-yaml';
import {
  BUILT_IN_INTENTS,
  domainsOfTool,
  intentRow,
  isReadTool,
  summaryOfTool,
} from '../../src/assist/intent-table.ts';
import { dataPath } from '../fixtures/data.ts';

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
    assert.equal(BUILT_IN_INTENTS.length, 26);
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

  it('has no row for inherited object keys or unknown names', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'HassMadeUp']) {
      assert.equal(intentRow(name), undefined);
      assert.equal(domainsOfTool(name), undefined);
      assert.equal(isReadTool(name), false);
    }
  });
});
