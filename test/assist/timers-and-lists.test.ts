// Timers, lists, media search and area cleaning through the app: Home Assistant's tool with zero model calls.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildHaRequest, type HaChatRequest, type Home } from '../../src/homeassistant/request/index.ts';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';
import { createHarness, type Harness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { firstRequest, homePlus, withResult } from './ha-turns.ts';

function assertDirect(harness: Harness, answer: Answer): void {
  assert.equal(answer.metrics.ha_route?.inference_calls, 0, JSON.stringify(answer.metrics));
  assert.equal(answer.metrics.ha_route?.route, 'direct');
  assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0, 'no model was called');
}

/** The first request from a satellite that has timers (Home Assistant then offers the timer tools). */
function fromTimerSatellite(userText: string): HaChatRequest {
  return buildHaRequest(FIXTURE_HOME, { userText, era: '2026', satelliteHasTimers: true });
}

/** The fixture home with a radio in the kitchen and a vacuum cleaner. */
const HOME_WITH_DEVICES: Home = homePlus(
  homePlus(FIXTURE_HOME, { name: 'Kitchen Radio', domain: 'media_player', area: 'Kitchen', state: 'idle' }),
  { name: 'Rover', domain: 'vacuum', area: 'Living Room', state: 'docked' },
);

/** The call the app made, with its arguments parsed. */
function callsOf(answer: Answer): [string, unknown][] {
  return answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]);
}

describe('timers from a timer satellite (0 generative calls)', () => {
  const rows: [string, string, Record<string, unknown>][] = [
    ['set a timer for 5 minutes', 'HassStartTimer', { minutes: 5 }],
    ['start a 10 minute pizza timer', 'HassStartTimer', { minutes: 10, name: 'pizza' }],
    ['set a timer for 1 hour and 30 seconds', 'HassStartTimer', { hours: 1, seconds: 30 }],
    ['timer for half an hour', 'HassStartTimer', { minutes: 30 }],
    [
      'turn off the lights in 10 minutes',
      'HassStartTimer',
      { minutes: 10, conversation_command: 'turn off the lights' },
    ],
    ['add 2 minutes to the timer', 'HassIncreaseTimer', { minutes: 2 }],
    ['remove 30 seconds from the pizza timer', 'HassDecreaseTimer', { seconds: 30, name: 'pizza' }],
    ['pause the kitchen timer', 'HassPauseTimer', { area: 'Kitchen' }],
    ['resume the 5 minute timer', 'HassUnpauseTimer', { start_minutes: 5 }],
    ['cancel the timer', 'HassCancelTimer', {}],
    ['cancel my timers', 'HassCancelAllTimers', {}],
  ];
  for (const [sentence, tool, args] of rows)
    it(`"${sentence}" → ${tool} ${JSON.stringify(args)}`, async () => {
      const harness = createHarness();
      const answer = await ask(harness, fromTimerSatellite(sentence));
      assertDirect(harness, answer);
      assert.deepEqual(callsOf(answer), [[tool, args]]);
    });

  it('"how much time is left on the timer" → HassTimerStatus, then Home Assistant\'s speech as the answer', async () => {
    const harness = createHarness();
    const first = fromTimerSatellite('how much time is left on the timer');
    const status = await ask(harness, first);
    assertDirect(harness, status);
    assert.deepEqual(callsOf(status), [['HassTimerStatus', {}]]);
    const result = JSON.stringify({
      speech: { plain: { speech: '4 minutes and 12 seconds left.', extra_data: null } },
      response_type: 'action_done',
      data: { targets: [], success: [], failed: [] },
    });
    const answer = await ask(harness, withResult(first, status.calls[0]!, result));
    assertDirect(harness, answer);
    assert.equal(answer.calls.length, 0);
    assert.equal(answer.content, '4 minutes and 12 seconds left.');
  });

  it('without a timer satellite, a timer sentence goes to the model: the request offers no timer tool', async () => {
    const harness = createHarness();
    const request = firstRequest('set a timer for 5 minutes');
    assert.equal(
      request.tools?.some((tool) => tool.function.name === 'HassStartTimer'),
      false,
    );
    const answer = await ask(harness, request);
    assert.equal(answer.metrics.ha_route?.route, 'llm', JSON.stringify(answer.metrics));
    assert.equal(harness.gemma.turns.length, 1);
    assert.equal(answer.metrics.ha_intent?.intent, 'HassStartTimer');
  });
});

describe('lists, media search and area cleaning (0 generative calls)', () => {
  const rows: [string, Home, string, Record<string, unknown>][] = [
    [
      'mark eggs as done on the shopping list',
      FIXTURE_HOME,
      'HassListCompleteItem',
      { item: 'eggs', name: 'Shopping List' },
    ],
    [
      'check off eggs from my shopping list',
      FIXTURE_HOME,
      'HassListCompleteItem',
      { item: 'eggs', name: 'Shopping List' },
    ],
    ['remove milk from the shopping list', FIXTURE_HOME, 'HassListRemoveItem', { item: 'milk', name: 'Shopping List' }],
    [
      'play the beatles on the kitchen radio',
      HOME_WITH_DEVICES,
      'HassMediaSearchAndPlay',
      { search_query: 'the beatles', name: 'Kitchen Radio' },
    ],
    [
      'play the album abbey road in the kitchen',
      HOME_WITH_DEVICES,
      'HassMediaSearchAndPlay',
      { search_query: 'abbey road', media_class: 'album', area: 'Kitchen' },
    ],
    ['clean the kitchen', HOME_WITH_DEVICES, 'HassVacuumCleanArea', { area: 'Kitchen' }],
    [
      'vacuum the living room with rover',
      HOME_WITH_DEVICES,
      'HassVacuumCleanArea',
      { area: 'Living Room', name: 'Rover' },
    ],
  ];
  for (const [sentence, home, tool, args] of rows)
    it(`"${sentence}" → ${tool} ${JSON.stringify(args)}`, async () => {
      const harness = createHarness();
      const answer = await ask(harness, firstRequest(sentence, home));
      assertDirect(harness, answer);
      assert.deepEqual(callsOf(answer), [[tool, args]]);
    });
});
