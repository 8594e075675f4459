// Decoding Responses requests into the same `Turn` chat completions gives, and refusing what needs state.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeChatRequest, decodeResponsesRequest } from '../../../src/openai/index.ts';
import { isHearthError } from '../../../src/common/index.ts';

const TOOL = { type: 'function', name: 'lookup', description: 'Look up', parameters: { type: 'object' }, strict: true };
const CHAT_TOOL = {
  type: 'function',
  function: { name: 'lookup', description: 'Look up', parameters: { type: 'object' }, strict: true },
};

describe('decodeResponsesRequest', () => {
  const SAME_AS_CHAT: [string, Record<string, unknown>, Record<string, unknown>][] = [
    [
      'a string input with instructions',
      { model: 'm', instructions: 'Be brief.', input: 'Hi' },
      {
        model: 'm',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ],
      },
    ],
    [
      'message items with text and image parts, and an assistant answer',
      {
        model: 'm',
        input: [
          {
            role: 'user',
            content: [
              { type: 'input_text', text: 'What is this?' },
              { type: 'input_image', image_url: 'data:image/png;base64,AA', detail: 'low' },
            ],
          },
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'A cat.', annotations: [] }] },
          { role: 'developer', content: 'Answer in English.' },
        ],
      },
      {
        model: 'm',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AA', detail: 'low' } },
            ],
          },
          { role: 'assistant', content: [{ type: 'text', text: 'A cat.' }] },
          { role: 'developer', content: 'Answer in English.' },
        ],
      },
    ],
    [
      'a tool round: function_call items join one assistant message, outputs become tool messages',
      {
        model: 'm',
        input: [
          { role: 'user', content: 'Look it up' },
          {
            type: 'function_call',
            call_id: 'c1',
            name: 'lookup',
            arguments: '{"q":1}',
            id: 'fc_1',
            status: 'completed',
          },
          { type: 'function_call', call_id: 'c2', name: 'lookup', arguments: '{"q":2}' },
          { type: 'reasoning', id: 'rs_1', summary: [] },
          { type: 'function_call_output', call_id: 'c1', output: 'one' },
          { type: 'function_call_output', call_id: 'c2', output: [{ type: 'input_text', text: 'two' }] },
        ],
        tools: [TOOL],
        tool_choice: { type: 'function', name: 'lookup' },
        parallel_tool_calls: false,
      },
      {
        model: 'm',
        messages: [
          { role: 'user', content: 'Look it up' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"q":1}' } },
              { id: 'c2', type: 'function', function: { name: 'lookup', arguments: '{"q":2}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'one' },
          { role: 'tool', tool_call_id: 'c2', content: [{ type: 'text', text: 'two' }] },
        ],
        tools: [CHAT_TOOL],
        tool_choice: { type: 'function', function: { name: 'lookup' } },
        parallel_tool_calls: false,
      },
    ],
    [
      'sampling, the user, and a hearth extension field',
      {
        model: 'm',
        input: 'Hi',
        max_output_tokens: 50,
        temperature: 0.5,
        top_p: 0.9,
        user: 'u1',
        ha_context: { x: 1 },
        store: false,
        metadata: { a: 'b' },
        truncation: 'disabled',
      },
      {
        model: 'm',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 50,
        temperature: 0.5,
        top_p: 0.9,
        user: 'u1',
        ha_context: { x: 1 },
      },
    ],
    [
      'a JSON-schema text format, as chat response_format',
      {
        model: 'm',
        input: 'Hi',
        text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true } },
      },
      {
        model: 'm',
        messages: [{ role: 'user', content: 'Hi' }],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'answer', schema: { type: 'object' }, strict: true },
        },
      },
    ],
  ];

  for (const [label, responses, chat] of SAME_AS_CHAT) {
    it(`gives the chat-completions turn for ${label}`, () => {
      assert.deepEqual(decodeResponsesRequest(responses).turn, decodeChatRequest(chat));
    });
  }

  it('streams with usage asked of the backend, since response.completed always carries it', () => {
    const { turn } = decodeResponsesRequest({ model: 'm', input: 'Hi', stream: true });
    assert.deepEqual([turn.stream, turn.includeUsage], [true, true]);
  });

  it('echoes the request with OpenAI defaults, and stores nothing even when asked to', () => {
    const { echo } = decodeResponsesRequest({ model: 'm', input: 'Hi', store: true, tools: [TOOL] });
    assert.equal(echo.store, false);
    assert.equal(echo.tool_choice, 'auto');
    assert.equal(echo.parallel_tool_calls, true);
    assert.deepEqual(echo.tools, [{ ...TOOL }]);
    assert.deepEqual(echo.text, { format: { type: 'text' } });
  });

  const REFUSED: [string, Record<string, unknown>, string, RegExp][] = [
    ['previous_response_id', { previous_response_id: 'resp_1' }, 'previous_response_id', /keeps no state/],
    ['a conversation', { conversation: 'conv_1' }, 'conversation', /keeps no state/],
    ['background mode', { background: true }, 'background', /keeps no state/],
    ['an item_reference', { input: [{ type: 'item_reference', id: 'msg_1' }] }, 'input[0].type', /keeps no state/],
    ['a hosted tool', { tools: [{ type: 'web_search' }] }, 'tools[0].type', /function tools only/],
    ['a tool without a name', { tools: [{ type: 'function' }] }, 'tools[0].name', /name/],
    ['a duplicate tool', { tools: [TOOL, TOOL] }, 'tools[1].name', /twice/],
    ['a tool_choice not offered', { tool_choice: { type: 'function', name: 'x' } }, 'tool_choice.name', /not in/],
    ["'required' with no tools", { tool_choice: 'required' }, 'tool_choice', /at least one tool/],
    ['no model', { model: undefined }, 'model', /Missing/],
    ['no input', { input: undefined }, 'input', /input/],
    ['an empty input list', { input: [] }, 'input', /input/],
    ['an unknown role', { input: [{ role: 'robot', content: 'x' }] }, 'input[0].role', /role/],
    [
      'a call output with no call id',
      { input: [{ type: 'function_call_output', output: 'x' }] },
      'input[0].call_id',
      /call_id/,
    ],
    [
      'an image in an assistant message',
      {
        input: [{ role: 'assistant', content: [{ type: 'input_image', image_url: 'http://x/y.png' }] }],
      },
      'input[0].content',
      /images/,
    ],
    ['a temperature out of range', { temperature: 3 }, 'temperature', /temperature/],
  ];

  for (const [label, fields, param, message] of REFUSED) {
    it(`refuses ${label} with an invalid_request error naming '${param}'`, () => {
      assert.throws(
        () => decodeResponsesRequest({ model: 'm', input: 'Hi', ...fields }),
        (error: unknown) =>
          isHearthError(error) &&
          error.kind === 'invalid_request' &&
          error.param === param &&
          message.test(error.message),
      );
    });
  }
});
