// Tests of batched embedding: batch sizes, order, and the checks on what each batch returned.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { embedInBatches, type EmbedBatch } from '../../../src/backends/embeddings/embed-batches.ts';
import { assertHearthError, rejectionOf } from '../../contract/backend-contract-kit.ts';

const SETTINGS = { name: 'minilm', batchSize: 3 };

/** A batch function that records its batches and answers [length, position] per text. */
function recording(): { batches: string[][]; embed: EmbedBatch } {
  const batches: string[][] = [];
  return {
    batches,
    embed: async (batch) => {
      batches.push(batch);
      return batch.map((text, index) => [text.length, index]);
    },
  };
}

describe('embedInBatches', () => {
  const SIZE_ROWS: { count: number; batchSize: number; sizes: number[] }[] = [
    { count: 0, batchSize: 3, sizes: [] },
    { count: 3, batchSize: 3, sizes: [3] },
    { count: 7, batchSize: 3, sizes: [3, 3, 1] },
    { count: 2, batchSize: 0, sizes: [1, 1] },
  ];
  for (const row of SIZE_ROWS) {
    it(`splits ${row.count} texts into batches of ${row.sizes.join(', ') || 'none'} for batch size ${row.batchSize}`, async () => {
      const { batches, embed } = recording();
      const texts = Array.from({ length: row.count }, (_, index) => 'x'.repeat(index + 1));
      const vectors = await embedInBatches(texts, { ...SETTINGS, batchSize: row.batchSize }, embed);
      assert.deepEqual(
        batches.map((batch) => batch.length),
        row.sizes,
      );
      assert.deepEqual(
        vectors.map((vector) => vector[0]),
        texts.map((text) => text.length),
        'one vector per text, in order',
      );
      assert.ok(vectors.every((vector) => vector instanceof Float32Array));
    });
  }

  const BAD_ROWS: { name: string; answer: number[][]; problem: RegExp }[] = [
    { name: 'too few vectors', answer: [[1, 2]], problem: /1 embeddings came back for 2 texts/ },
    {
      name: 'too many vectors',
      answer: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      problem: /3 embeddings came back for 2 texts/,
    },
    { name: 'vectors of different lengths', answer: [[1, 2], [3]], problem: /1 dimensions where 2/ },
    { name: 'empty vectors', answer: [[], []], problem: /0 dimensions/ },
  ];
  for (const row of BAD_ROWS) {
    it(`rejects ${row.name} as a bad response naming the model`, async () => {
      const error = assertHearthError(
        await rejectionOf(embedInBatches(['a', 'b'], SETTINGS, async () => row.answer)),
        'upstream_failure',
        'BACKEND_BAD_RESPONSE',
      );
      assert.match(error.message, row.problem);
      assert.ok(error.message.includes('minilm'), error.message);
    });
  }

  it('rejects a later batch whose vectors differ in length from the first batch', async () => {
    const lengths = [2, 3];
    let call = 0;
    const embed: EmbedBatch = async (batch) => {
      const length = lengths[call++]!;
      return batch.map(() => new Array<number>(length).fill(0.5));
    };
    assertHearthError(
      await rejectionOf(embedInBatches(['a', 'b', 'c', 'd'], SETTINGS, embed)),
      'upstream_failure',
      'BACKEND_BAD_RESPONSE',
    );
  });
});
