// Token counts from the embedded model's own tokenizer, checked against the generated vocabulary.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLlamaCppModel, type LlamaCppModel } from '../../../src/backends/index.ts';
import { ensureTestModels } from '../../fakes/gguf/index.ts';
import { idSource } from './llama-turns.ts';

describe('the embedded model token counter', () => {
  let model: LlamaCppModel;

  before(async () => {
    const { chat } = await ensureTestModels();
    model = createLlamaCppModel({
      name: 'bigram',
      modelPath: chat,
      threads: 1,
      contextSize: 512,
      newToolCallId: idSource(),
    });
  });
  after(() => model.close());

  it('names its source', () => {
    assert.equal(model.tokens.source, 'node-llama-cpp');
  });

  // The bigram vocabulary holds the pieces "Hello", "▁world", "!", "Kitchen", "▁Light" (and their prefixes),
  // the ChatML control tokens and the 256 byte tokens; everything else is one token per UTF-8 byte.
  const rows: Array<[string, number]> = [
    ['', 0],
    ['Hello world!', 3],
    ['Kitchen Light', 2],
    ['Hel', 1],
    ['zzz', 3],
    ['ä', 2],
    ['<|im_start|>', 1],
    ['<|im_start|>Hello<|im_end|>', 3],
  ];
  for (const [text, expected] of rows) {
    it(`counts ${JSON.stringify(text)} as ${expected} tokens, without BOS or EOS`, async () => {
      assert.equal(await model.tokens.count(text), expected);
    });
  }

  it('counts a long text as the sum of its parts when they split on a piece boundary', async () => {
    const part = 'Hello world! Kitchen Light ';
    assert.equal(await model.tokens.count(part.repeat(50)), 50 * (await model.tokens.count(part)));
  });
});
