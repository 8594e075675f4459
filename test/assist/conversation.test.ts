// A conversation driven as Home Assistant drives it: tool calls run on a simulated home, results sent back, turn after turn.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';
import { createSimulatedHome, runConversation } from '../fakes/home-assistant/index.ts';
import { createHarness, postChat } from '../server/app-harness.ts';

describe('a conversation with HA-Assist, as Home Assistant holds it', () => {
  it('acts, verifies a late device, answers state from a fresh read, reports a failure, and hands one question to the model', async () => {
    const harness = createHarness();
    harness.gemma.script({ kind: 'reply', reply: { content: 'Paris.', toolCalls: [], finishReason: 'stop' } });
    const simulation = createSimulatedHome(FIXTURE_HOME, {
      lateReads: { 'Living Room Light': 1 },
      failing: ['Kitchen Light'],
    });
    const turns = await runConversation(
      [
        'Turn off the living room light',
        'Is the living room light on?',
        'Turn on the kitchen light',
        'What is the capital of France?',
      ],
      {
        home: FIXTURE_HOME,
        simulation,
        send: async (body) => (await postChat(harness.app, body)).json() as never,
      },
    );

    assert.deepEqual(
      turns.map((turn) => turn.answer),
      [
        'Turned off Living Room Light.',
        'No, Living Room Light is off.',
        'Sorry, that did not work for Kitchen Light.',
        'Paris.',
      ],
    );
    // The late light needed a second read; the command itself was sent once.
    assert.deepEqual(
      turns[0]!.toolCalls.map((call) => call.name),
      ['HassTurnOff', 'GetLiveContext', 'GetLiveContext'],
    );
    assert.deepEqual(simulation.commands, [
      { intent: 'HassTurnOff', args: { name: 'Living Room Light', domain: ['light'] } },
      { intent: 'HassTurnOn', args: { name: 'Kitchen Light', domain: ['light'] } },
    ]);
    assert.deepEqual(
      turns[1]!.toolCalls.map((call) => call.name),
      ['GetLiveContext'],
    );
    assert.deepEqual(
      turns[2]!.toolCalls.map((call) => call.name),
      ['HassTurnOn'],
      'a failed target is reported without reading state',
    );
    // Only the general question reached the model, without the finished house-control turns.
    assert.equal(harness.gemma.turns.length, 1);
    assert.deepEqual(
      harness.gemma.turns[0]!.messages.map((message) => message.role),
      ['system', 'user'],
    );
  });
});
