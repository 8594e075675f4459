// Fuzz: Ollama's POST /api/chat answers every body with a documented status and body in Ollama's shapes: never a
// 500, a crash or a hang.

import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createHarness } from '../server/app-harness.ts';
import { checkAnswer, post } from './answer-checks.ts';
import { costlyRuns, fuzzOptions } from './fuzz-options.ts';
import { toJsonText } from './hostile-values.ts';
import { ollamaBody } from './ollama-body-arbitraries.ts';

describe('fuzz: POST /api/chat', () => {
  it('answers every body with a documented status, and errors as {"error": "…"}', { timeout: 600_000 }, async () => {
    const harness = createHarness();
    await fc.assert(
      fc.asyncProperty(ollamaBody, async (value) => {
        const json = toJsonText(value);
        await checkAnswer(await post(harness.app, '/api/chat', json), 'ollama', json);
        harness.gemma.turns.length = 0;
        harness.vision.turns.length = 0;
      }),
      fuzzOptions(20_261_203, costlyRuns()),
    );
  });
});
