// The embedder for Ollama's native embeddings endpoint (`POST /api/embed`).

import { decodeOllamaEmbeddings } from '../../ollama/index.ts';
import type { Embedder } from '../embedder.ts';
import { badResponse } from '../upstream-error.ts';
import { trimBaseUrl } from '../upstream-post.ts';
import { createHttpEmbedder, type HttpEmbedderSettings } from './embed-batches.ts';

/** How to reach one embedding model on an Ollama server. */
export interface OllamaEmbedderOptions extends HttpEmbedderSettings {
  /** The server root, e.g. `http://127.0.0.1:11434` (not its `/v1`). */
  baseUrl: string;
  /** The model name Ollama knows, e.g. `all-minilm`. */
  upstreamModel: string;
}

/** An embedder that calls `POST {baseUrl}/api/embed`. */
export function createOllamaEmbedder(options: OllamaEmbedderOptions): Embedder {
  return createHttpEmbedder(options, `${trimBaseUrl(options.baseUrl)}/api/embed`, (json) => {
    const embeddings = decodeOllamaEmbeddings(json);
    if (embeddings === undefined) throw badResponse(options.name, 'the body has no embeddings list');
    return embeddings;
  });
}
