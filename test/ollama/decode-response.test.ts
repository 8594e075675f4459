// Ollama's /api/chat answers decoded as an Ollama backend reads them: whole replies, stream lines, and error bodies.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Reply, ReplyDelta } from '../../src/conversation/index.ts';
import {
  createOllamaStreamEncoder,
  decodeOllamaChunkDelta,
  decodeOllamaReply,
  encodeOllamaChat,
  finishReasonOf,
  ollamaErrorOf,
  OllamaChatChunkSchema,
  usageOf,
} from '../../src/ollama/index.ts';

function newIds(): () => string {
  let count = 0;
  return () => `call_${++count}`;
}

describe('decodeOllamaReply', () => {
  const answer = (fields: Record<string, unknown>): Record<string, unknown> => ({
    model: 'qwen3:4b',
    created_at: '2025-01-01T00:00:00Z',
    message: { role: 'assistant', content: 'Done.' },
    done: true,
    done_reason: 'stop',
    prompt_eval_count: 30,
    eval_count: 4,
    ...fields,
  });

  it('decodes text, thinking and usage', () => {
    const decoded = decodeOllamaReply(
      answer({ message: { role: 'assistant', content: 'Done.', thinking: 'hmm' } }),
      newIds(),
    );
    assert.deepEqual(decoded, {
      ok: true,
      value: {
        content: 'Done.',
        toolCalls: [],
        finishReason: 'stop',
        reasoningContent: 'hmm',
        usage: { promptTokens: 30, completionTokens: 4, totalTokens: 34 },
      },
    });
  });

  it('decodes tool calls with serialized arguments, given ids kept and missing ones made', () => {
    const decoded = decodeOllamaReply(
      answer({
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [
            { function: { name: 'HassTurnOn', arguments: { name: 'kitchen', brightness: 50 } } },
            { id: 'call_given', function: { name: 'Noop' } },
          ],
        },
      }),
      newIds(),
    );
    assert.ok(decoded.ok);
    assert.equal(decoded.value.content, null);
    assert.deepEqual(decoded.value.toolCalls, [
      { id: 'call_1', name: 'HassTurnOn', arguments: '{"name":"kitchen","brightness":50}' },
      { id: 'call_given', name: 'Noop', arguments: '{}' },
    ]);
    assert.equal(decoded.value.finishReason, 'tool_calls');
  });

  const FINISH_ROWS: { doneReason: string | undefined; finish: string }[] = [
    { doneReason: 'stop', finish: 'stop' },
    { doneReason: 'length', finish: 'length' },
    { doneReason: undefined, finish: 'stop' },
    { doneReason: 'unload', finish: 'stop' },
  ];
  for (const row of FINISH_ROWS) {
    it(`done_reason ${String(row.doneReason)} finishes with ${row.finish}`, () => {
      const decoded = decodeOllamaReply(answer({ done_reason: row.doneReason }), newIds());
      assert.ok(decoded.ok);
      assert.equal(decoded.value.finishReason, row.finish);
    });
  }

  it('reports usage when the cached prompt left prompt_eval_count out, and none when both are missing', () => {
    const cached = decodeOllamaReply(answer({ prompt_eval_count: undefined }), newIds());
    const none = decodeOllamaReply(answer({ prompt_eval_count: undefined, eval_count: undefined }), newIds());
    assert.ok(cached.ok && none.ok);
    assert.deepEqual(cached.value.usage, { promptTokens: 0, completionTokens: 4, totalTokens: 4 });
    assert.equal(none.value.usage, undefined);
  });

  for (const [name, json] of [
    ['an answer not marked done', answer({ done: false })],
    ['a missing done flag', answer({ done: undefined })],
    ['a tool call without a name', answer({ message: { tool_calls: [{ function: {} }] } })],
    ['an array', []],
  ] as const) {
    it(`rejects ${name}`, () => {
      assert.equal(decodeOllamaReply(json, newIds()).ok, false);
    });
  }
});

describe('decodeOllamaChunkDelta and ollamaErrorOf', () => {
  it("numbers a line's calls from the index given, each whole", () => {
    const chunk = OllamaChatChunkSchema.parse({
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'A', arguments: { x: 1 } } }, { function: { name: 'B', arguments: {} } }],
      },
      done: false,
    });
    assert.deepEqual(decodeOllamaChunkDelta(chunk, 2, newIds()), {
      toolCalls: [
        { index: 2, id: 'call_1', name: 'A', arguments: '{"x":1}' },
        { index: 3, id: 'call_2', name: 'B', arguments: '{}' },
      ],
    });
  });

  it('passes content and thinking, and nothing for an empty line', () => {
    const chunk = OllamaChatChunkSchema.parse({
      message: { role: 'assistant', content: 'Hi', thinking: 'so' },
      done: false,
    });
    const empty = OllamaChatChunkSchema.parse({ message: { role: 'assistant', content: '' }, done: true });
    assert.deepEqual(decodeOllamaChunkDelta(chunk, 0, newIds()), { reasoningContent: 'so', content: 'Hi' });
    assert.deepEqual(decodeOllamaChunkDelta(empty, 0, newIds()), {});
  });

  it("finds Ollama's error text", () => {
    assert.equal(ollamaErrorOf({ error: 'model not found' }), 'model not found');
    assert.equal(ollamaErrorOf({ error: { message: 'x' } }), '{"message":"x"}');
    assert.equal(ollamaErrorOf({ done: true }), undefined);
    assert.equal(ollamaErrorOf('error'), undefined);
  });
});

describe('the backend side reads what the server side writes', () => {
  const HEADER = { model: 'ha-assist:latest', createdMs: Date.UTC(2026, 2, 14), totalDurationNs: 1_000 };
  const usage = { promptTokens: 10, completionTokens: 3, totalTokens: 13 };
  // Ollama's calls carry no ids: the reading side makes them, here call_1, call_2, … as these replies name them.
  const REPLIES: [string, Reply][] = [
    [
      'a text reply with thinking and usage',
      { content: 'On.', toolCalls: [], finishReason: 'stop', reasoningContent: 'Hm.', usage },
    ],
    ['a reply cut at the token limit', { content: 'The lamp', toolCalls: [], finishReason: 'length' }],
    [
      'a reply of two tool calls',
      {
        content: null,
        toolCalls: [
          { id: 'call_1', name: 'HassTurnOn', arguments: '{"name":"Lamp"}' },
          { id: 'call_2', name: 'GetLiveContext', arguments: '{}' },
        ],
        finishReason: 'tool_calls',
        usage,
      },
    ],
  ];
  for (const [label, reply] of REPLIES) {
    it(`${label}, whole`, () => {
      assert.deepEqual(decodeOllamaReply(encodeOllamaChat(reply, HEADER), newIds()), { ok: true, value: reply });
    });

    it(`${label}, streamed`, () => {
      const encoder = createOllamaStreamEncoder(HEADER);
      const deltas: ReplyDelta[] = [
        ...(reply.reasoningContent ? [{ reasoningContent: reply.reasoningContent }] : []),
        ...(reply.content ? [{ content: reply.content }] : []),
        ...reply.toolCalls.map((call, index) => ({ toolCalls: [{ index, ...call }] })),
        { finishReason: reply.finishReason },
        ...(reply.usage ? [{ usage: reply.usage }] : []),
      ];
      const lines = [...deltas.flatMap((delta) => encoder.encode(delta)), ...encoder.done(1_000)];
      const read: ReplyDelta[] = [];
      let calls = 0;
      const ids = newIds();
      for (const line of lines) {
        const chunk = OllamaChatChunkSchema.parse(JSON.parse(line));
        const delta = decodeOllamaChunkDelta(chunk, calls, ids);
        calls += delta.toolCalls?.length ?? 0;
        if (Object.keys(delta).length > 0) read.push(delta);
        if (chunk.done) {
          read.push({ finishReason: finishReasonOf(chunk.done_reason, calls > 0) });
          const counts = usageOf(chunk);
          if (counts !== undefined) read.push({ usage: counts });
        }
      }
      assert.deepEqual(
        read
          .flatMap((delta) => delta.toolCalls ?? [])
          .map(({ id, name, arguments: args }) => ({ id, name, arguments: args })),
        reply.toolCalls,
      );
      assert.equal(read.map((delta) => delta.content ?? '').join(''), reply.content ?? '');
      assert.equal(read.map((delta) => delta.reasoningContent ?? '').join(''), reply.reasoningContent ?? '');
      assert.deepEqual(read.at(-1), reply.usage ? { usage: reply.usage } : { finishReason: reply.finishReason });
    });
  }
});
