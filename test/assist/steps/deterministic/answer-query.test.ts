// State answers through the app: a reading is said with its unit, as Home Assistant's `state_with_unit`.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../../../server/app-harness.ts';
import { ask } from '../../ask-app.ts';
import { firstRequest, homePlus, liveContextOf, withResult } from '../../ha-turns.ts';
import type { Home, HomeAttributeValue } from '../../../../src/homeassistant/request/index.ts';
import { FIXTURE_HOME } from '../../../fixtures/homes/index.ts';

const sensor = (name: string, state: string, unit?: string) => ({
  name,
  domain: 'sensor',
  area: 'Bedroom',
  state,
  attributes: (unit === undefined ? {} : { unit_of_measurement: unit }) as Record<string, HomeAttributeValue>,
});

const HOME: Home = [
  sensor('Bedroom Humidity', '48', '%'),
  sensor('Phone Battery', '87', '%'),
  sensor('Energy Meter', '3.25', 'kWh'),
  sensor('Outside Temperature', '-2.5', '°C'),
  sensor('Washer Status', 'running', 'W'),
  sensor('Visitor Count', '3'),
].reduce((home, entity) => homePlus(home, entity), FIXTURE_HOME);

describe('a reading with its unit', () => {
  // [question, answer]
  const rows: [string, string][] = [
    ['what is the bedroom humidity', 'Bedroom Humidity is 48 %.'],
    ['what is the phone battery', 'Phone Battery is 87 %.'],
    ['what is the energy meter', 'Energy Meter is 3.25 kWh.'],
    ['what is the outside temperature', 'Outside Temperature is -2.5°C.'],
    ['what is the washer status', 'Washer Status is running.'],
    ['what is the visitor count', 'Visitor Count is 3.'],
  ];
  for (const [question, expected] of rows)
    it(`"${question}" → "${expected}"`, async () => {
      const harness = createHarness();
      const first = firstRequest(question, HOME);
      const read = await ask(harness, first);
      assert.deepEqual(
        read.calls.map((call) => call.name),
        ['GetLiveContext'],
      );
      const answer = await ask(harness, withResult(first, read.calls[0]!, liveContextOf(HOME)));
      assert.equal(answer.content, expected);
      assert.equal(answer.metrics.ha_intent?.intent, 'HassGetState');
      assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0, 'no model was called');
    });
});
