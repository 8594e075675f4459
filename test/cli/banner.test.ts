// What `hearth serve` prints at start: each model says where it runs and how its prompts are counted.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderBanner } from '../../src/cli/banner.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';

describe('renderBanner', () => {
  it("names each model's backend, input limit and tokenizer, and the embedder", () => {
    const config = ConfigSchema.parse({
      models: {
        gemma: { base_url: 'http://127.0.0.1:8081/v1', tokenizer: 'gemma3' },
        tiny: { backend: 'llama-cpp', model_path: '/models/tiny.gguf', max_input_tokens: 2048 },
      },
      embeddings: { backend: 'ollama', base_url: 'http://127.0.0.1:11434' },
    });
    const text = renderBanner(config, 'http://127.0.0.1:8080', undefined);
    assert.match(
      text,
      /gemma {2}openai backend at http:\/\/127\.0\.0\.1:8081\/v1 \(upstream model gemma\); prompts up to 4096 tokens, counted by gemma3/,
    );
    assert.match(
      text,
      /tiny {2}llama\.cpp in process on \/models\/tiny\.gguf; prompts up to 2048 tokens, counted by model/,
    );
    assert.match(text, /embeddings: all-minilm at http:\/\/127\.0\.0\.1:11434 \(ollama\)/);
  });
});
