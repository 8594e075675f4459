// Tests of Ollama's chat wire format: a Turn encoded as an /api/chat request, answers decoded as replies and deltas.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeOllamaChunkDelta,
  decodeOllamaReply,
  encodeOllamaChatRequest,
  ollamaErrorOf,
  OllamaChatChunkSchema,
  type OllamaRequestSettings,
} from '../../src/backends/ollama-wire.ts';
import type { Turn } from '../../src/conversation/index.ts';
import { assertHearthError } from '../contract/backend-contract-kit.ts';

const SETTINGS: OllamaRequestSettings = { model: 'qwen3:4b', stream: false };
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function turn(overrides: Partial<Turn> = {}): Turn {
  return {
    model: 'ha-assist',
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [],
    stream: false,
    includeUsage: false,
    sampling: {},
    extra: {},
    ...overrides,
  };
}

function newIds(): () => string {
  let count = 0;
  return () => `call_${++count}`;
}

describe('encodeOllamaChatRequest', () => {
  it('sends the upstream model, the stream flag and plain messages, and nothing unset', () => {
    assert.deepEqual(encodeOllamaChatRequest(turn(), SETTINGS), {
      model: 'qwen3:4b',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: false,
    });
  });

  it('maps roles and flattens text parts; developer becomes system', () => {
    const body = encodeOllamaChatRequest(
      turn({
        messages: [
          { role: 'developer', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { kind: 'text', text: 'one' },
              { kind: 'text', text: 'two' },
            ],
          },
          { role: 'assistant', content: null, toolCalls: [] },
        ],
      }),
      SETTINGS,
    );
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'one\ntwo' },
      { role: 'assistant', content: '' },
    ]);
  });

  const IMAGE_ROWS: { name: string; url: string; images: string[] }[] = [
    { name: 'a base64 data: URL keeps its payload', url: `data:image/png;base64,${PNG_BASE64}`, images: [PNG_BASE64] },
    {
      name: 'line breaks inside the payload are dropped',
      url: `data:image/png;base64,${PNG_BASE64.slice(0, 10)}\n${PNG_BASE64.slice(10)}`,
      images: [PNG_BASE64],
    },
    {
      name: 'a percent-encoded data: URL is base64-encoded',
      url: 'data:image/svg+xml,%3Csvg%2F%3E',
      images: [Buffer.from('<svg/>').toString('base64')],
    },
  ];
  for (const row of IMAGE_ROWS) {
    it(`images: ${row.name}`, () => {
      const body = encodeOllamaChatRequest(
        turn({
          messages: [
            {
              role: 'user',
              content: [
                { kind: 'text', text: 'What is this?' },
                { kind: 'image', url: row.url },
              ],
            },
          ],
        }),
        SETTINGS,
      );
      assert.deepEqual(body.messages, [{ role: 'user', content: 'What is this?', images: row.images }]);
    });
  }

  for (const url of ['https://example.com/cat.png', 'http://camera.local/snapshot.jpg', 'file:///etc/passwd']) {
    it(`refuses to fetch ${url.split(':')[0]}: image URLs, naming the field`, () => {
      const messages: Turn['messages'] = [
        { role: 'system', content: 'x' },
        {
          role: 'user',
          content: [
            { kind: 'text', text: 'look' },
            { kind: 'image', url },
          ],
        },
      ];
      let caught: unknown;
      try {
        encodeOllamaChatRequest(turn({ messages }), SETTINGS);
      } catch (error) {
        caught = error;
      }
      const error = assertHearthError(caught, 'invalid_request', 'IMAGE_URL_UNSUPPORTED');
      assert.equal(error.param, 'messages[1].content[1].image_url.url');
      assert.ok(
        error.message.includes('messages[1].content[1].image_url.url') && error.message.includes('data: URL'),
        error.message,
      );
    });
  }

  it('sends tool calls with object arguments and names tool results by their call', () => {
    const body = encodeOllamaChatRequest(
      turn({
        messages: [
          { role: 'user', content: 'Light on' },
          {
            role: 'assistant',
            content: null,
            toolCalls: [
              { id: 'call_a', name: 'HassTurnOn', arguments: '{"name":"kitchen"}' },
              { id: 'call_b', name: 'Noop', arguments: '' },
            ],
          },
          { role: 'tool', toolCallId: 'call_a', content: '{"success":true}' },
          { role: 'tool', toolCallId: undefined, content: 'ok', name: 'Noop' },
          { role: 'tool', toolCallId: 'unknown', content: 'orphan' },
        ],
      }),
      SETTINGS,
    );
    assert.deepEqual((body.messages as unknown[]).slice(1), [
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { function: { name: 'HassTurnOn', arguments: { name: 'kitchen' } } },
          { function: { name: 'Noop', arguments: {} } },
        ],
      },
      { role: 'tool', content: '{"success":true}', tool_name: 'HassTurnOn' },
      { role: 'tool', content: 'ok', tool_name: 'Noop' },
      { role: 'tool', content: 'orphan' },
    ]);
  });

  for (const args of ['{"name":', '[1,2]', '"text"']) {
    it(`refuses tool-call arguments ${args} that are not a JSON object`, () => {
      const messages: Turn['messages'] = [
        { role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 'T', arguments: args }] },
      ];
      assert.throws(
        () => encodeOllamaChatRequest(turn({ messages }), SETTINGS),
        (error: unknown) => {
          assert.equal(
            assertHearthError(error, 'invalid_request', 'INVALID_TOOL_ARGUMENTS').param,
            'messages[0].tool_calls[0].function.arguments',
          );
          return true;
        },
      );
    });
  }

  const TOOLS: Turn['tools'] = [
    {
      name: 'HassTurnOn',
      description: 'Turns on',
      parameters: { type: 'object', properties: { name: { type: 'string' } } },
    },
    { name: 'GetLiveContext' },
  ];
  const TOOL_CHOICE_ROWS: { choice: Turn['toolChoice']; names: string[] | undefined }[] = [
    { choice: undefined, names: ['HassTurnOn', 'GetLiveContext'] },
    { choice: 'auto', names: ['HassTurnOn', 'GetLiveContext'] },
    { choice: 'required', names: ['HassTurnOn', 'GetLiveContext'] },
    { choice: 'none', names: undefined },
    { choice: { name: 'GetLiveContext' }, names: ['GetLiveContext'] },
  ];
  for (const row of TOOL_CHOICE_ROWS) {
    it(`tool_choice ${JSON.stringify(row.choice)} offers ${row.names?.join(', ') ?? 'no tools'}`, () => {
      const body = encodeOllamaChatRequest(turn({ tools: TOOLS, toolChoice: row.choice }), SETTINGS);
      const tools = body.tools as { function: { name: string } }[] | undefined;
      assert.deepEqual(
        tools?.map((tool) => tool.function.name),
        row.names,
      );
      assert.equal('tool_choice' in body, false);
    });
  }

  it('encodes tools as functions, with an empty object schema when none was given', () => {
    const body = encodeOllamaChatRequest(turn({ tools: TOOLS }), SETTINGS);
    assert.deepEqual(body.tools, [
      {
        type: 'function',
        function: {
          name: 'HassTurnOn',
          description: 'Turns on',
          parameters: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
      { type: 'function', function: { name: 'GetLiveContext', parameters: { type: 'object', properties: {} } } },
    ]);
  });

  it("puts sampling into options with Ollama's names, with num_ctx, think and keep_alive", () => {
    const body = encodeOllamaChatRequest(
      turn({
        sampling: {
          temperature: 0.2,
          topP: 0.9,
          maxTokens: 128,
          stop: ['\n\n'],
          seed: 7,
          presencePenalty: 0.1,
          frequencyPenalty: 0.3,
          n: 1,
        },
      }),
      { ...SETTINGS, stream: true, numCtx: 8192, think: false, keepAlive: '30m' },
    );
    assert.deepEqual(body.options, {
      temperature: 0.2,
      top_p: 0.9,
      num_predict: 128,
      stop: ['\n\n'],
      seed: 7,
      presence_penalty: 0.1,
      frequency_penalty: 0.3,
      num_ctx: 8192,
    });
    assert.deepEqual([body.stream, body.think, body.keep_alive], [true, false, '30m']);
  });

  const FORMAT_ROWS: { responseFormat: Record<string, unknown> | undefined; format: unknown }[] = [
    { responseFormat: undefined, format: undefined },
    { responseFormat: { type: 'text' }, format: undefined },
    { responseFormat: { type: 'json_object' }, format: 'json' },
    {
      responseFormat: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' } } },
      format: { type: 'object' },
    },
  ];
  for (const row of FORMAT_ROWS) {
    it(`response_format ${JSON.stringify(row.responseFormat)} becomes format ${JSON.stringify(row.format)}`, () => {
      assert.deepEqual(
        encodeOllamaChatRequest(turn({ responseFormat: row.responseFormat }), SETTINGS).format,
        row.format,
      );
    });
  }
});

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
