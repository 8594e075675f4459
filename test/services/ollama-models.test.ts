// What a local Ollama has: each model judged a chat, vision or embedding model from /api/tags and /api/show.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readOllamaModels } from '../../src/services/index.ts';
import { OLLAMA_TAGS } from '../fixtures/ollama-tags.ts';

describe('readOllamaModels', () => {
  const tags = OLLAMA_TAGS;

  it('tells embedding, chat and vision models apart by family and name', () => {
    assert.deepEqual(readOllamaModels(tags), [
      { name: 'nomic-embed-text:latest', vision: false, embedding: true },
      { name: 'qwen3:4b', vision: false, embedding: false },
      { name: 'llava:7b', vision: true, embedding: false },
      { name: 'gemma3:4b', vision: false, embedding: false },
    ]);
  });

  it("prefers Ollama's own capabilities when /api/show gives them", () => {
    const capabilities = new Map([['gemma3:4b', ['completion', 'vision']]]);
    assert.equal(readOllamaModels(tags, capabilities)[3]!.vision, true);
  });
});
