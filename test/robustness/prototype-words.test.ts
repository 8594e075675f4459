// Words that are names of Object.prototype members ("constructor", "__proto__") are words like any other:
// a sentence holding one is never a 500 (word tables are plain objects; a lookup must not reach the prototype).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstRequest } from '../assist/ha-turns.ts';
import { createHarness, postChat } from '../server/app-harness.ts';

const WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
const FRAMES = [
  (word: string) => `turn off the kitchn light ${word}`,
  (word: string) => `${word} turn off the kitchen light`,
  (word: string) => `turn of the ${word} light`,
  (word: string) => `is the ${word} on`,
  (word: string) => `set the ${word} to 50 %`,
  (word: string) => word,
];

describe('sentences holding Object.prototype member names', () => {
  for (const withModel of [true, false]) {
    it(`are never a 500 (${withModel ? 'with' : 'without'} a text model)`, async () => {
      const harness = createHarness({ withoutTextModel: !withModel });
      for (const word of WORDS) {
        for (const frame of FRAMES) {
          const response = await postChat(harness.app, firstRequest(frame(word)));
          const body = await response.text();
          assert.ok(response.status < 500 || response.status === 503, `"${frame(word)}": ${response.status} ${body}`);
        }
      }
    });
  }
});
