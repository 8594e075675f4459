// The deterministic path's safeguards: ambiguity, measurements, and the verification sequence's edge cases.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat, type Harness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { actionResult, firstRequest, homePlus, homeWith, liveContextOf, withResult } from './ha-turns.ts';
import type { HaChatRequest, Home } from '../../src/homeassistant/request/index.ts';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';

/** Asks a question that needs live state: the read, then the answer from `live`. */
async function askWithLiveState(harness: Harness, text: string, home: Home, live: Home): Promise<Answer> {
  const first = firstRequest(text, home);
  const read = await ask(harness, first);
  assert.deepEqual(
    read.calls.map((c) => c.name),
    ['GetLiveContext'],
  );
  return ask(harness, withResult(first, read.calls[0]!, liveContextOf(live)));
}

/** Runs a turn-off command and the first verification read; returns the request after that read's call. */
async function turnOffAndRead(harness: Harness, states: string[]): Promise<Answer[]> {
  let request = firstRequest('Turn off the living room light');
  const command = (await ask(harness, request)).calls[0]!;
  request = withResult(request, command, actionResult(['Living Room Light']));
  const answers: Answer[] = [];
  let answer = await ask(harness, request);
  answers.push(answer);
  for (const state of states) {
    if (answer.calls[0]?.name !== 'GetLiveContext') break;
    request = withResult(request, answer.calls[0], liveContextOf(homeWith({ 'Living Room Light': state })));
    answer = await ask(harness, request);
    answers.push(answer);
  }
  return answers;
}

describe('ambiguity', () => {
  const home = homePlus(FIXTURE_HOME, { name: 'Ceiling Light', domain: 'light', area: 'Bedroom', state: 'on' });

  it('never picks between two entities of one name by catalogue order: without a model it asks, naming the candidates', async () => {
    const harness = createHarness({ withoutTextModel: true });
    const answer = await ask(harness, firstRequest('Turn off the ceiling light', home));
    assert.equal(answer.calls.length, 0);
    assert.equal(
      answer.content,
      'There is more than one Ceiling Light. Which one do you mean: the one in the Bedroom or the one in the Living Room?',
    );
    assert.deepEqual(answer.metrics.ha_plan?.kind, 'ambiguous');
    assert.equal(answer.metrics.ha_route?.inference_calls, 0);
  });

  it('with a model, sends the candidates to it once and accepts a call that picks one of them', async () => {
    const harness = createHarness();
    harness.gemma.script({
      kind: 'reply',
      reply: {
        content: null,
        toolCalls: [{ id: 'c1', name: 'HassTurnOff', arguments: '{"name":"Ceiling Light","area":"Bedroom"}' }],
        finishReason: 'tool_calls',
      },
    });
    const answer = await ask(harness, firstRequest('Turn off the ceiling light', home));
    assert.equal(harness.gemma.turns.length, 1);
    const system = String(harness.gemma.turns[0]!.messages[0]!.content);
    assert.match(
      system,
      /Several devices fit the request equally well: Ceiling Light \(Bedroom\), Living Room Light \(Living Room\)/,
    );
    assert.deepEqual(
      answer.calls.map((call) => call.arguments),
      ['{"name":"Ceiling Light","area":"Bedroom"}'],
    );
    assert.equal(answer.metrics.ha_validation?.valid, true);
  });

  it('rejects a model call that targets something other than the candidates', async () => {
    const harness = createHarness();
    harness.gemma.script({
      kind: 'reply',
      reply: {
        content: null,
        toolCalls: [{ id: 'c1', name: 'HassTurnOff', arguments: '{"name":"Kitchen Light"}' }],
        finishReason: 'tool_calls',
      },
    });
    const answer = await ask(harness, firstRequest('Turn off the ceiling light', home));
    assert.equal(answer.calls.length, 0);
    assert.match(answer.content ?? '', /could not carry that out/);
    assert.equal(answer.metrics.ha_validation?.rule, 'candidates');
  });

  it('holds the model to the value the command asked for', async () => {
    const set = (brightness: number) => ({
      kind: 'reply' as const,
      reply: {
        content: null,
        toolCalls: [
          {
            id: 'c1',
            name: 'HassLightSet',
            arguments: JSON.stringify({ name: 'Ceiling Light', area: 'Bedroom', brightness }),
          },
        ],
        finishReason: 'tool_calls',
      },
    });
    const harness = createHarness();
    harness.gemma.script(set(40), set(70));
    const wrong = await ask(harness, firstRequest('Set the ceiling light to 70%', home));
    assert.deepEqual(wrong.metrics.ha_plan?.values, { brightness: 70 });
    assert.equal(wrong.metrics.ha_validation?.rule, 'value');
    assert.match(String(wrong.metrics.ha_validation?.reason), /must set brightness to 70 as asked, not 40/);
    const right = await ask(harness, firstRequest('Set the ceiling light to 70%', home));
    assert.equal(right.metrics.ha_validation?.valid, true);
    assert.equal(right.calls.length, 1);
  });

  it('rejects a model call whose name still fits both candidates', async () => {
    const harness = createHarness();
    harness.gemma.script({
      kind: 'reply',
      reply: {
        content: null,
        toolCalls: [{ id: 'c1', name: 'HassTurnOff', arguments: '{"name":"Ceiling Light"}' }],
        finishReason: 'tool_calls',
      },
    });
    const answer = await ask(harness, firstRequest('Turn off the ceiling light', home));
    assert.equal(answer.calls.length, 0);
    assert.equal(answer.metrics.ha_validation?.rule, 'candidates');
  });
});

describe('measurements', () => {
  it('reads a temperature sensor of the area', async () => {
    const harness = createHarness();
    const answer = await askWithLiveState(
      harness,
      'What is the temperature in the kitchen?',
      FIXTURE_HOME,
      FIXTURE_HOME,
    );
    assert.equal(answer.content, 'It is 22.4°C in the Kitchen (Kitchen Temperature).');
    assert.equal(harness.gemma.turns.length, 0);
  });

  it('does not present an unavailable sensor as a measurement: the model gets the question', async () => {
    const harness = createHarness();
    const answer = await askWithLiveState(
      harness,
      'What is the temperature in the kitchen?',
      FIXTURE_HOME,
      homeWith({ 'Kitchen Temperature': 'unavailable' }),
    );
    assert.equal(answer.metrics.ha_route?.route, 'llm');
    assert.equal(harness.gemma.turns.length, 1);
    assert.equal(answer.metrics.ha_plan?.generative_reason, 'no current temperature reading fits the question');
  });

  it('does not choose between two equally plausible readings by order', async () => {
    const harness = createHarness();
    const home = homePlus(FIXTURE_HOME, {
      name: 'Kitchen Thermometer',
      domain: 'sensor',
      area: 'Kitchen',
      state: '21.9',
      attributes: { unit_of_measurement: '°C', device_class: 'temperature' },
    });
    const answer = await askWithLiveState(harness, 'What is the temperature in the kitchen?', home, home);
    assert.equal(answer.metrics.ha_route?.route, 'llm');
    assert.deepEqual(
      (answer.metrics.ha_plan?.candidates as { name: string }[]).map((c) => c.name),
      ['Kitchen Temperature', 'Kitchen Thermometer'],
    );
  });

  it('counts a thermostat only by its current temperature, so a sensor beside it makes two readings', async () => {
    const harness = createHarness();
    const home = homePlus(FIXTURE_HOME, {
      name: 'Sofa Sensor',
      domain: 'sensor',
      area: 'Living Room',
      state: '20.1',
      attributes: { unit_of_measurement: '°C', device_class: 'temperature' },
    });
    const answer = await askWithLiveState(harness, 'What is the living room temperature?', home, home);
    assert.equal(answer.metrics.ha_route?.route, 'llm');
  });
});

describe('action-result verification', () => {
  it('late state: the first read is stale, the second confirms; the action is never sent again', async () => {
    const harness = createHarness();
    const answers = await turnOffAndRead(harness, ['on', 'off']);
    assert.deepEqual(
      answers.map((a) => a.calls.map((c) => c.name)),
      [['GetLiveContext'], ['GetLiveContext'], []],
    );
    assert.deepEqual(
      answers.map((a) => a.metrics.ha_verify?.attempt),
      [1, 2, 2],
    );
    assert.equal(answers[2]!.content, 'Turned off Living Room Light.');
    assert.ok(
      answers.every((a) => a.calls.every((c) => c.name !== 'HassTurnOff')),
      'no second HassTurnOff',
    );
  });

  it('still wrong after every read: accepted, but not yet in the requested state (not a failure)', async () => {
    const harness = createHarness();
    const answers = await turnOffAndRead(harness, ['on', 'on']);
    assert.equal(answers.length, 3);
    assert.equal(
      answers[2]!.content,
      'Turned off Living Room Light. But Living Room Light has not yet reported the requested state.',
    );
    assert.equal(answers[2]!.metrics.ha_verify?.kind, 'unconfirmed');
  });

  it('0 attempts turns verification off: the acknowledgement comes at once', async () => {
    const harness = createHarness({ settings: { verifyAttempts: 0 } });
    const answers = await turnOffAndRead(harness, []);
    assert.deepEqual(answers[0]!.calls, []);
    assert.equal(answers[0]!.content, 'Turned off Living Room Light.');
    assert.equal(answers[0]!.metrics.ha_verify_settle_ms, undefined);
  });

  it('waits the configured delay before each read, per request', async () => {
    const waits: number[] = [];
    const harness = createHarness({ settings: { verifyDelaySeconds: 1.5 }, sleep: async (ms) => void waits.push(ms) });
    await turnOffAndRead(harness, ['on', 'off']);
    assert.deepEqual(waits, [1500, 1500]);
  });
});

describe('the generative way', () => {
  it('a general question goes to the text model as exactly one call, without finished house-control turns', async () => {
    const harness = createHarness();
    const earlier = firstRequest('Turn off the living room light');
    const command = (await ask(harness, earlier)).calls[0]!;
    const done = withResult(earlier, command, actionResult(['Living Room Light']));
    const messages = [
      ...done.messages,
      { role: 'assistant', content: 'Turned off Living Room Light.' },
      { role: 'user', content: 'What is the capital of France?' },
    ];
    const answer = await ask(harness, { ...done, messages } as HaChatRequest);
    assert.equal(answer.metrics.ha_route?.route, 'llm');
    assert.equal(harness.gemma.turns.length, 1);
    assert.deepEqual(
      harness.gemma.turns[0]!.messages.map((m) => m.role),
      ['system', 'user'],
    );
    assert.deepEqual(answer.metrics.ha_history, {
      policy: 'drop-completed-tool-turns',
      messages: 6,
      kept: 2,
      dropped: 4,
    });
  });
});

describe('ha_context', () => {
  it('adds aliases Home Assistant did not send, and a satellite area for "the lights"', async () => {
    const harness = createHarness();
    const aliased = await ask(harness, {
      ...firstRequest('Turn on the cooking light'),
      ha_context: { aliases: { 'Kitchen Light': ['Cooking Light'] } },
    } as HaChatRequest);
    assert.deepEqual(
      aliased.calls.map((c) => [c.name, JSON.parse(c.arguments)]),
      [['HassTurnOn', { name: 'Kitchen Light', domain: ['light'] }]],
    );
    const here = await ask(harness, {
      ...firstRequest('Turn on the lights'),
      ha_context: { satellite: { area: 'Kitchen' } },
    } as HaChatRequest);
    assert.deepEqual(
      here.calls.map((c) => [c.name, JSON.parse(c.arguments)]),
      [['HassTurnOn', { area: 'Kitchen', domain: ['light'] }]],
    );
    assert.equal(harness.gemma.turns.length, 0);
  });

  it('refuses a malformed ha_context with a 400 naming the field', async () => {
    const harness = createHarness();
    const response = await postChat(harness.app, {
      ...firstRequest('Turn on the lights'),
      ha_context: { aliases: { 'Kitchen Light': 'Cooking Light' } },
    });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: { param: string; code: string } };
    assert.deepEqual([body.error.param, body.error.code], ['ha_context.aliases.Kitchen Light', 'invalid_ha_context']);
  });
});

describe('conservative repair', () => {
  it('repairs one misspelt name and parses again, reporting the correction', async () => {
    const harness = createHarness();
    const answer = await ask(harness, firstRequest('Turn off the livng room light'));
    assert.deepEqual(
      answer.calls.map((c) => [c.name, JSON.parse(c.arguments)]),
      [['HassTurnOff', { name: 'Living Room Light', domain: ['light'] }]],
    );
    assert.equal(answer.metrics.ha_intent?.match, 'repaired');
    assert.deepEqual(
      (answer.metrics.ha_plan?.corrections as { kind: string; to: string }[]).map((c) => [c.kind, c.to]),
      [['fuzzy', 'Living Room Light']],
    );
    assert.equal(harness.gemma.turns.length, 0);
  });

  it('never repairs towards a lock: the model gets the turn, with the refusal in the diagnostics', async () => {
    const harness = createHarness();
    const answer = await ask(harness, firstRequest('Unlock the front dor'));
    assert.equal(answer.metrics.ha_route?.route, 'llm');
    assert.equal((answer.metrics.ha_intent?.repair as { refused: string }).refused, 'unsafe-target');
  });

  it('refuses a repair between two equally close names', async () => {
    const harness = createHarness();
    let home = homePlus(FIXTURE_HOME, { name: 'Hall Lamp', domain: 'light', area: 'Bedroom', state: 'off' });
    home = homePlus(home, { name: 'Wall Lamp', domain: 'light', area: 'Kitchen', state: 'off' });
    const answer = await ask(harness, firstRequest('Turn on the ball lamp', home));
    assert.equal(answer.calls.length, 0);
    assert.equal(answer.metrics.ha_route?.route, 'llm');
    assert.equal((answer.metrics.ha_intent?.repair as { refused: string }).refused, 'ambiguous');
  });
});

describe('area commands checked against the home', () => {
  it('says there is no such device in the area when no model can be asked, and sends nothing', async () => {
    const harness = createHarness({ withoutTextModel: true });
    const answer = await ask(harness, firstRequest('Turn off the fan in the kitchen'));
    assert.deepEqual(answer.calls, []);
    assert.equal(answer.content, 'There is no fan in the Kitchen.');
    assert.equal(answer.metrics.ha_route?.inference_calls, 0);
  });
});
