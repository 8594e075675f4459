// The models `POST /v1/embeddings` reaches, by the name clients use: the configured embedder and physical models that embed.

import { HearthError, modelNotFound } from '../../common/index.ts';
import type { CallOptions } from '../backend.ts';
import type { Embedder } from '../embedder.ts';
import { createEstimateCounter } from '../tokens/estimate-counter.ts';

/** The vectors for a request's texts and what they cost. */
export interface EmbeddingResult {
  /** One vector per text, in the order given. */
  vectors: Float32Array[];
  /** Estimated (characters / 3.5): embedders report no token counts. */
  promptTokens: number;
}

/** Embeds texts with a model named by the client. */
export interface EmbeddingModels {
  /** Throws 404 `model_not_found` for a name nothing answers to, and 400 for a chat model that cannot embed. */
  embed(model: string, texts: readonly string[], options?: CallOptions): Promise<EmbeddingResult>;
}

/** What the embedding models are made of. */
export interface EmbeddingModelsOptions {
  /** The embedders by the name clients use, in the order error messages list them. */
  embedders: ReadonlyMap<string, Embedder>;
  /** Model names that exist for chat but cannot embed (HA-Assist, in-process chat models). */
  chatOnly: readonly string[];
}

/** The embedding models: a name in `embedders` embeds; any other name is an error that lists those that do. */
export function createEmbeddingModels(options: EmbeddingModelsOptions): EmbeddingModels {
  const estimate = createEstimateCounter();
  const available = [...options.embedders.keys()];
  return {
    async embed(model, texts, callOptions = {}) {
      const embedder = options.embedders.get(model);
      if (embedder === undefined) throw unknownModel(model, available, options.chatOnly);
      const vectors = await embedder.embed(texts, callOptions);
      let promptTokens = 0;
      for (const text of texts) promptTokens += await estimate.count(text);
      return { vectors, promptTokens };
    },
  };
}

function unknownModel(model: string, available: readonly string[], chatOnly: readonly string[]): HearthError {
  if (!chatOnly.includes(model)) return modelNotFound(model, { available, what: 'embedding model' });
  const which =
    available.length === 0 ? 'No model embeds: configure `embeddings`.' : `Models that embed: ${available.join(', ')}.`;
  return new HearthError(
    'MODEL_CANNOT_EMBED',
    `Model '${model}' is a chat model and cannot produce embeddings. ${which}`,
    { param: 'model' },
  );
}
