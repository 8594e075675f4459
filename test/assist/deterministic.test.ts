// HA-Assist's deterministic path through the app, as Home Assistant calls it: zero model calls on every row.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat, type Harness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { actionResult, firstRequest, homeWith, liveContextOf, withResult } from './ha-turns.ts';
import { loadBuiltInGrammar } from '../../src/assist/index.ts';
import type { Intents } from '../../src/hassil/index.ts';
import { officialGrammar } from '../fixtures/grammar.ts';

function assertDirect(harness: Harness, answer: Answer): void {
  assert.deepEqual(answer.metrics.ha_route, { route: 'direct', backend: null, prep_ms: 0, inference_calls: 0 });
  assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0, 'no model was called');
}

const GRAMMARS: [string, Intents][] = [
  ['the built-in grammar', loadBuiltInGrammar()],
  ["Home Assistant's grammar (intents.path)", officialGrammar('en')],
];

for (const [label, grammar] of GRAMMARS)
  describe(`HA-Assist deterministic path with ${label} (0 generative calls)`, () => {
    it('"Turn off the living room light" → HassTurnOff with the exact name and domain', async () => {
      const harness = createHarness({ grammar });
      const answer = await ask(harness, firstRequest('Turn off the living room light'));
      assertDirect(harness, answer);
      assert.deepEqual(
        answer.calls.map((c) => [c.name, JSON.parse(c.arguments)]),
        [['HassTurnOff', { name: 'Living Room Light', domain: ['light'] }]],
      );
      assert.equal(answer.metrics.ha_intent?.intent, 'HassTurnOff');
    });

    it('"Set the living room brightness to 70%" → HassLightSet for the area, absolute brightness', async () => {
      const harness = createHarness({ grammar });
      const answer = await ask(harness, firstRequest('Set the living room brightness to 70%'));
      assertDirect(harness, answer);
      assert.equal(answer.calls[0]?.name, 'HassLightSet');
      assert.deepEqual(JSON.parse(answer.calls[0]!.arguments), {
        area: 'Living Room',
        domain: ['light'],
        brightness: 70,
      });
    });

    it('"Is the kitchen light on?" → GetLiveContext, then the answer from its result', async () => {
      const harness = createHarness({ grammar });
      const first = firstRequest('Is the kitchen light on?');
      const read = await ask(harness, first);
      assertDirect(harness, read);
      assert.deepEqual(
        read.calls.map((c) => [c.name, c.arguments]),
        [['GetLiveContext', '{}']],
      );
      const answer = await ask(
        harness,
        withResult(first, read.calls[0]!, liveContextOf(homeWith({ 'Kitchen Light': 'on' }))),
      );
      assertDirect(harness, answer);
      assert.equal(answer.content, 'Yes, Kitchen Light is on.');
    });

    it('"What is the living room temperature?" → the thermostat\'s current temperature, never its setpoint', async () => {
      const harness = createHarness({ grammar });
      const first = firstRequest('What is the living room temperature?');
      const read = await ask(harness, first);
      const answer = await ask(harness, withResult(first, read.calls[0]!, liveContextOf(homeWith({}))));
      assertDirect(harness, answer);
      assert.equal(answer.content, 'It is 20.5 degrees in the Living Room (Thermostat).');
      assert.doesNotMatch(answer.content ?? '', /21/, 'the setpoint (21.0) is not the ambient temperature');
    });

    it('a successful on/off result → one delayed GetLiveContext read, then the acknowledgement', async () => {
      const harness = createHarness({ grammar });
      const first = firstRequest('Turn off the living room light');
      const command = (await ask(harness, first)).calls[0]!;
      const afterAction = withResult(first, command, actionResult(['Living Room Light']));
      const read = await ask(harness, afterAction);
      assertDirect(harness, read);
      assert.deepEqual(
        read.calls.map((c) => c.name),
        ['GetLiveContext'],
      );
      assert.deepEqual(read.metrics.ha_verify, { kind: 'state-read', attempt: 1, attempts: 2, delay_s: 0.5 });
      assert.equal(read.metrics.ha_verify_settle_ms, 500);
      const done = await ask(
        harness,
        withResult(afterAction, read.calls[0]!, liveContextOf(homeWith({ 'Living Room Light': 'off' }))),
      );
      assertDirect(harness, done);
      assert.equal(done.content, 'Turned off Living Room Light.');
      assert.deepEqual(done.metrics.ha_verify, { kind: 'confirmed', attempt: 1, attempts: 2, delay_s: 0.5 });
    });

    it('an explicit failed target → the failure at once, naming it, without reading state', async () => {
      const harness = createHarness({ grammar });
      const first = firstRequest('Turn off the living room light');
      const command = (await ask(harness, first)).calls[0]!;
      const answer = await ask(harness, withResult(first, command, actionResult([], ['Living Room Light'])));
      assertDirect(harness, answer);
      assert.equal(answer.calls.length, 0);
      assert.equal(answer.content, 'Sorry, that did not work for Living Room Light.');
    });
  });

describe('HA-Assist direct answers over a stream (Local OpenAI LLM streams every request)', () => {
  it('streams the tool call in one delta with its id and name, then finish_reason tool_calls', async () => {
    const harness = createHarness();
    const response = await postChat(harness.app, { ...firstRequest('Turn off the living room light'), stream: true });
    const frames = (await response.text())
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => frame.slice(6));
    assert.equal(frames.at(-1), '[DONE]');
    const chunks = frames.slice(0, -1).map(
      (frame) =>
        JSON.parse(frame) as {
          choices: {
            delta: { tool_calls?: { index: number; id?: string; function: { name?: string; arguments: string } }[] };
            finish_reason: string | null;
          }[];
        },
    );
    const calls = chunks.flatMap((chunk) => chunk.choices[0]!.delta.tool_calls ?? []);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.function.name, 'HassTurnOff');
    assert.match(calls[0]!.id ?? '', /^call_/);
    assert.deepEqual(JSON.parse(calls[0]!.function.arguments), { name: 'Living Room Light', domain: ['light'] });
    assert.equal(chunks.at(-1)!.choices[0]!.finish_reason, 'tool_calls');
    assert.equal(harness.gemma.turns.length, 0);
  });
});
