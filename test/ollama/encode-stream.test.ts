// Reply deltas → Ollama NDJSON lines: text lines, tool calls whole with object arguments, one closing done line.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createOllamaStreamEncoder, encodeOllamaChat } from '../../src/ollama/index.ts';
import { assertHearthError } from '../contract/backend-contract-kit.ts';

const HEADER = { model: 'ha-assist:latest', createdMs: Date.UTC(2026, 2, 14) };
const CREATED_AT = '2026-03-14T00:00:00.000Z';

describe('createOllamaStreamEncoder', () => {
  it('writes text lines, gathers call fragments into one line, and closes with done and the counts', () => {
    const encoder = createOllamaStreamEncoder(HEADER);
    const lines = [
      ...encoder.encode({ content: 'Checking.' }),
      ...encoder.encode({ toolCalls: [{ index: 0, id: 'call_1', name: 'GetLiveContext', arguments: '{"na' }] }),
      ...encoder.encode({ toolCalls: [{ index: 0, arguments: 'me":"Kitchen"}' }] }),
      ...encoder.encode({ finishReason: 'tool_calls' }),
      ...encoder.encode({ usage: { promptTokens: 10, completionTokens: 3, totalTokens: 13 } }),
      ...encoder.done(5_000_000),
    ].map((line) => {
      assert.ok(line.endsWith('\n'));
      return JSON.parse(line);
    });
    const base = { model: 'ha-assist:latest', created_at: CREATED_AT };
    assert.deepEqual(lines, [
      { ...base, message: { role: 'assistant', content: 'Checking.' }, done: false },
      {
        ...base,
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'GetLiveContext', arguments: { name: 'Kitchen' } } }],
        },
        done: false,
      },
      {
        ...base,
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        total_duration: 5_000_000,
        load_duration: 0,
        prompt_eval_count: 10,
        eval_count: 3,
      },
    ]);
  });

  it('names a call by all its name fragments, not by the last one', () => {
    const encoder = createOllamaStreamEncoder(HEADER);
    const lines = [
      ...encoder.encode({ toolCalls: [{ index: 0, id: 'call_1', name: 'HassTurn', arguments: '{"name":' }] }),
      ...encoder.encode({ toolCalls: [{ index: 0, name: 'On', arguments: '"Lamp"}' }] }),
      ...encoder.encode({ finishReason: 'tool_calls' }),
    ].map((line) => JSON.parse(line));
    assert.deepEqual(lines[0].message.tool_calls, [{ function: { name: 'HassTurnOn', arguments: { name: 'Lamp' } } }]);
  });

  it("fails as the model's failure, not the client's, when a call's arguments are no JSON object", () => {
    const encoder = createOllamaStreamEncoder(HEADER);
    encoder.encode({ toolCalls: [{ index: 0, id: 'call_1', name: 'HassTurnOn', arguments: '["Lamp"]' }] });
    let caught: unknown;
    try {
      encoder.encode({ finishReason: 'tool_calls' });
    } catch (error) {
      caught = error;
    }
    // The code once was INVALID_TOOL_ARGUMENTS, the code of a client's bad call in a request (an invalid request).
    assertHearthError(caught, 'upstream_failure', 'BACKEND_BAD_TOOL_ARGUMENTS');
  });

  it('writes an in-stream error as one {"error"} line', () => {
    assert.deepEqual(createOllamaStreamEncoder(HEADER).encodeError({ error: 'boom' }), ['{"error":"boom"}\n']);
  });
});

describe('encodeOllamaChat', () => {
  it('encodes a reply with tool calls (no ids, object arguments) and HA-Assist metrics', () => {
    const body = encodeOllamaChat(
      {
        content: null,
        toolCalls: [{ id: 'call_1', name: 'HassTurnOff', arguments: '{"name":"Lamp"}' }],
        finishReason: 'tool_calls',
        metrics: { ha_route: { route: 'direct' } },
      },
      { ...HEADER, totalDurationNs: 42 },
    );
    assert.deepEqual(body, {
      model: 'ha-assist:latest',
      created_at: CREATED_AT,
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'HassTurnOff', arguments: { name: 'Lamp' } } }],
      },
      done: true,
      done_reason: 'stop',
      total_duration: 42,
      load_duration: 0,
      metrics: { ha_route: { route: 'direct' } },
    });
  });

  it('reports a length stop as done_reason length', () => {
    const body = encodeOllamaChat(
      { content: 'cut', toolCalls: [], finishReason: 'length' },
      { ...HEADER, totalDurationNs: 1 },
    );
    assert.equal(body.done_reason, 'length');
  });
});
