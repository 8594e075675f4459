// Answering `execute_services` results without a model: the integration's success and error shapes, read as Python.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decideServiceResult } from '../../../src/assist/extended/index.ts';
import { understandRequest } from '../../../src/assist/index.ts';
import { decodeChatRequest } from '../../../src/openai/index.ts';
import { readHaRequestFixture } from '../../fixtures/data.ts';

/** The fixture: system prompt, "Turn off the living room light", the execute_services call and its result. */
const FIXTURE = readHaRequestFixture('variants/b-extended-openai-conversation.json') as {
  messages: Record<string, unknown>[];
};

/** The fixture's round with the call's `arguments` and the integration's `result` in place of its own. */
function roundWith(result: string, args?: unknown) {
  const [system, user, assistant] = FIXTURE.messages as [
    Record<string, unknown>,
    Record<string, unknown>,
    { tool_calls: { id: string; function: { name: string; arguments: string } }[] },
  ];
  const call = assistant.tool_calls[0]!;
  const function_ = args === undefined ? call.function : { ...call.function, arguments: JSON.stringify(args) };
  const messages = [
    system,
    user,
    { ...assistant, tool_calls: [{ ...call, function: function_ }] },
    { tool_call_id: call.id, role: 'tool', name: call.function.name, content: result },
  ];
  return understandRequest(decodeChatRequest({ ...FIXTURE, messages }));
}

const BOTH_LIGHTS = {
  list: [
    { domain: 'light', service: 'turn_off', service_data: { entity_id: 'light.living_room_light' } },
    { domain: 'light', service: 'turn_off', service_data: { entity_id: 'light.kitchen_light' } },
  ],
};

describe('decideServiceResult', () => {
  const rows: [string, string, unknown, { text: string; failed?: string[] } | undefined][] = [
    ["[{'success': True}]", "[{'success': True}]", undefined, { text: 'Turned off Living Room Light.' }],
    ['[True] (older versions)', '[True]', undefined, { text: 'Turned off Living Room Light.' }],
    [
      'one success per item, two items',
      "[{'success': True}, {'success': True}]",
      BOTH_LIGHTS,
      { text: 'Turned off Living Room Light and Kitchen Light.' },
    ],
    [
      "{'error': …} → the integration's message",
      "{'error': 'Service light.turn_off not found.'}",
      undefined,
      { text: 'Sorry, that did not work: Service light.turn_off not found.', failed: ['Living Room Light'] },
    ],
    [
      "[{'success': False}] → what failed, by name",
      "[{'success': False}]",
      undefined,
      { text: 'Sorry, that did not work for Living Room Light.', failed: ['Living Room Light'] },
    ],
    [
      'a service with no acknowledgement of its own → "Done."',
      "[{'success': True}]",
      {
        list: [
          {
            domain: 'cover',
            service: 'set_cover_position',
            service_data: { entity_id: 'cover.living_room_blinds', position: 30 },
          },
        ],
      },
      { text: 'Done.' },
    ],
    ['unreadable text → the model answers', 'it went fine I think', undefined, undefined],
    ['a list of something else → the model answers', "[{'state': 'off'}]", undefined, undefined],
    ['a list of strings → the model answers', "['ok']", undefined, undefined],
  ];
  for (const [what, result, args, expected] of rows)
    it(`${what}`, () => {
      const decision = decideServiceResult(roundWith(result, args));
      if (expected === undefined) {
        assert.equal(decision, undefined);
        return;
      }
      assert.equal(decision?.kind, 'answer');
      assert.ok(decision.kind === 'answer');
      assert.equal(decision.text, expected.text);
      assert.deepEqual(
        decision.plan,
        expected.failed === undefined ? { kind: 'verify' } : { kind: 'verify', failed: expected.failed },
      );
    });

  it('a first round with no tool result → undefined', () => {
    const [system, user] = FIXTURE.messages;
    assert.equal(
      decideServiceResult(understandRequest(decodeChatRequest({ ...FIXTURE, messages: [system, user] }))),
      undefined,
    );
  });
});
