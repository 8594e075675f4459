// A Turn encoded as Ollama's /api/chat request, as an Ollama backend sends it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeOllamaChatRequest,
  encodeOllamaChatRequest,
  type OllamaRequestSettings,
} from '../../src/ollama/index.ts';
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

describe('encodeOllamaChatRequest, read back by the server side', () => {
  it('gives back the turn: tools, sampling, format and the Ollama-only fields', () => {
    const sent = turn({
      model: 'qwen3:4b',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Lamp on?' },
      ],
      tools: [{ name: 'HassTurnOn', description: 'Turns on', parameters: { type: 'object', properties: {} } }],
      stream: true,
      sampling: { maxTokens: 64, temperature: 0.2, topP: 0.9, stop: ['\n'], seed: 7, presencePenalty: 0.1 },
      responseFormat: { type: 'json_schema', json_schema: { name: 'format', schema: { type: 'object' } } },
      ollama: { think: 'low', keepAlive: '5m', options: { top_k: 20 } },
    });
    const body = encodeOllamaChatRequest(sent, { ...SETTINGS, stream: true });
    const { turn: read, modelName } = decodeOllamaChatRequest(body, ['qwen3:4b']);
    assert.equal(modelName, 'qwen3:4b');
    // The options come back whole as the turn's Ollama fields: the sampling in Ollama's names beside the client's own.
    const options = { num_predict: 64, temperature: 0.2, top_p: 0.9, stop: ['\n'], seed: 7, presence_penalty: 0.1 };
    assert.deepEqual(read, { ...sent, ollama: { ...sent.ollama, options: { ...options, top_k: 20 } } });
  });
});
