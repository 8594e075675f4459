// The embedder for any server with OpenAI's embeddings endpoint (`POST /v1/embeddings`): llama.cpp, vLLM, TEI, LocalAI.

import { z } from 'zod';
import type { Embedder } from '../embedder.ts';
import { badResponse } from '../upstream-error.ts';
import { trimBaseUrl } from '../upstream-post.ts';
import { createHttpEmbedder, type HttpEmbedderSettings } from './embed-batches.ts';

/** How to reach one embedding model on an OpenAI-compatible server. */
export interface OpenAiEmbedderOptions extends HttpEmbedderSettings {
  /** The API root, e.g. `http://127.0.0.1:8082/v1`. */
  baseUrl: string;
  /** The model name the server knows. */
  upstreamModel: string;
}

const EmbeddingsResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      index: z.number().int().nonnegative(),
      embedding: z.array(z.number()),
    }),
  ),
});

/** An embedder that calls `POST {baseUrl}/embeddings`. */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  return createHttpEmbedder(options, `${trimBaseUrl(options.baseUrl)}/embeddings`, (json, count) =>
    vectorsInOrder(json, count, options.name),
  );
}

/** The vectors sorted by their `index`, which must be exactly 0..count-1 (servers may answer out of order). */
function vectorsInOrder(json: unknown, count: number, name: string): number[][] {
  const parsed = EmbeddingsResponseSchema.safeParse(json);
  if (!parsed.success) throw badResponse(name, 'the body is not an embeddings list');
  const vectors: number[][] = [];
  for (const item of parsed.data.data) {
    if (item.index >= count || vectors[item.index] !== undefined) {
      throw badResponse(name, `embedding index ${item.index} is out of range or repeated for ${count} texts`);
    }
    vectors[item.index] = item.embedding;
  }
  // A short list leaves holes, which the batch check reports as a wrong count.
  return vectors.filter((vector) => vector !== undefined);
}
