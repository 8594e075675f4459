// Step 2: text, image or tool-result round.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasImage, type Message } from '../../../src/conversation/index.ts';
import { detectRequestType, understandRequest, type RequestType } from '../../../src/assist/index.ts';
import { filterHistory } from '../../../src/assist/steps/filter-history.ts';
import type { HaChatRequest } from '../../../src/homeassistant/request/index.ts';
import { createHarness } from '../../server/app-harness.ts';
import { ask } from '../ask-app.ts';
import { firstRequest } from '../ha-turns.ts';

function typeOf(messages: Message[]): RequestType {
  return detectRequestType(
    understandRequest({
      model: 'HA-Assist',
      messages,
      tools: [],
      stream: false,
      includeUsage: false,
      sampling: {},
      extra: {},
    }),
  );
}

const IMAGE = { kind: 'image' as const, url: 'data:image/jpeg;base64,AAAA' };

describe('detectRequestType', () => {
  it('a plain user message is text', () =>
    assert.equal(typeOf([{ role: 'user', content: 'Turn off the light' }]), 'text'));
  it('an image part in the current user message is an image turn', () => {
    assert.equal(typeOf([{ role: 'user', content: [{ kind: 'text', text: 'What can you see?' }, IMAGE] }]), 'image');
  });
  it('an image in an earlier turn the model will see makes a follow-up an image turn', () => {
    assert.equal(
      typeOf([
        { role: 'user', content: [IMAGE] },
        { role: 'assistant', content: 'A cat.', toolCalls: [] },
        { role: 'user', content: 'What colour is it?' },
      ]),
      'image',
    );
  });
  it('an image in an earlier turn that used tools (dropped from the history a model sees) does not', () => {
    assert.equal(
      typeOf([
        { role: 'user', content: [{ kind: 'text', text: 'Is this the kitchen light?' }, IMAGE] },
        { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'GetLiveContext', arguments: '{}' }] },
        { role: 'tool', toolCallId: '1', content: '{}' },
        { role: 'assistant', content: 'Yes.', toolCalls: [] },
        { role: 'user', content: 'Turn off the light' },
      ]),
      'text',
    );
  });
  it('a trailing tool result is a tool-result round', () => {
    assert.equal(
      typeOf([
        { role: 'user', content: 'Turn off the light' },
        { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'HassTurnOff', arguments: '{}' }] },
        { role: 'tool', toolCallId: '1', content: '{}' },
      ]),
      'tool-result',
    );
  });
  it('an image turn stays an image turn after a tool round', () => {
    assert.equal(
      typeOf([
        { role: 'user', content: [{ kind: 'text', text: 'Is this the kitchen light?' }, IMAGE] },
        { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'GetLiveContext', arguments: '{}' }] },
        { role: 'tool', toolCallId: '1', content: '{}' },
      ]),
      'image',
    );
  });
});

/** Every history shape the rule depends on: images in kept and dropped turns, orphan and late tool messages. */
const HISTORIES: Message[][] = [
  [{ role: 'user', content: 'hi' }],
  [
    { role: 'user', content: [IMAGE] },
    { role: 'user', content: 'and now?' },
  ],
  [
    { role: 'user', content: [IMAGE] },
    { role: 'assistant', content: 'A cat.', toolCalls: [] },
    { role: 'user', content: 'hello' },
    { role: 'assistant', content: 'Hi.', toolCalls: [] },
    { role: 'user', content: 'What colour is it?' },
  ],
  [
    { role: 'user', content: [IMAGE] },
    { role: 'tool', toolCallId: 'x', content: 'orphan' },
    { role: 'user', content: 'and now?' },
  ],
  [
    { role: 'user', content: 'first' },
    { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'GetLiveContext', arguments: '{}' }] },
    { role: 'user', content: [IMAGE] },
    { role: 'tool', toolCallId: '1', content: '{}' },
    { role: 'user', content: 'and now?' },
  ],
  [
    { role: 'user', content: [IMAGE] },
    { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'GetLiveContext', arguments: '{}' }] },
    { role: 'user', content: [IMAGE] },
    { role: 'assistant', content: 'A dog.', toolCalls: [] },
    { role: 'user', content: 'and now?' },
  ],
  [
    { role: 'user', content: [IMAGE] },
    { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'GetLiveContext', arguments: '{}' }] },
    { role: 'tool', toolCallId: '1', content: '{}' },
    { role: 'user', content: 'and now?' },
  ],
];

describe('an earlier image makes an image turn exactly when the history a model sees holds it', () => {
  // Whether each of HISTORIES is an image turn.
  const expected = [false, true, true, false, false, true, false];
  for (const [i, messages] of HISTORIES.entries())
    it(`history ${i + 1}: ${expected[i] ? 'image' : 'text'}, as filterHistory keeps or drops the image`, () => {
      const turn = {
        model: 'HA-Assist',
        messages,
        tools: [],
        stream: false,
        includeUsage: false,
        sampling: {},
        extra: {},
      };
      const request = understandRequest(turn);
      const seen = filterHistory(messages, request.history).messages;
      const modelSeesImage = seen.some((message) => message.role === 'user' && hasImage(message.content));
      assert.equal(detectRequestType(request) === 'image', expected[i]);
      assert.equal(modelSeesImage, expected[i]);
    });
});

describe('an image follow-up through the app', () => {
  const picture = {
    role: 'user',
    content: [
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
    ],
  };
  /** An HA request whose history is `messages` after the system prompt. */
  function conversation(...messages: unknown[]): HaChatRequest {
    const body = firstRequest('x');
    return { ...body, messages: [body.messages[0]!, ...messages] } as HaChatRequest;
  }

  it('a follow-up question about an earlier image goes to the vision model, which sees the image; the text model is not called', async () => {
    const harness = createHarness();
    const answer = await ask(
      harness,
      conversation(
        picture,
        { role: 'assistant', content: 'A red car.' },
        { role: 'user', content: 'What colour is it?' },
      ),
    );
    assert.equal(harness.gemma.turns.length, 0);
    assert.equal(harness.vision.turns.length, 1);
    assert.equal(answer.metrics.ha_route?.route, 'vlm');
    assert.equal(answer.content, 'ok from qwen-vl');
    const messages = harness.vision.turns[0]!.messages;
    assert.ok(messages.some((message) => message.role === 'user' && hasImage(message.content)));
  });

  it('a follow-up after an image turn that used tools stays a text turn: the model never sees that image', async () => {
    const harness = createHarness();
    const answer = await ask(
      harness,
      conversation(
        picture,
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'GetLiveContext', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{}' },
        { role: 'assistant', content: 'That is the kitchen light.' },
        { role: 'user', content: 'Turn off the kitchen light' },
      ),
    );
    assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0);
    assert.deepEqual(
      answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [['HassTurnOff', { name: 'Kitchen Light', domain: ['light'] }]],
    );
  });
});
