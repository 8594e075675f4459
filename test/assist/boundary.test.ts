// The virtual-model boundary: a physical model gets the request as sent, but only when it fits max_input_tokens.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGE_OVERHEAD_TOKENS } from '../../src/assist/steps/budget-tokens.ts';
import type { TokenCounter } from '../../src/backends/index.ts';
import { createHarness, postChat, readSse } from '../server/app-harness.ts';

/** A tokenizer that counts one token per word and records every text it was given. */
function wordCounter(): TokenCounter & { texts: string[] } {
  const texts: string[] = [];
  return {
    source: 'words',
    texts,
    count: async (text: string) => {
      texts.push(text);
      return text.split(/\s+/).filter((word) => word !== '').length;
    },
  };
}

/** A pass-through request to `gemma` whose one user message has `words` words (plus the role line). */
function chat(words: number, stream = false) {
  return {
    model: 'gemma',
    stream,
    messages: [{ role: 'user', content: Array.from({ length: words }, () => 'word').join(' ') }],
  };
}

// The counted prompt is the role line ("user", 1 word), the words, and the per-message allowance.
const LIMIT = 128;
const FITS = LIMIT - 1 - MESSAGE_OVERHEAD_TOKENS;

interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string };
}

describe("pass-through models: max_input_tokens, counted with the model's own tokenizer", () => {
  it('forwards a request that fits exactly, counted once with that model tokenizer', async () => {
    const tokens = wordCounter();
    const harness = createHarness({ maxInputTokens: LIMIT, tokens });
    const response = await postChat(harness.app, chat(FITS));
    assert.equal(response.status, 200);
    assert.equal(harness.gemma.turns.length, 1);
    assert.equal(tokens.texts.length, 1);
    assert.equal(tokens.texts[0], `user\n${chat(FITS).messages[0]!.content}`);
  });

  it('answers 400 context_length_exceeded naming both numbers, and calls no model', async () => {
    const tokens = wordCounter();
    const harness = createHarness({ maxInputTokens: LIMIT, tokens });
    const response = await postChat(harness.app, chat(FITS + 1));
    assert.equal(response.status, 400);
    assert.deepEqual((await response.json()) as ErrorBody, {
      error: {
        message: `This request is ${LIMIT + 1} tokens, but model 'gemma' accepts at most ${LIMIT} input tokens (max_input_tokens). Nothing was sent; shorten the conversation, or raise max_input_tokens.`,
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    });
    assert.equal(harness.gemma.turns.length + harness.vision.turns.length, 0);
  });

  it('streaming: the same 400 before any frame, and no model call', async () => {
    const harness = createHarness({ maxInputTokens: LIMIT, tokens: wordCounter() });
    const response = await postChat(harness.app, chat(FITS + 1, true));
    assert.equal(response.status, 400);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(((await response.json()) as ErrorBody).error.code, 'context_length_exceeded');
    assert.equal(harness.gemma.turns.length, 0);
  });

  it('streaming: a request that fits streams as before', async () => {
    const harness = createHarness({ maxInputTokens: LIMIT, tokens: wordCounter() });
    const response = await postChat(harness.app, chat(FITS, true));
    assert.equal(response.status, 200);
    const frames = await readSse(response);
    assert.equal(frames.at(-1), '[DONE]');
    assert.match(frames.join('\n'), /ok from gemma/);
    assert.equal(harness.gemma.turns.length, 1);
  });

  it('counts the tools the request offers too', async () => {
    const tokens = wordCounter();
    const harness = createHarness({ maxInputTokens: LIMIT, tokens });
    const tool = {
      type: 'function',
      function: { name: 'lookup', description: 'Look up a word', parameters: { type: 'object', properties: {} } },
    };
    const response = await postChat(harness.app, { ...chat(FITS), tools: [tool] });
    assert.equal(response.status, 400);
    assert.match(tokens.texts[0] ?? '', /"name":"lookup"/);
    assert.equal(harness.gemma.turns.length, 0);
  });

  it('an unknown model is still 404 before anything is counted', async () => {
    const tokens = wordCounter();
    const harness = createHarness({ tokens });
    const response = await postChat(harness.app, { ...chat(3), model: 'gpt-9' });
    assert.equal(response.status, 404);
    assert.equal(tokens.texts.length, 0);
  });
});
