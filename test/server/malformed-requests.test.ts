// Malformed requests get the right 4xx and an OpenAI error body naming the problem.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat } from './app-harness.ts';

interface Row {
  name: string;
  body: unknown;
  headers?: Record<string, string>;
  status: number;
  code: string;
  param?: string | null;
  message?: RegExp;
}

const USER = [{ role: 'user', content: 'hi' }];
const deep = (levels: number) =>
  `{"model":"gemma","messages":[{"role":"user","content":"hi"}],"x":${'['.repeat(levels)}${']'.repeat(levels)}}`;

const ROWS: Row[] = [
  {
    name: 'not JSON',
    body: '{"model": "gemma", "messages": [',
    status: 400,
    code: 'invalid_json',
    message: /not valid JSON/,
  },
  {
    name: 'a form post',
    body: 'model=gemma',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 415,
    code: 'unsupported_media_type',
  },
  { name: 'no content type', body: '{}', headers: { 'content-type': '' }, status: 415, code: 'unsupported_media_type' },
  { name: 'a JSON array', body: [], status: 400, code: 'invalid_request', param: null, message: /expected object/ },
  {
    name: 'model of the wrong type',
    body: { model: 5, messages: USER },
    status: 400,
    code: 'invalid_request',
    param: 'model',
  },
  {
    name: 'missing model',
    body: { messages: USER },
    status: 400,
    code: 'invalid_request',
    param: 'model',
    message: /Missing required parameter: 'model'/,
  },
  {
    name: 'missing messages',
    body: { model: 'gemma' },
    status: 400,
    code: 'invalid_request',
    param: 'messages',
    message: /Missing required parameter/,
  },
  {
    name: 'empty messages',
    body: { model: 'gemma', messages: [] },
    status: 400,
    code: 'invalid_request',
    param: 'messages',
  },
  {
    name: 'messages not an array',
    body: { model: 'gemma', messages: 'hi' },
    status: 400,
    code: 'invalid_request',
    param: 'messages',
  },
  {
    name: 'an unknown role',
    body: { model: 'gemma', messages: [{ role: 'wizard', content: 'hi' }] },
    status: 400,
    code: 'invalid_request',
    param: 'messages[0].role',
    message: /'system' \| 'developer' \| 'user' \| 'assistant' \| 'tool'/,
  },
  {
    name: 'content of the wrong type',
    body: { model: 'gemma', messages: [{ role: 'user', content: 42 }] },
    status: 400,
    code: 'invalid_request',
    param: 'messages[0].content',
    message: /string or array/,
  },
  {
    name: 'an unknown content part',
    body: { model: 'gemma', messages: [{ role: 'user', content: [{ type: 'input_audio' }] }] },
    status: 400,
    code: 'invalid_request',
    param: 'messages[0].content[0].type',
  },
  {
    name: 'a tool message without tool_call_id',
    body: { model: 'gemma', messages: [...USER, { role: 'tool', content: 'x' }] },
    status: 400,
    code: 'invalid_request',
    param: 'messages[1].tool_call_id',
  },
  {
    name: 'a tool without function.name',
    body: { model: 'gemma', messages: USER, tools: [{ type: 'function', function: { description: 'x' } }] },
    status: 400,
    code: 'invalid_request',
    param: 'tools[0].function.name',
  },
  {
    name: 'a tool with an empty name',
    body: { model: 'gemma', messages: USER, tools: [{ type: 'function', function: { name: '' } }] },
    status: 400,
    code: 'invalid_request',
    param: 'tools[0].function.name',
  },
  {
    name: 'a tool offered twice',
    body: {
      model: 'gemma',
      messages: USER,
      tools: [
        { type: 'function', function: { name: 'a' } },
        { type: 'function', function: { name: 'a' } },
      ],
    },
    status: 400,
    code: 'duplicate_tool',
    param: 'tools[1].function.name',
  },
  {
    name: 'tool_choice naming a tool not offered',
    body: {
      model: 'gemma',
      messages: USER,
      tools: [{ type: 'function', function: { name: 'a' } }],
      tool_choice: { type: 'function', function: { name: 'b' } },
    },
    status: 400,
    code: 'invalid_tool_choice',
    param: 'tool_choice.function.name',
  },
  {
    name: "tool_choice 'required' without tools",
    body: { model: 'gemma', messages: USER, tool_choice: 'required' },
    status: 400,
    code: 'invalid_tool_choice',
    param: 'tool_choice',
  },
  {
    name: 'temperature out of range',
    body: { model: 'gemma', messages: USER, temperature: 7 },
    status: 400,
    code: 'invalid_request',
    param: 'temperature',
  },
  {
    name: 'stream not a boolean',
    body: { model: 'gemma', messages: USER, stream: 'yes' },
    status: 400,
    code: 'invalid_request',
    param: 'stream',
  },
  {
    name: 'legacy functions',
    body: { model: 'gemma', messages: USER, functions: [] },
    status: 400,
    code: 'unsupported_parameter',
    param: 'functions',
  },
  { name: 'nesting 65 levels deep', body: deep(65), status: 400, code: 'json_too_deep' },
  { name: 'nesting 10,000 levels deep', body: deep(10_000), status: 400, code: 'json_too_deep' },
  {
    name: 'a 10 MB body',
    body: JSON.stringify({ model: 'gemma', messages: [{ role: 'user', content: 'x'.repeat(10 * 1024 * 1024) }] }),
    status: 413,
    code: 'payload_too_large',
    message: /8 MiB/,
  },
];

describe('malformed requests', () => {
  for (const row of ROWS) {
    it(`${row.name} → ${row.status} ${row.code}`, async () => {
      const { app, gemma } = createHarness();
      const response = await postChat(app, row.body, row.headers);
      assert.equal(response.status, row.status);
      const body = (await response.json()) as {
        error: { message: string; type: string; param: string | null; code: string };
      };
      assert.equal(body.error.code, row.code);
      assert.equal(typeof body.error.message, 'string');
      assert.equal(typeof body.error.type, 'string');
      if (row.param !== undefined) assert.equal(body.error.param, row.param);
      if (row.message) assert.match(body.error.message, row.message);
      assert.equal(gemma.turns.length, 0, 'nothing reached the backend');
    });
  }

  it('accepts nesting at the limit (64 levels)', async () => {
    const { app } = createHarness();
    assert.equal((await postChat(app, deep(62))).status, 200);
  });

  it('accepts a large but legal body (2,000-entity homes are ~500 KB)', async () => {
    // A model that takes it: a pass-through request is also held to the model's max_input_tokens.
    const { app } = createHarness({ maxInputTokens: 1_048_576 });
    const big = { model: 'gemma', messages: [{ role: 'system', content: 'x'.repeat(2 * 1024 * 1024) }, ...USER] };
    assert.equal((await postChat(app, big)).status, 200);
  });
});
