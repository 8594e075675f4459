// Ollama's /api/embed answer both ways: what hearth's server writes, the Ollama embedder reads back.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeOllamaEmbeddings, encodeOllamaEmbed } from '../../src/ollama/index.ts';

describe('the /api/embed answer', () => {
  const header = { model: 'all-minilm', totalDurationNs: 5, promptTokens: 3 };

  it('writes unit-length vectors that the reader reads back', () => {
    const body = encodeOllamaEmbed([Float32Array.of(3, 4), Float32Array.of(0, 0)], header);
    assert.deepEqual(decodeOllamaEmbeddings(JSON.parse(JSON.stringify(body))), [
      [0.6, 0.8],
      [0, 0],
    ]);
    assert.equal(body.prompt_eval_count, 3);
  });

  it('cuts vectors to dimensions before normalising them', () => {
    const body = encodeOllamaEmbed([Float32Array.of(0, 2, 9)], { ...header, dimensions: 2 });
    assert.deepEqual(decodeOllamaEmbeddings(body), [[0, 1]]);
  });

  it('reads no vectors from a body without a list of number lists', () => {
    for (const body of [{}, { embeddings: 'x' }, { embeddings: [[1, 'a']] }, null, [[1]]])
      assert.equal(decodeOllamaEmbeddings(body), undefined, JSON.stringify(body));
  });
});
