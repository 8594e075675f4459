// Fuzz: Home Assistant's tool results as they come back in a conversation's `tool` messages, read by readToolResult
// directly and through HA-Assist follow-up requests: a classified value (or the coded refusal), never a crash.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isHearthError } from '../../src/common/index.ts';
import { readToolResult, type ToolResult } from '../../src/homeassistant/request/index.ts';
import { createHarness } from '../server/app-harness.ts';
import { checkAnswer, post } from './answer-checks.ts';
import { bounded, costlyRuns, fuzzOptions } from './fuzz-options.ts';
import { deepToolResultText, toolResultText } from './ha-tool-results.ts';
import { haChatBodyOf } from './ha-bodies.ts';

const KINDS = ['intent-response', 'live-context', 'success', 'failure', 'value', 'text'];

/** Reads `content`; only the documented refusal of a hostile Live Context YAML may be thrown. */
function read(content: string): ToolResult | undefined {
  try {
    return bounded('readToolResult', () => readToolResult(content));
  } catch (error) {
    if (isHearthError(error) && error.code === 'ENTITY_YAML_REFUSED') return undefined;
    throw error;
  }
}

/** What a classified result must be, whatever its text. */
function checkResult(result: ToolResult): void {
  assert.ok(['json', 'python', 'text'].includes(result.encoding), result.encoding);
  assert.ok(KINDS.includes(result.body.kind), result.body.kind);
  const { body } = result;
  if (body.kind === 'failure') assert.equal(typeof body.message, 'string');
  if (body.kind === 'intent-response')
    for (const target of [...body.targets, ...body.success, ...body.failed])
      assert.ok([target.name, target.type, target.id].every((field) => typeof field === 'string'));
}

/**
 * Cases of the through-the-app property: an HA-Assist follow-up takes about 4 ms here (recognition, repair, retrieval,
 * the tool results read), so 5,000 take about 21 s and 10,000 would not fit the suite's 30 s. Its share of 5,000 in an
 * ordinary run, all of them in a deep one.
 */
const RUNS_THROUGH_APP = costlyRuns(5_000);

/** The property through the app, for follow-up requests whose tool results are drawn from `result`. */
async function checkFollowUps(result: fc.Arbitrary<string>, seed: number, numRuns: number): Promise<void> {
  const harness = createHarness();
  // Every body carries a round of tool calls after the user message, answered with `result`.
  const body = haChatBodyOf({ result }).filter((value) =>
    (value.messages as { role: string }[]).some((message) => message.role === 'tool'),
  );
  await fc.assert(
    fc.asyncProperty(body, async (value) => {
      const text = JSON.stringify(value);
      await checkAnswer(await post(harness.app, '/v1/chat/completions', text), 'chat', text);
      harness.gemma.turns.length = 0;
      harness.vision.turns.length = 0;
    }),
    fuzzOptions(seed, numRuns),
  );
}

describe('fuzz: tool results', () => {
  it('are classified from any text: intent responses, Live Contexts, JSON, Python repr and text', () => {
    fc.assert(
      fc.property(toolResultText, (content) => {
        const result = read(content);
        if (result !== undefined) checkResult(result);
      }),
      fuzzOptions(20_261_205),
    );
  });

  it('come back in HA-Assist follow-up requests without a 500', { timeout: 600_000 }, async () => {
    await checkFollowUps(toolResultText, 20_261_215, RUNS_THROUGH_APP);
  });

  it('are classified when they nest deeper than the stack (inside a string, past the body limit)', () => {
    fc.assert(
      fc.property(deepToolResultText, (content) => {
        const result = read(content);
        if (result !== undefined) checkResult(result);
      }),
      fuzzOptions(20_261_225, costlyRuns(1_000)),
    );
  });

  it('that nest deeper than the stack come back in follow-up requests without a 500', {
    timeout: 600_000,
  }, async () => {
    await checkFollowUps(deepToolResultText, 20_261_235, costlyRuns(200));
  });
});
