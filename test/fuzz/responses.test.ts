// Fuzz: POST /v1/responses answers every body with a documented status and body: never a 500, a crash or a hang.

import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createHarness } from '../server/app-harness.ts';
import { checkAnswer, post } from './answer-checks.ts';
import { costlyRuns, fuzzOptions } from './fuzz-options.ts';
import { toJsonText } from './hostile-values.ts';
import { responsesBody } from './responses-body-arbitraries.ts';

describe('fuzz: POST /v1/responses', () => {
  it('answers every body with a documented status and an OpenAI body or event stream', {
    timeout: 600_000,
  }, async () => {
    const harness = createHarness();
    await fc.assert(
      fc.asyncProperty(responsesBody, async (value) => {
        const json = toJsonText(value);
        await checkAnswer(await post(harness.app, '/v1/responses', json), 'responses', json);
        harness.gemma.turns.length = 0;
        harness.vision.turns.length = 0;
      }),
      fuzzOptions(20_261_202, costlyRuns()),
    );
  });
});
