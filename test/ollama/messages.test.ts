// Ollama's messages both ways: what the backend side writes, the server side reads back as the same conversation.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Message } from '../../src/conversation/index.ts';
import { decodeOllamaMessages, encodeOllamaMessages } from '../../src/ollama/messages.ts';
import { OllamaChatRequestSchema } from '../../src/ollama/request-schema.ts';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Our messages written as Ollama's, validated as a request's, and read back. */
function roundTrip(messages: Message[]): Message[] {
  const body = { model: 'm', messages: encodeOllamaMessages(messages) };
  return decodeOllamaMessages(OllamaChatRequestSchema.parse(body).messages ?? []);
}

describe('Ollama messages, both ways', () => {
  it('reads back a conversation with an image, two tool calls and their results answered out of order', () => {
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { kind: 'text', text: 'Is this the kitchen?' },
          { kind: 'image', url: `data:image/png;base64,${PNG_BASE64}` },
        ],
      },
      {
        role: 'assistant',
        content: null,
        toolCalls: [
          { id: 'call_m2_0', name: 'HassTurnOn', arguments: '{"name":"Lamp"}' },
          { id: 'call_m2_1', name: 'GetLiveContext', arguments: '' },
        ],
      },
      { role: 'tool', toolCallId: 'call_m2_1', content: 'kitchen: lamp off', name: 'GetLiveContext' },
      { role: 'tool', toolCallId: 'call_m2_0', content: 'done', name: 'HassTurnOn' },
      { role: 'assistant', content: 'The lamp is on.', toolCalls: [] },
    ];
    const expected = structuredClone(messages);
    // Ollama's format has no empty arguments: a call without any is written, and read back, as `{}`.
    (expected[2] as { toolCalls: { arguments: string }[] }).toolCalls[1]!.arguments = '{}';
    assert.deepEqual(roundTrip(messages), expected);
  });

  it('gives calls ids by position and pairs unnamed results with calls in order, as Home Assistant sends them', () => {
    const decoded = decodeOllamaMessages(
      OllamaChatRequestSchema.parse({
        model: 'm',
        messages: [
          { role: 'user', content: 'both lamps' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [
              { function: { name: 'HassTurnOn', arguments: { name: 'A' } } },
              { function: { name: 'HassTurnOn', arguments: '{"name":"B"}' } },
            ],
          },
          { role: 'tool', content: 'a done' },
          { role: 'tool', content: 'b done' },
        ],
      }).messages ?? [],
    );
    assert.deepEqual(decoded.slice(1), [
      {
        role: 'assistant',
        content: null,
        toolCalls: [
          { id: 'call_m1_0', name: 'HassTurnOn', arguments: '{"name":"A"}' },
          { id: 'call_m1_1', name: 'HassTurnOn', arguments: '{"name":"B"}' },
        ],
      },
      { role: 'tool', toolCallId: 'call_m1_0', content: 'a done' },
      { role: 'tool', toolCallId: 'call_m1_1', content: 'b done' },
    ]);
  });
});
