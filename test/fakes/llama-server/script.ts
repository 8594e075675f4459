// The script of the fake llama.cpp / vLLM server: steps a test queues for `/tokenize` and `/v1/embeddings`.

import type { FaultStep } from '../loopback/index.ts';

/** Answer `/v1/embeddings` with these vectors, or the computed ones, possibly out of order. */
export interface EmbeddingsStep {
  kind: 'embeddings';
  /** Sent instead of the computed vectors (e.g. a wrong count or length); `index` follows the list. */
  vectors?: number[][];
  /** List the items last-first (their `index` fields stay right), as some servers do. */
  isReversed?: boolean;
  delayMs?: number;
}

/** How the fake answers one `POST /v1/embeddings`. */
export type OpenAiEmbeddingsStep = EmbeddingsStep | FaultStep;

/** How the fake answers one `POST /tokenize`: computed by default, or a fault. */
export type TokenizeStep = FaultStep;
