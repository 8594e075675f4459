// Encoding a `Reply` as a Responses `response` object.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Reply } from '../../../src/conversation/index.ts';
import { encodeResponse } from '../../../src/openai/index.ts';

const HEADER = { id: 'resp_7', model: 'HA-Assist', createdMs: Date.UTC(2026, 2, 14, 17, 42, 7) };
const ECHO = { store: false, tool_choice: 'auto' };

describe('encodeResponse', () => {
  it('encodes text, usage and metrics, with the request echoed', () => {
    const reply: Reply = {
      content: 'Paris.',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 9, completionTokens: 2, totalTokens: 11 },
      metrics: { ha_route: { route: 'generative' } },
    };
    assert.deepEqual(encodeResponse(reply, HEADER, ECHO), {
      id: 'resp_7',
      object: 'response',
      created_at: 1773510127,
      status: 'completed',
      completed_at: 1773510127,
      error: null,
      incomplete_details: null,
      model: 'HA-Assist',
      output: [
        {
          type: 'message',
          id: 'msg_7',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Paris.', annotations: [], logprobs: [] }],
        },
      ],
      store: false,
      tool_choice: 'auto',
      usage: {
        input_tokens: 9,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 2,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 11,
      },
      metrics: { ha_route: { route: 'generative' } },
    });
  });

  const ROWS: [string, Reply, unknown[], string, unknown][] = [
    [
      'tool calls, with no message and no usage (a direct answer ran no model)',
      {
        content: null,
        toolCalls: [
          { id: 'call_a', name: 'HassTurnOff', arguments: '{"name":"Kitchen Light"}' },
          { id: 'call_b', name: 'GetLiveContext', arguments: '{}' },
        ],
        finishReason: 'tool_calls',
      },
      [
        {
          type: 'function_call',
          id: 'fc_7',
          call_id: 'call_a',
          name: 'HassTurnOff',
          arguments: '{"name":"Kitchen Light"}',
          status: 'completed',
        },
        {
          type: 'function_call',
          id: 'fc_7_1',
          call_id: 'call_b',
          name: 'GetLiveContext',
          arguments: '{}',
          status: 'completed',
        },
      ],
      'completed',
      null,
    ],
    [
      'reasoning before the text, cut at the token limit',
      { content: 'Par', reasoningContent: 'Hmm.', toolCalls: [], finishReason: 'length' },
      [
        { type: 'reasoning', id: 'rs_7', summary: [], content: [{ type: 'reasoning_text', text: 'Hmm.' }] },
        {
          type: 'message',
          id: 'msg_7',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Par', annotations: [], logprobs: [] }],
        },
      ],
      'incomplete',
      { reason: 'max_output_tokens' },
    ],
  ];

  for (const [label, reply, output, status, incomplete] of ROWS) {
    it(`encodes ${label}`, () => {
      const body = encodeResponse(reply, HEADER, ECHO);
      assert.deepEqual(body.output, output);
      assert.deepEqual([body.status, body.incomplete_details], [status, incomplete]);
      assert.equal('usage' in body, reply.usage !== undefined);
    });
  }
});
