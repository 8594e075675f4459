// POST /v1/embeddings: decode the texts, let the named embedding model embed them, encode the vectors.

import type { Context } from 'hono';
import { decodeEmbeddingsRequest, encodeEmbeddings } from '../../openai/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';

/** The embeddings handler. */
export function embeddings(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const query = decodeEmbeddingsRequest(c.var.body);
    const result = await deps.embeddings.embed(query.model, query.texts, { signal: c.req.raw.signal });
    return c.json(encodeEmbeddings(result.vectors, query, { model: query.model, promptTokens: result.promptTokens }));
  };
}
