// Ollama model names for our ids, and requested names back to ids.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ollamaNameOf, resolveOllamaModel } from '../../src/ollama/index.ts';

describe('ollama model names', () => {
  it('tags untagged ids with :latest and keeps tagged ones', () => {
    assert.deepEqual(['HA-Assist', 'qwen3:1.7b'].map(ollamaNameOf), ['HA-Assist:latest', 'qwen3:1.7b']);
  });

  it('resolves exact names, :latest, and a unique case-insensitive match; nothing when ambiguous or unknown', () => {
    const ids = ['HA-Assist', 'gemma', 'Gemma', 'qwen3:1.7b'];
    const rows: [string, string | undefined][] = [
      ['HA-Assist', 'HA-Assist'],
      ['ha-assist:latest', 'HA-Assist'],
      ['gemma:latest', 'gemma'],
      ['GEMMA', undefined],
      ['QWEN3:1.7B', 'qwen3:1.7b'],
      ['llama3', undefined],
    ];
    for (const [asked, id] of rows) assert.equal(resolveOllamaModel(asked, ids), id, asked);
  });
});
