// Fuzz: POST /v1/chat/completions answers every body with a documented status and body: never a 500, a crash or a hang.

import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createHarness } from '../server/app-harness.ts';
import { checkAnswer, post } from './answer-checks.ts';
import { chatBody } from './chat-body-arbitraries.ts';
import { costlyRuns, fuzzOptions } from './fuzz-options.ts';
import { toJsonText } from './hostile-values.ts';

describe('fuzz: POST /v1/chat/completions', () => {
  it('answers every body with a documented status and an OpenAI body or stream', { timeout: 600_000 }, async () => {
    const harness = createHarness();
    await fc.assert(
      fc.asyncProperty(chatBody, async (value) => {
        const text = toJsonText(value);
        const response = await post(harness.app, '/v1/chat/completions', text);
        await checkAnswer(response, 'chat', text);
        // The scripted backends record every turn; thousands of them are not needed.
        harness.gemma.turns.length = 0;
        harness.vision.turns.length = 0;
      }),
      fuzzOptions(20_261_201, costlyRuns()),
    );
  });
});
