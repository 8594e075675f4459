// A small llama model with deterministic pseudo-random weights, used as a sentence-embedding model in tests.

import { createRandom } from '../../fixtures/homes/index.ts';
import type { GgufContent } from './gguf-writer.ts';
import { llamaModelContent } from './llama-model.ts';
import { createSpmVocab } from './spm-vocab.ts';

/** The length of the model's embedding vectors. */
export const EMBED_DIMENSIONS = 32;

/** A few whole words, so short English texts are not only byte tokens. */
const PIECES = ['▁the', '▁light', '▁kitchen', '▁living', '▁room', '▁turn', '▁on', '▁off', 'Turn', 'Kitchen', 'Light'];

/** The GGUF content of the embedding model; the same bytes on every run. */
export function randomEmbedModel(): GgufContent {
  const vocab = createSpmVocab(PIECES);
  const random = createRandom(0x4ea27).next;
  const values = (size: number, spread: number): Float32Array =>
    Float32Array.from({ length: size }, () => (random() * 2 - 1) * spread);
  return llamaModelContent({
    name: 'hearth-test-random-embed',
    vocab,
    embeddingLength: EMBED_DIMENSIONS,
    headCount: 4,
    feedForwardLength: 64,
    blockCount: 1,
    contextLength: 512,
    tokenEmbedding: values(EMBED_DIMENSIONS * vocab.tokens.length, 1),
    layerWeight: (name, size) => (name.endsWith('_norm.weight') ? new Float32Array(size).fill(1) : values(size, 0.2)),
  });
}
