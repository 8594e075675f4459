// POST /api/embed: the texts embedded by the named model, through the same embedding service as /v1/embeddings.

import type { Context } from 'hono';
import { HearthError, isHearthError } from '../../common/index.ts';
import {
  encodeOllamaEmbed,
  modelNotFoundMessage,
  OllamaEmbedRequestSchema,
  parseOllamaRequest,
} from '../../ollama/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';

const NS_PER_MS = 1_000_000;
const LATEST = ':latest';

/** The Ollama embed handler. */
export function ollamaEmbed(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const started = deps.clock.monotonic();
    const request = parseOllamaRequest(OllamaEmbedRequestSchema, c.var.body);
    const texts = typeof request.input === 'string' ? [request.input] : request.input;
    const result = await embedByName(deps, request.model, texts, c.req.raw.signal);
    return c.json(
      encodeOllamaEmbed(result.vectors, {
        model: request.model,
        totalDurationNs: Math.round((deps.clock.monotonic() - started) * NS_PER_MS),
        promptTokens: result.promptTokens,
        ...(request.dimensions === undefined ? {} : { dimensions: request.dimensions }),
      }),
    );
  };
}

/** Ollama clients add `:latest` to untagged names, so a miss is retried without it; a final miss is Ollama's 404. */
async function embedByName(deps: AppDeps, model: string, texts: readonly string[], signal: AbortSignal) {
  const names = model.endsWith(LATEST) ? [model, model.slice(0, -LATEST.length)] : [model];
  let missed: unknown;
  for (const name of names) {
    try {
      return await deps.embeddings.embed(name, texts, { signal });
    } catch (error) {
      if (!isHearthError(error) || error.kind !== 'not_found') throw error;
      missed = error;
    }
  }
  throw new HearthError('MODEL_NOT_FOUND', modelNotFoundMessage(model), { cause: missed });
}
