// Ollama `/api/chat` bodies → our Turn: model names, positional tool-call ids, images, options and errors.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeOllamaChatRequest } from '../../src/ollama/index.ts';
import { isHearthError } from '../../src/common/index.ts';

const MODELS = ['HA-Assist', 'gemma', 'qwen3:1.7b'];

describe('decodeOllamaChatRequest', () => {
  it('resolves Ollama-style names to model ids and echoes the name the client used', () => {
    for (const [asked, id] of [
      ['ha-assist:latest', 'HA-Assist'],
      ['HA-Assist', 'HA-Assist'],
      ['gemma:latest', 'gemma'],
      ['qwen3:1.7b', 'qwen3:1.7b'],
    ] as const) {
      const decoded = decodeOllamaChatRequest({ model: asked, messages: [] }, MODELS);
      assert.deepEqual([decoded.turn.model, decoded.modelName], [id, asked]);
    }
  });

  it('streams by default, as Ollama does', () => {
    assert.equal(decodeOllamaChatRequest({ model: 'gemma' }, MODELS).turn.stream, true);
    assert.equal(decodeOllamaChatRequest({ model: 'gemma', stream: false }, MODELS).turn.stream, false);
  });

  it('gives tool calls ids by position and pairs id-less results with them in order (or by tool_name)', () => {
    const { turn } = decodeOllamaChatRequest(
      {
        model: 'HA-Assist',
        messages: [
          { role: 'user', content: 'Do both' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'A', arguments: { x: 1 } } }, { function: { name: 'B', arguments: {} } }],
          },
          { role: 'tool', content: 'b done', tool_name: 'B' },
          { role: 'tool', content: 'a done' },
        ],
      },
      MODELS,
    );
    assert.deepEqual(turn.messages.slice(1), [
      {
        role: 'assistant',
        content: null,
        toolCalls: [
          { id: 'call_m1_0', name: 'A', arguments: '{"x":1}' },
          { id: 'call_m1_1', name: 'B', arguments: '{}' },
        ],
      },
      { role: 'tool', toolCallId: 'call_m1_1', content: 'b done', name: 'B' },
      { role: 'tool', toolCallId: 'call_m1_0', content: 'a done' },
    ]);
  });

  it('turns base64 images into data-URL image parts after the text', () => {
    const { turn } = decodeOllamaChatRequest(
      { model: 'gemma', messages: [{ role: 'user', content: 'What is this?', images: ['iVBORw0KGgoAAA='] }] },
      MODELS,
    );
    assert.deepEqual(turn.messages[0]!.content, [
      { kind: 'text', text: 'What is this?' },
      { kind: 'image', url: 'data:image/png;base64,iVBORw0KGgoAAA=' },
    ]);
  });

  it('maps options to sampling, format to response_format, and keeps think, keep_alive and options as sent', () => {
    const { turn } = decodeOllamaChatRequest(
      {
        model: 'gemma',
        messages: [{ role: 'user', content: 'x' }],
        options: { num_ctx: 8192, temperature: 0.2, num_predict: 100, stop: ['\n'], seed: 7 },
        format: { type: 'object' },
        think: false,
        keep_alive: -1,
        tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }],
      },
      MODELS,
    );
    assert.deepEqual(turn.sampling, { maxTokens: 100, temperature: 0.2, stop: ['\n'], seed: 7 });
    assert.deepEqual(turn.responseFormat, {
      type: 'json_schema',
      json_schema: { name: 'format', schema: { type: 'object' } },
    });
    assert.deepEqual(turn.tools, [{ name: 'lookup', parameters: { type: 'object' } }]);
    assert.deepEqual(turn.extra, {});
    assert.deepEqual(turn.ollama, {
      think: false,
      keepAlive: -1,
      options: { num_ctx: 8192, temperature: 0.2, num_predict: 100, stop: ['\n'], seed: 7 },
    });
    const json = decodeOllamaChatRequest({ model: 'gemma', format: 'json' }, MODELS).turn;
    assert.deepEqual(json.responseFormat, { type: 'json_object' });
  });

  it('rejects bad bodies with an error naming the field, and unknown models with 404', () => {
    const rows: [unknown, string, string][] = [
      [[], 'invalid_request', 'the request body must be a JSON object'],
      [{ messages: [] }, 'invalid_request', "'model' is required"],
      [
        { model: 'gemma', messages: [{ role: 'robot', content: 'x' }] },
        'invalid_request',
        "invalid 'messages[0].role'",
      ],
      [{ model: 'gemma', stream: 'yes' }, 'invalid_request', "invalid 'stream'"],
      [{ model: 'gemma', format: 'xml' }, 'invalid_request', "invalid 'format'"],
      [
        { model: 'gemma', messages: [{ role: 'user', content: '', images: ['not base64!'] }] },
        'invalid_request',
        'images[0]',
      ],
      [{ model: 'nope' }, 'not_found', "model 'nope' not found"],
    ];
    for (const [body, kind, text] of rows) {
      assert.throws(
        () => decodeOllamaChatRequest(body, MODELS),
        (error: unknown) => isHearthError(error) && error.kind === kind && error.message.includes(text),
        JSON.stringify(body),
      );
    }
  });
});
