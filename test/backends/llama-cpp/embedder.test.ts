// The embedded llama.cpp embedder on the generated pseudo-random model.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createLlamaCppEmbedder, type LlamaCppEmbedder } from '../../../src/backends/index.ts';
import { isHearthError } from '../../../src/common/index.ts';
import { EMBED_DIMENSIONS, ensureTestModels } from '../../fakes/gguf/index.ts';

describe('the embedded llama.cpp embedder', () => {
  let embedder: LlamaCppEmbedder;

  before(async () => {
    const { embed } = await ensureTestModels();
    embedder = createLlamaCppEmbedder({ name: 'random-embed', modelPath: embed, threads: 1, contextSize: 64 });
  });
  after(() => embedder.close());

  it("gives one vector per text, in order, all of the model's length", async () => {
    const texts = ['Turn on the kitchen light', 'living room', '', 'ä ö ü ✓'];
    const vectors = await embedder.embed(texts);
    assert.equal(vectors.length, texts.length);
    for (const vector of vectors) {
      assert.ok(vector instanceof Float32Array);
      assert.equal(vector.length, EMBED_DIMENSIONS);
      assert.ok(vector.every(Number.isFinite));
    }
  });

  it('gives identical vectors for identical texts, and different ones for different texts', async () => {
    const [first, again, other] = await embedder.embed(['the kitchen light', 'the kitchen light', 'the living room']);
    assert.deepEqual(first, again);
    assert.notDeepEqual(first, other);
    // The same text in a later call, after other texts went through the context.
    const [later] = await embedder.embed(['the kitchen light']);
    assert.deepEqual(later, first);
  });

  it('cuts a text longer than its context instead of failing', async () => {
    const [long] = await embedder.embed(['turn on the kitchen light '.repeat(100)]);
    assert.equal(long!.length, EMBED_DIMENSIONS);
  });

  it('returns no vectors for no texts', async () => {
    assert.deepEqual(await embedder.embed([]), []);
  });

  it('fails on a missing model file, naming the model and the path', async () => {
    const path = join(tmpdir(), 'hearth-no-such-embedder.gguf');
    const missing = createLlamaCppEmbedder({ name: 'ghost-embed', modelPath: path, threads: 1 });
    await assert.rejects(missing.embed(['x']), (error: unknown) => {
      assert.ok(isHearthError(error));
      assert.equal(error.code, 'MODEL_FILE_UNREADABLE');
      assert.ok(error.message.includes('ghost-embed') && error.message.includes(path), error.message);
      return true;
    });
    await missing.close();
  });

  it('reports a cancelled call', async () => {
    await assert.rejects(
      embedder.embed(['x'], { signal: AbortSignal.abort() }),
      (error: unknown) => isHearthError(error) && error.code === 'REQUEST_CANCELLED',
    );
  });
});
