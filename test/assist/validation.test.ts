// Validating the model's output through the app: a generated tool call that breaks a rule never reaches Home Assistant.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat, readSse } from '../server/app-harness.ts';
import { ask } from './ask-app.ts';
import { DEMO_HOME } from '../../src/demo-home/index.ts';
import { buildHaRequest, type HaChatRequest } from '../../src/homeassistant/request/index.ts';
import type { ReplyDelta, ToolCall } from '../../src/conversation/index.ts';

const TEXT = 'Make the living room more comfortable';

function request(extra: Record<string, unknown> = {}): HaChatRequest {
  return { ...buildHaRequest(DEMO_HOME, { userText: TEXT, era: '2026' }), ...extra } as HaChatRequest;
}

function call(name: string, args: unknown, id = `call_${name}`): ToolCall {
  return { id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

/** Asks with the model scripted to answer `calls` (and `content`); returns the answer. */
async function askWith(calls: ToolCall[], extra: Record<string, unknown> = {}, content: string | null = null) {
  const harness = createHarness();
  harness.gemma.script({
    kind: 'reply',
    reply: { content, toolCalls: calls, finishReason: calls.length > 0 ? 'tool_calls' : 'stop' },
  });
  const answer = await ask(harness, request(extra));
  assert.equal(harness.gemma.turns.length, 1);
  return answer;
}

describe("validating the model's tool calls", () => {
  it('passes a valid call on unchanged', async () => {
    const answer = await askWith([call('HassClimateSetTemperature', { name: 'Thermostat', temperature: 21 })]);
    assert.deepEqual(
      answer.calls.map((c) => [c.name, c.arguments]),
      [['HassClimateSetTemperature', '{"name":"Thermostat","temperature":21}']],
    );
    assert.deepEqual(answer.metrics.ha_validation, { valid: true, calls: 1 });
  });

  const rejected: { what: string; calls: ToolCall[]; extra?: Record<string, unknown>; rule: string; reason: RegExp }[] =
    [
      {
        what: 'an unknown tool',
        calls: [call('HassOpenTheGarage', {})],
        rule: 'unknown_tool',
        reason: /"HassOpenTheGarage", a tool it was not given/,
      },
      {
        what: 'arguments that are not JSON',
        calls: [call('HassTurnOn', '{"name": "Thermostat"')],
        rule: 'arguments',
        reason: /not valid JSON/,
      },
      {
        what: 'a schema violation',
        calls: [call('HassClimateSetTemperature', { name: 'Thermostat', temperature: 'warm' })],
        rule: 'schema',
        reason: /do not match its schema: \/temperature must be number/,
      },
      {
        what: 'a device that does not exist',
        calls: [call('HassTurnOn', { name: 'Sauna Heater' })],
        rule: 'target',
        reason: /"Sauna Heater", which is not an exposed device/,
      },
      {
        what: 'an area that does not exist',
        calls: [call('HassTurnOff', { area: 'Sauna', domain: ['light'] })],
        rule: 'target',
        reason: /the area "Sauna", which the home does not have/,
      },
      {
        what: 'two calls with parallel_tool_calls off',
        calls: [
          call('HassTurnOn', { name: 'Floor Lamp' }, 'a'),
          call('HassTurnOn', { name: 'Living Room Light' }, 'b'),
        ],
        extra: { parallel_tool_calls: false },
        rule: 'parallel_tool_calls',
        reason: /parallel_tool_calls is false but the model made 2 calls/,
      },
      {
        what: 'a call when tool_choice is none',
        calls: [call('HassTurnOn', { name: 'Floor Lamp' })],
        extra: { tool_choice: 'none' },
        rule: 'tool_choice',
        reason: /although tool_choice is none/,
      },
      {
        what: 'no call when tool_choice is required',
        calls: [],
        extra: { tool_choice: 'required' },
        rule: 'tool_choice',
        reason: /tool_choice is required but the model called no tool/,
      },
      {
        what: 'another tool than tool_choice names',
        calls: [call('HassTurnOn', { name: 'Floor Lamp' })],
        extra: { tool_choice: { type: 'function', function: { name: 'HassClimateSetTemperature' } } },
        rule: 'tool_choice',
        reason: /tool_choice names HassClimateSetTemperature but the model called HassTurnOn/,
      },
    ];
  for (const { what, calls, extra, rule, reason } of rejected) {
    it(`rejects ${what}, saying plainly that nothing was done, with the reason in metrics`, async () => {
      const answer = await askWith(calls, extra, calls.length === 0 ? 'Done!' : null);
      assert.deepEqual(answer.calls, []);
      assert.match(answer.content ?? '', /^Sorry, I could not carry that out/);
      const validation = answer.metrics.ha_validation as { valid: boolean; rule: string; reason: string };
      assert.equal(validation.valid, false);
      assert.equal(validation.rule, rule);
      assert.match(validation.reason, reason);
    });
  }

  it('keeps the tool a named tool_choice requires in the prompt, even when retrieval would not choose it', async () => {
    const harness = createHarness();
    await ask(harness, request({ tool_choice: { type: 'function', function: { name: 'HassListAddItem' } } }));
    assert.ok(harness.gemma.turns[0]!.tools.some((tool) => tool.name === 'HassListAddItem'));
  });
});

describe('validating a streamed answer', () => {
  async function stream(deltas: ReplyDelta[]) {
    const harness = createHarness();
    harness.gemma.script({ kind: 'stream', deltas });
    const response = await postChat(harness.app, { ...request(), stream: true });
    assert.equal(response.status, 200);
    const frames = (await readSse(response))
      .filter((frame) => frame !== '[DONE]')
      .map(
        (frame) =>
          JSON.parse(frame) as {
            choices: {
              delta: { content?: string; tool_calls?: { function: { name?: string; arguments?: string } }[] };
              finish_reason: string | null;
            }[];
          },
      );
    return frames.flatMap((frame) => frame.choices);
  }

  it('streams text as the model generates it, piece by piece', async () => {
    const choices = await stream([
      { content: 'Setting ' },
      { content: 'it to ' },
      { content: '21 degrees.' },
      { finishReason: 'stop' },
    ]);
    assert.deepEqual(
      choices.map((choice) => choice.delta.content).filter((text) => text !== undefined),
      ['Setting ', 'it to ', '21 degrees.'],
    );
    assert.equal(choices.at(-1)?.finish_reason, 'stop');
  });

  it('sends tool-call fragments only once the whole call is checked, as one call', async () => {
    const choices = await stream([
      { toolCalls: [{ index: 0, id: 'c1', name: 'HassClimateSetTemperature', arguments: '{"name":"Therm' }] },
      { toolCalls: [{ index: 0, arguments: 'ostat","temperature":21}' }] },
      { finishReason: 'tool_calls' },
    ]);
    const calls = choices.flatMap((choice) => choice.delta.tool_calls ?? []);
    assert.deepEqual(
      calls.map((c) => [c.function.name, c.function.arguments]),
      [['HassClimateSetTemperature', '{"name":"Thermostat","temperature":21}']],
    );
    assert.equal(choices.at(-1)?.finish_reason, 'tool_calls');
  });

  it('replaces an invalid streamed call with the plain refusal', async () => {
    const choices = await stream([
      { toolCalls: [{ index: 0, id: 'c1', name: 'HassUnlockEverything', arguments: '{}' }] },
      { finishReason: 'tool_calls' },
    ]);
    assert.deepEqual(
      choices.flatMap((choice) => choice.delta.tool_calls ?? []),
      [],
    );
    assert.match(
      choices.map((choice) => choice.delta.content ?? '').join(''),
      /could not carry that out.*HassUnlockEverything/,
    );
    assert.equal(choices.at(-1)?.finish_reason, 'stop');
  });
});

describe('only the tools HA-Assist gave the model', () => {
  const QUESTION = 'What is the capital of France?';
  const unlock = call('HassTurnOff', { name: 'Front Door', domain: ['lock'] });

  it('rejects a call when the model was given no tools, although Home Assistant offered it', async () => {
    const harness = createHarness();
    harness.gemma.script({ kind: 'reply', reply: { content: null, toolCalls: [unlock], finishReason: 'tool_calls' } });
    const answer = await ask(harness, buildHaRequest(DEMO_HOME, { userText: QUESTION, era: '2026' }));
    assert.deepEqual(harness.gemma.turns[0]?.tools, []);
    assert.deepEqual(answer.calls, []);
    assert.equal(answer.metrics.ha_validation?.rule, 'unknown_tool');
  });

  it('rejects it in a stream too', async () => {
    const harness = createHarness();
    const deltas: ReplyDelta[] = [
      { toolCalls: [{ index: 0, id: unlock.id, name: unlock.name, arguments: unlock.arguments }] },
      { finishReason: 'tool_calls' },
    ];
    harness.gemma.script({ kind: 'stream', deltas });
    const body = { ...buildHaRequest(DEMO_HOME, { userText: QUESTION, era: '2026' }), stream: true };
    const frames = (await readSse(await postChat(harness.app, body))).filter((data) => data !== '[DONE]');
    const parsed = frames.map(
      (data) => JSON.parse(data) as { choices: { delta?: { tool_calls?: unknown; content?: string } }[] },
    );
    assert.equal(
      parsed.some((frame) => frame.choices[0]?.delta?.tool_calls !== undefined),
      false,
    );
    assert.match(parsed.map((frame) => frame.choices[0]?.delta?.content ?? '').join(''), /a tool it was not given/);
  });
});
