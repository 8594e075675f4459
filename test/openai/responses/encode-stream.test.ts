// The Responses stream encoder: event order and numbering, and what the openai SDK's stream parser rebuilds from it.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type OpenAI from 'openai';
import { Stream } from 'openai/core/streaming';
import { accumulateResponse } from 'openai/lib/responses/ResponseAccumulator';
import { deltasOfReply, type Reply, type ReplyDelta } from '../../../src/conversation/index.ts';
import { createResponsesStreamEncoder, encodeResponse, toWireError } from '../../../src/openai/index.ts';

const HEADER = { id: 'resp_7', model: 'HA-Assist', createdMs: Date.UTC(2026, 2, 14, 17, 42, 7) };
const ECHO = { store: false, tools: [] };

/** The frames of a whole stream. */
function encodeAll(deltas: ReplyDelta[]): string {
  const encoder = createResponsesStreamEncoder(HEADER, ECHO);
  return deltas.flatMap((delta) => encoder.encode(delta)).join('') + encoder.done();
}

/** The events' data, parsed, checking each frame's `event:` line names its `type`. */
function eventsOf(sse: string): Record<string, unknown>[] {
  return sse
    .split('\n\n')
    .filter((frame) => frame !== '')
    .map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      const data = JSON.parse(dataLine!.slice('data: '.length)) as Record<string, unknown>;
      assert.equal(eventLine, `event: ${String(data.type)}`);
      return data;
    });
}

/** The final response as the openai SDK's own SSE reader and response accumulator rebuild it from the bytes. */
async function parsedBySdk(sse: string): Promise<OpenAI.Responses.Response> {
  const events = Stream.fromSSEResponse<OpenAI.Responses.ResponseStreamEvent>(new Response(sse), new AbortController());
  let snapshot: OpenAI.Responses.Response | undefined;
  for await (const event of events) snapshot = accumulateResponse(event, snapshot);
  assert.ok(snapshot !== undefined);
  return snapshot;
}

const TEXT_REPLY: Reply = {
  content: 'Paris.',
  toolCalls: [],
  finishReason: 'stop',
  usage: { promptTokens: 9, completionTokens: 2, totalTokens: 11 },
};
const CALLS_REPLY: Reply = {
  content: null,
  toolCalls: [
    { id: 'call_a', name: 'HassTurnOff', arguments: '{"name":"Living Room Light"}' },
    { id: 'call_b', name: 'GetLiveContext', arguments: '{}' },
  ],
  finishReason: 'tool_calls',
};

describe('createResponsesStreamEncoder', () => {
  it('writes a text reply as the documented event sequence, numbered from 0', () => {
    const events = eventsOf(encodeAll([{ content: 'Par' }, { content: 'is.' }, { finishReason: 'stop' }]));
    assert.deepEqual(
      events.map((event) => event.type),
      [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.completed',
      ],
    );
    assert.deepEqual(
      events.map((event) => event.sequence_number),
      events.map((_, index) => index),
    );
    assert.equal((events[6] as { text: string }).text, 'Paris.');
  });

  it('writes function calls with their arguments in fragments, then both done', () => {
    const events = eventsOf(
      encodeAll([
        { toolCalls: [{ index: 0, id: 'call_a', name: 'lookup', arguments: '{"q":' }] },
        { toolCalls: [{ index: 0, arguments: '1}' }] },
        { toolCalls: [{ index: 1, id: 'call_b', name: 'lookup', arguments: '{}' }] },
        { finishReason: 'tool_calls' },
      ]),
    );
    const summary = events.slice(2, -1).map((event) => [event.type, event.output_index]);
    assert.deepEqual(summary, [
      ['response.output_item.added', 0],
      ['response.function_call_arguments.delta', 0],
      ['response.function_call_arguments.delta', 0],
      ['response.output_item.added', 1],
      ['response.function_call_arguments.delta', 1],
      ['response.function_call_arguments.done', 0],
      ['response.output_item.done', 0],
      ['response.function_call_arguments.done', 1],
      ['response.output_item.done', 1],
    ]);
    assert.equal((events[7] as { arguments: string }).arguments, '{"q":1}');
  });

  it('names a call by all its name fragments, and by its name once when a backend repeats it', () => {
    const events = eventsOf(
      encodeAll([
        { toolCalls: [{ index: 0, id: 'call_a', name: 'Hass', arguments: '{' }] },
        { toolCalls: [{ index: 0, name: 'TurnOn', arguments: '}' }] },
        { toolCalls: [{ index: 1, id: 'call_b', name: 'lookup', arguments: '{' }] },
        { toolCalls: [{ index: 1, id: 'call_b', name: 'lookup', arguments: '}' }] },
        { finishReason: 'tool_calls' },
      ]),
    );
    const done = events.filter((event) => event.type === 'response.function_call_arguments.done');
    assert.deepEqual(
      done.map((event) => [event.name, event.arguments]),
      [
        ['HassTurnOn', '{}'],
        ['lookup', '{}'],
      ],
    );
  });

  for (const [label, reply] of [
    ['a text reply with usage', TEXT_REPLY],
    ['a reply of two function calls', CALLS_REPLY],
    ['a reasoning reply cut at the token limit', { ...TEXT_REPLY, reasoningContent: 'Hmm.', finishReason: 'length' }],
    ['an empty reply', { content: null, toolCalls: [], finishReason: 'stop' }],
  ] as [string, Reply][]) {
    it(`streams ${label} so that the SDK rebuilds the non-streamed response`, async () => {
      const final = (await parsedBySdk(encodeAll(deltasOfReply(reply)))) as unknown as Record<string, unknown>;
      const whole = encodeResponse(reply, HEADER, ECHO);
      assert.deepEqual(final.output, whole.output);
      assert.deepEqual([final.status, final.usage, final.id], [whole.status, whole.usage, whole.id]);
      assert.equal(final.output_text, reply.content ?? '');
    });
  }

  it('closes a stream that fails with an error event and response.failed, naming the code', () => {
    const encoder = createResponsesStreamEncoder(HEADER, ECHO);
    const started = encoder.encode({ content: 'Par' });
    const wire = toWireError('upstream_failure', 'Backend went away.', { code: 'BACKEND_ERROR' });
    const events = eventsOf([...started, ...encoder.encodeError(wire.body)].join(''));
    const [error, failed] = events.slice(-2) as [Record<string, unknown>, { response: Record<string, unknown> }];
    assert.deepEqual(error, {
      type: 'error',
      code: 'backend_error',
      message: 'Backend went away.',
      param: null,
      sequence_number: events.length - 2,
    });
    assert.equal(failed.response.status, 'failed');
    assert.deepEqual(failed.response.error, { code: 'backend_error', message: 'Backend went away.' });
  });
});
