// Property: no request body, however odd, makes the server answer 500 or crash.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createHarness, postChat } from './app-harness.ts';

const role = fc.oneof(fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool', 'function'), fc.string());
const anyJson = fc.jsonValue({ maxDepth: 4 });
const content = fc.oneof(
  fc.string(),
  fc.constant(null),
  fc.array(
    fc.oneof(
      fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), anyJson) }),
      fc.record({
        type: fc.constant('image_url'),
        image_url: fc.oneof(fc.record({ url: fc.string() }), fc.string(), anyJson),
      }),
      anyJson,
    ),
    { maxLength: 3 },
  ),
  anyJson,
);
const toolCall = fc.record(
  {
    id: fc.oneof(fc.string(), anyJson),
    type: fc.constant('function'),
    function: fc.record(
      {
        name: fc.oneof(fc.string(), anyJson),
        arguments: fc.oneof(fc.string(), fc.dictionary(fc.string(), anyJson), anyJson),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);
const message = fc.record(
  {
    role,
    content,
    tool_calls: fc.oneof(fc.array(toolCall, { maxLength: 2 }), anyJson),
    tool_call_id: fc.oneof(fc.string(), anyJson),
    name: fc.oneof(fc.string(), anyJson),
  },
  { requiredKeys: ['role'] },
);
const tool = fc.record(
  {
    type: fc.oneof(fc.constant('function'), fc.string()),
    function: fc.record(
      { name: fc.oneof(fc.string(), anyJson), description: fc.oneof(fc.string(), anyJson), parameters: anyJson },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

/** Bodies shaped like chat requests, with every field sometimes wrong. */
const requestLike = fc.record(
  {
    model: fc.oneof(fc.constantFrom('HA-Assist', 'gemma', 'qwen-vl', 'nope'), anyJson),
    messages: fc.oneof(fc.array(message, { maxLength: 4 }), anyJson),
    tools: fc.oneof(fc.array(tool, { maxLength: 3 }), anyJson),
    tool_choice: fc.oneof(
      fc.constantFrom('auto', 'none', 'required'),
      fc.record({ type: fc.constant('function'), function: fc.record({ name: fc.string() }) }),
      anyJson,
    ),
    stream: fc.oneof(fc.boolean(), anyJson),
    stream_options: anyJson,
    temperature: fc.oneof(fc.double(), anyJson),
    max_tokens: fc.oneof(fc.integer(), anyJson),
    stop: anyJson,
    n: anyJson,
    response_format: anyJson,
    parallel_tool_calls: anyJson,
  },
  { requiredKeys: [] },
);

describe('random bodies', () => {
  it('never get a 5xx other than the documented 503, and always get a JSON error body on failure', async () => {
    const { app } = createHarness();
    await fc.assert(
      fc.asyncProperty(fc.oneof(requestLike, anyJson, fc.string()), async (body) => {
        const response = await postChat(app, typeof body === 'string' ? body : JSON.stringify(body));
        const text = await response.text();
        assert.ok(
          response.status !== 500 && response.status !== 502 && response.status !== 504,
          `status ${response.status} for ${JSON.stringify(body).slice(0, 300)}: ${text.slice(0, 300)}`,
        );
        if (response.status >= 400 && !response.headers.get('content-type')?.startsWith('text/event-stream')) {
          const parsed = JSON.parse(text) as { error: { message: unknown; type: unknown } };
          assert.equal(typeof parsed.error.message, 'string');
          assert.equal(typeof parsed.error.type, 'string');
        }
      }),
      { numRuns: 400, seed: 20261130 },
    );
  });
});
