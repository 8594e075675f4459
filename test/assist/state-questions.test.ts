// State questions of every kind in the two-floor home: GetLiveContext first, then the answer from its result with
// no model call; and the near-misses that must go to the model with the reason.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { firstRequest, homePlus, liveContextOf, withResult } from './ha-turns.ts';
import type { Home } from '../../src/homeassistant/request/index.ts';
import { TWO_FLOOR_HOME } from '../fixtures/homes/two-floor-home.ts';

/** Asks `question` about `home`: the first round must read live state; returns the second round's answer. */
async function askTwoRounds(question: string, home: Home): Promise<{ answer: Answer; modelCalls: number }> {
  const harness = createHarness();
  const first = firstRequest(question, home);
  const read = await ask(harness, first);
  assert.deepEqual(
    read.calls.map((call) => [call.name, call.arguments]),
    [['GetLiveContext', '{}']],
    JSON.stringify(read.metrics.ha_plan ?? read.metrics),
  );
  assert.equal(read.metrics.ha_route?.route, 'direct');
  const answer = await ask(harness, withResult(first, read.calls[0]!, liveContextOf(home)));
  return { answer, modelCalls: harness.gemma.turns.length + harness.vision.turns.length };
}

/** `home` without the entities named. */
function without(home: Home, ...names: string[]): Home {
  return { ...home, entities: home.entities.filter((entity) => !names.includes(entity.name)) };
}

/** `home` with one entity in another state. */
function withState(home: Home, name: string, state: string): Home {
  return { ...home, entities: home.entities.map((entity) => (entity.name === name ? { ...entity, state } : entity)) };
}

const ONE_MEDIA_PLAYER = without(TWO_FLOOR_HOME, 'Living Room TV');
const NO_OUTDOOR_SENSOR = without(TWO_FLOOR_HOME, 'Outdoor Temperature');

describe('state questions answered from live state with no model call', () => {
  // [question, home, the answer]
  const rows: [string, Home, string][] = [
    ['are the sprinklers on?', TWO_FLOOR_HOME, 'No, Sprinklers is off.'],
    ['is the irrigation on?', TWO_FLOOR_HOME, 'No, Sprinklers is off.'],
    ['is the kitchen plug on?', TWO_FLOOR_HOME, 'Yes, Kitchen Plug is on.'],
    ['is the garden valve open?', TWO_FLOOR_HOME, 'No, Garden Valve is closed.'],
    ['is the garage door open?', TWO_FLOOR_HOME, 'No, Garage Door is closed.'],
    ['is the kitchen radio playing?', TWO_FLOOR_HOME, 'Yes, Kitchen Radio is playing.'],
    ['is the living room tv playing?', TWO_FLOOR_HOME, 'No, Living Room TV is off.'],
    ['is anything playing?', TWO_FLOOR_HOME, 'Yes, Kitchen Radio is playing.'],
    ['is anything playing in the living room?', TWO_FLOOR_HOME, 'No, no media player is playing.'],
    ['is the media player playing?', ONE_MEDIA_PLAYER, 'Yes, Kitchen Radio is playing.'],
    ['is the media player paused?', ONE_MEDIA_PLAYER, 'No, Kitchen Radio is playing.'],
    ['what is the battery level of the motion sensor?', TWO_FLOOR_HOME, 'Motion Sensor Battery is 83 %.'],
    ['how much battery does the motion sensor have left?', TWO_FLOOR_HOME, 'Motion Sensor Battery is 83 %.'],
    ['is the sink leak sensor battery low?', TWO_FLOOR_HOME, 'No, Sink Leak Sensor Battery is normal.'],
    [
      'is the sink leak sensor battery low?',
      withState(TWO_FLOOR_HOME, 'Sink Leak Sensor Battery', 'on'),
      'Yes, Sink Leak Sensor Battery is low.',
    ],
    ["what's the temperature outside?", TWO_FLOOR_HOME, 'It is 7.5°C outside (Outdoor Temperature).'],
    ['how cold is it outside?', TWO_FLOOR_HOME, 'It is 7.5°C outside (Outdoor Temperature).'],
    ["what's the temperature outside?", NO_OUTDOOR_SENSOR, 'It is 8.5°C outside (Home).'],
    ['is it sunny?', TWO_FLOOR_HOME, 'Yes, it is sunny.'],
    ['is it raining right now?', TWO_FLOOR_HOME, 'No, it is sunny.'],
    ['how many items are on my shopping list?', TWO_FLOOR_HOME, 'There are 2 items on the Shopping List.'],
    ['how many items are on my tasks?', TWO_FLOOR_HOME, 'There is 1 item on Tasks.'],
    [
      'how many items are on the shopping list?',
      withState(TWO_FLOOR_HOME, 'Shopping List', '0'),
      'There are no items on the Shopping List.',
    ],
    ['tell me briefly, is the hall light on?', TWO_FLOOR_HOME, 'Yes, Hall Light is on.'],
    ['is the front door locked? keep it short', TWO_FLOOR_HOME, 'Yes, Front Door is locked.'],
    ['is the kitchen light on? answer briefly', TWO_FLOOR_HOME, 'No, Kitchen Light is off.'],
  ];
  for (const [question, home, expected] of rows)
    it(`"${question}" → "${expected}"`, async () => {
      const { answer, modelCalls } = await askTwoRounds(question, home);
      assert.equal(answer.content, expected, JSON.stringify(answer.metrics.ha_plan));
      assert.deepEqual(answer.calls, []);
      assert.equal(answer.metrics.ha_route?.route, 'direct');
      assert.equal(modelCalls, 0, 'no model was called');
    });

  // "yes or no" holds the word "no": the answer-form phrase is taken off, negates nothing, and the answer keeps its form.
  const yesOrNo: [string, string][] = [
    ['is the hall light on? answer yes or no', 'Yes.'],
    ['is the front door locked? just yes or no', 'Yes.'],
  ];
  for (const [question, expected] of yesOrNo)
    it(`"${question}" → "${expected}"`, async () => {
      const { answer, modelCalls } = await askTwoRounds(question, TWO_FLOOR_HOME);
      assert.equal(answer.content, expected);
      assert.equal(modelCalls, 0, 'no model was called');
    });
});

describe('near-misses go to the model with the reason', () => {
  const twoOutdoorSensors = homePlus(TWO_FLOOR_HOME, {
    name: 'Outside Thermometer',
    domain: 'sensor',
    area: 'Garden',
    state: '8',
    attributes: { device_class: 'temperature', unit_of_measurement: '°C' },
  });
  const thermostatOnly = without(TWO_FLOOR_HOME, 'Outdoor Temperature', 'Home');
  // The thermostat reports its setpoint (`temperature`) but no `current_temperature`.
  const setpointOnly: Home = {
    ...TWO_FLOOR_HOME,
    entities: TWO_FLOOR_HOME.entities.map((entity) =>
      entity.name === 'Thermostat' ? { ...entity, attributes: { temperature: 21, hvac_action: 'heating' } } : entity,
    ),
  };
  // [question, home, the reason the model gets]
  const rows: [string, Home, string][] = [
    ['is the media player playing?', TWO_FLOOR_HOME, 'several devices of that kind, and the question names none'],
    ["what's the temperature outside?", twoOutdoorSensors, 'several outdoor temperature readings fit the question'],
    [
      "what's the temperature outside?",
      withState(TWO_FLOOR_HOME, 'Outdoor Temperature', 'unavailable'),
      'the outdoor temperature sensor does not report',
    ],
    [
      'what is the battery level of the motion sensor?',
      withState(TWO_FLOOR_HOME, 'Motion Sensor Battery', 'unknown'),
      'the battery sensor does not report',
    ],
    // A thermostat is never outside: neither its setpoint nor its current temperature is the outdoor temperature.
    ["what's the temperature outside?", thermostatOnly, 'no outdoor temperature sensor or weather temperature reports'],
    ['what is the living room temperature?', setpointOnly, 'no current temperature reading fits the question'],
    [
      'is it going to be sunny today?',
      TWO_FLOOR_HOME,
      'no forecast in the live state (GetLiveContext gives the current weather only)',
    ],
    [
      'will it rain tomorrow?',
      TWO_FLOOR_HOME,
      'no forecast in the live state (GetLiveContext gives the current weather only)',
    ],
    [
      'how many items are on my shopping list?',
      withState(TWO_FLOOR_HOME, 'Shopping List', 'unavailable'),
      'the list does not report its number of items',
    ],
  ];
  for (const [question, home, reason] of rows)
    it(`"${question}" → the model: ${reason}`, async () => {
      const { answer } = await askTwoRounds(question, home);
      assert.equal(answer.metrics.ha_route?.route, 'llm', JSON.stringify(answer.metrics.ha_plan));
      assert.equal(answer.metrics.ha_plan?.generative_reason, reason);
      const candidates = (answer.metrics.ha_plan?.candidates ?? []) as { name: string }[];
      assert.ok(!candidates.some((c) => c.name === 'Thermostat'), 'a setpoint is never a candidate reading');
    });
});
