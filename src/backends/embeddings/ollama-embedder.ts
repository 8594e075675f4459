// The embedder for Ollama's native embeddings endpoint (`POST /api/embed`).

import { z } from 'zod';
import type { Embedder } from '../embedder.ts';
import { badResponse } from '../upstream-error.ts';
import { postJson, trimBaseUrl, type UpstreamTarget } from '../upstream-post.ts';
import { DEFAULT_EMBED_BATCH_SIZE, embedInBatches } from './embed-batches.ts';

/** How to reach one embedding model on an Ollama server. */
export interface OllamaEmbedderOptions extends UpstreamTarget {
  /** The server root, e.g. `http://127.0.0.1:11434` (not its `/v1`). */
  baseUrl: string;
  /** The model name Ollama knows, e.g. `all-minilm`. */
  upstreamModel: string;
  /** Most texts per request (default {@link DEFAULT_EMBED_BATCH_SIZE}). */
  batchSize?: number;
}

const EmbedResponseSchema = z.looseObject({
  embeddings: z.array(z.array(z.number())),
});

/** An embedder that calls `POST {baseUrl}/api/embed`. */
export function createOllamaEmbedder(options: OllamaEmbedderOptions): Embedder {
  const url = `${trimBaseUrl(options.baseUrl)}/api/embed`;
  const settings = { name: options.name, batchSize: options.batchSize ?? DEFAULT_EMBED_BATCH_SIZE };
  return {
    name: options.name,
    embed(texts, callOptions = {}) {
      return embedInBatches(texts, settings, async (batch) => {
        const json = await postJson(options, url, { model: options.upstreamModel, input: batch }, callOptions.signal);
        const parsed = EmbedResponseSchema.safeParse(json);
        if (!parsed.success) throw badResponse(options.name, 'the body has no embeddings list');
        return parsed.data.embeddings;
      });
    },
  };
}
