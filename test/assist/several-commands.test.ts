// A sentence of several commands through the app: one call per part, verification of every light or switch part,
// and the cases where the whole sentence goes to the model.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  buildHaRequest,
  buildToolFollowUp,
  type HaChatRequest,
  type Home,
} from '../../src/homeassistant/request/index.ts';
import { TWO_FLOOR_HOME } from '../fixtures/homes/two-floor-home.ts';
import { createHarness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { actionResult, liveContextOf, withResult } from './ha-turns.ts';

const SENTENCE = 'turn on the kitchen light and turn off the hall light';

function withStates(states: Record<string, string>): Home {
  return {
    ...TWO_FLOOR_HOME,
    entities: TWO_FLOOR_HOME.entities.map((entity) => ({ ...entity, state: states[entity.name] ?? entity.state })),
  };
}

/** The round after HA ran both calls, each with its own result. */
function afterBoth(request: HaChatRequest, answer: Answer, results: [string, string]): HaChatRequest {
  return buildToolFollowUp(
    request,
    answer.calls.map((call, index) => ({ ...call, result: results[index] as never })),
  );
}

describe('several commands in one sentence', () => {
  it('sends both calls in one reply, in the order spoken, and reports the split', async () => {
    const harness = createHarness();
    const answer = await ask(harness, buildHaRequest(TWO_FLOOR_HOME, { userText: SENTENCE, era: '2026' }));
    assert.deepEqual(
      answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [
        ['HassTurnOn', { name: 'Kitchen Light', domain: ['light'] }],
        ['HassTurnOff', { name: 'Hall Light', domain: ['light'] }],
      ],
    );
    assert.equal(harness.gemma.turns.length, 0);
    const intent = answer.metrics.ha_intent as { match: string; parts: { text: string; intent: string }[] };
    assert.equal(intent.match, 'split');
    assert.deepEqual(
      intent.parts.map((part) => [part.text, part.intent]),
      [
        ['turn on the kitchen light', 'HassTurnOn'],
        ['turn off the hall light', 'HassTurnOff'],
      ],
    );
    assert.deepEqual(answer.metrics.ha_plan?.calls, [
      { tool: 'HassTurnOn', arguments: { name: 'Kitchen Light', domain: ['light'] } },
      { tool: 'HassTurnOff', arguments: { name: 'Hall Light', domain: ['light'] } },
    ]);
  });

  it('verifies every part: one state read, then both acknowledged once both report their state', async () => {
    const harness = createHarness();
    const first = buildHaRequest(TWO_FLOOR_HOME, { userText: SENTENCE, era: '2026' });
    const commands = await ask(harness, first);
    const done = afterBoth(first, commands, [actionResult(['Kitchen Light']), actionResult(['Hall Light'])]);
    const read = await ask(harness, done);
    assert.deepEqual(
      read.calls.map((call) => call.name),
      ['GetLiveContext'],
    );
    const home = withStates({ 'Kitchen Light': 'on', 'Hall Light': 'off' });
    const answer = await ask(harness, withResult(done, read.calls[0]!, liveContextOf(home)));
    assert.equal(answer.content, 'Turned on Kitchen Light. Turned off Hall Light.');
    assert.deepEqual(answer.metrics.ha_verify, { kind: 'confirmed', attempt: 1, attempts: 2, delay_s: 0.5 });
    assert.equal(harness.gemma.turns.length, 0);
  });

  it('names the part that has not reported its state after every read', async () => {
    const harness = createHarness();
    const first = buildHaRequest(TWO_FLOOR_HOME, { userText: SENTENCE, era: '2026' });
    const commands = await ask(harness, first);
    let request = afterBoth(first, commands, [actionResult(['Kitchen Light']), actionResult(['Hall Light'])]);
    const stuck = liveContextOf(withStates({ 'Kitchen Light': 'on', 'Hall Light': 'on' }));
    for (let attempt = 1; attempt <= 2; attempt++) {
      const read = await ask(harness, request);
      assert.deepEqual(
        read.calls.map((call) => call.name),
        ['GetLiveContext'],
      );
      request = withResult(request, read.calls[0]!, stuck);
    }
    const answer = await ask(harness, request);
    assert.equal(
      answer.content,
      'Turned on Kitchen Light. Turned off Hall Light. But Hall Light has not yet reported the requested state.',
    );
  });

  it('reports a part Home Assistant could not do, naming it', async () => {
    const harness = createHarness();
    const first = buildHaRequest(TWO_FLOOR_HOME, { userText: SENTENCE, era: '2026' });
    const commands = await ask(harness, first);
    const answer = await ask(
      harness,
      afterBoth(first, commands, [actionResult(['Kitchen Light']), actionResult([], ['Hall Light'])]),
    );
    assert.equal(answer.content, 'Sorry, that did not work for Hall Light.');
    assert.deepEqual(answer.calls, []);
  });

  it('goes to the model as a whole when the client allows one call only (parallel_tool_calls: false)', async () => {
    const harness = createHarness();
    const request = {
      ...buildHaRequest(TWO_FLOOR_HOME, { userText: SENTENCE, era: '2026' }),
      parallel_tool_calls: false,
    };
    const answer = await ask(harness, request);
    assert.equal(harness.gemma.turns.length, 1);
    assert.equal(
      answer.metrics.ha_plan?.generative_reason,
      'the sentence has several commands and parallel_tool_calls is false',
    );
  });

  it('goes to the model as a whole when a part is sensitive; without a model, asks before sending any part', async () => {
    const text = 'turn on the kitchen light and unlock the back door';
    const withModel = createHarness();
    const handedOver = await ask(withModel, buildHaRequest(TWO_FLOOR_HOME, { userText: text, era: '2026' }));
    assert.equal(withModel.gemma.turns.length, 1);
    assert.equal(handedOver.metrics.ha_plan?.generative_reason, 'a part of the sentence is a sensitive action');
    const alone = createHarness({ withoutTextModel: true });
    const asked = await ask(alone, buildHaRequest(TWO_FLOOR_HOME, { userText: text, era: '2026' }));
    assert.deepEqual(asked.calls, []);
    assert.equal(asked.content, 'Unlock the Back Door? Say yes to confirm.');
  });
});
