// The per-request values middleware puts on the Hono context, and the dependencies the app is built from.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import type { ChatService } from '../assist/index.ts';

/** What `createApp` needs; cli/ builds the concrete parts. */
export interface AppDeps {
  chat: ChatService;
  /** The models `POST /v1/embeddings` reaches by name. */
  embeddings: EmbeddingService;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  /** Bearer keys accepted on /v1; empty means no authentication. */
  apiKeys: readonly string[];
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
}

/** Hono environment: the variables set per request. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The request's logger, bound to its id. */
    logger: Logger;
    /** The parsed JSON body of a POST. */
    body: unknown;
  };
}

/**
 * Embeds texts with the model a client names (cli/ builds it from backends/): throws 404 `model_not_found` for
 * an unknown name and 400 for a model that cannot embed.
 */
export interface EmbeddingService {
  embed(
    model: string,
    texts: readonly string[],
    options?: { signal?: AbortSignal },
  ): Promise<{ vectors: Float32Array[]; promptTokens: number }>;
}
