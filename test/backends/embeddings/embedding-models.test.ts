// The embedding models by name: who embeds, who cannot, and the errors that say which names exist.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../../src/common/index.ts';
import { createEmbeddingModels, type Embedder } from '../../../src/backends/index.ts';

/** An embedder that records its calls and answers [length, index] per text. */
function recordingEmbedder(name: string): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    name,
    calls,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((text, index) => Float32Array.from([text.length, index]));
    },
  };
}

describe('createEmbeddingModels', () => {
  it('embeds with the embedder the name picks and estimates the tokens', async () => {
    const minilm = recordingEmbedder('all-minilm');
    const models = createEmbeddingModels({ embedders: new Map([['all-minilm', minilm]]), chatOnly: ['HA-Assist'] });
    const result = await models.embed('all-minilm', ['kitchen light', 'hall']);
    assert.deepEqual(minilm.calls, [['kitchen light', 'hall']]);
    assert.deepEqual(
      result.vectors.map((vector) => [...vector]),
      [
        [13, 0],
        [4, 1],
      ],
    );
    // ceil(13 / 3.5) + ceil(4 / 3.5)
    assert.equal(result.promptTokens, 4 + 2);
  });

  const embedders = new Map([
    ['all-minilm', recordingEmbedder('all-minilm')],
    ['nomic', recordingEmbedder('nomic')],
  ]);
  const refusals: { model: string; kind: string; code: string; message: string }[] = [
    {
      model: 'gpt-9',
      kind: 'not_found',
      code: 'MODEL_NOT_FOUND',
      message: "There is no embedding model 'gpt-9'. Available: all-minilm, nomic.",
    },
    {
      model: 'ALL-MiniLM',
      kind: 'not_found',
      code: 'MODEL_NOT_FOUND',
      message:
        "There is no embedding model 'ALL-MiniLM'; did you mean 'all-minilm'? (Model names are case-sensitive.) Available: all-minilm, nomic.",
    },
    {
      model: 'HA-Assist',
      kind: 'invalid_request',
      code: 'MODEL_CANNOT_EMBED',
      message: "Model 'HA-Assist' is a chat model and cannot produce embeddings. Models that embed: all-minilm, nomic.",
    },
  ];
  for (const row of refusals) {
    it(`refuses '${row.model}' with ${row.code}`, async () => {
      const models = createEmbeddingModels({ embedders, chatOnly: ['HA-Assist', 'local-gguf'] });
      await assert.rejects(
        models.embed(row.model, ['x']),
        (error: unknown) =>
          error instanceof HearthError &&
          error.kind === row.kind &&
          error.code === row.code &&
          error.param === 'model' &&
          error.message === row.message,
      );
    });
  }

  it('says how to get an embedder when none is configured', async () => {
    const models = createEmbeddingModels({ embedders: new Map(), chatOnly: ['HA-Assist'] });
    await assert.rejects(models.embed('HA-Assist', ['x']), /No model embeds: configure `embeddings`\./);
    await assert.rejects(
      models.embed('all-minilm', ['x']),
      /There is no embedding model 'all-minilm'\. None is configured\./,
    );
  });
});
