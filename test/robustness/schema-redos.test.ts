// Issue 10, rows 3 and 4 through the app: a catastrophic `pattern` in a client tool schema runs in linear
// time, and schemas that differ only in descriptions keep working (their cache is tested with the validator).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHarness, postChat } from '../server/app-harness.ts';
import { firstRequest } from '../assist/ha-turns.ts';
import { REDOS_NAME, redosBody } from './hostile-bodies.ts';

interface Reply {
  choices?: { message: { tool_calls?: { function: { name: string; arguments: string } }[] } }[];
  metrics?: { ha_plan?: { generative_reason?: string } };
}

describe('a tool schema whose name pattern is ^A(a+)+b$, and a light named A + 32 × a', () => {
  it('checks the plan against the pattern in linear time and hands the turn to the model', {
    timeout: 120_000,
  }, async () => {
    const harness = createHarness();
    const started = performance.now();
    const response = await postChat(harness.app, redosBody());
    const json = (await response.json()) as Reply;
    const ms = performance.now() - started;
    assert.equal(response.status, 200, JSON.stringify(json));
    // A backtracking engine takes minutes (2^32 steps); RE2's automaton a few microseconds.
    assert.ok(ms < 3000, `took ${Math.round(ms)} ms`);
    assert.match(json.metrics?.ha_plan?.generative_reason ?? '', /must match pattern/);
    assert.equal(harness.gemma.turns.length, 1);
  });

  it('sends the call when the pattern matches the name', async () => {
    const harness = createHarness();
    const response = await postChat(harness.app, redosBody(REDOS_NAME, '^A(a+)+$'));
    const json = (await response.json()) as Reply;
    assert.equal(response.status, 200);
    const call = json.choices?.[0]?.message.tool_calls?.[0];
    assert.equal(call?.function.name, 'HassTurnOff');
    assert.deepEqual(JSON.parse(call?.function.arguments ?? '{}'), { name: REDOS_NAME, domain: ['light'] });
    assert.equal(harness.gemma.turns.length, 0);
  });
});

describe('requests whose tool schemas differ only in their descriptions', () => {
  it('are all still answered deterministically (500 requests; compilations are counted in test/assist/tool-schema.test.ts)', {
    timeout: 300_000,
  }, async () => {
    const harness = createHarness();
    for (let i = 0; i < 500; i++) {
      const request = firstRequest('turn off the kitchen light') as unknown as {
        tools: { function: { description?: string } }[];
      };
      for (const tool of request.tools) tool.function.description = `${tool.function.description ?? ''} (${i})`;
      const response = await postChat(harness.app, request);
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    assert.equal(harness.gemma.turns.length, 0);
  });
});
