// Wiring of the embedders: the configured sentence-embedding model, and what `POST /v1/embeddings` reaches.

import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { HA_ASSIST_MODEL } from '../assist/index.ts';
import {
  createEmbeddingModels,
  createLlamaCppEmbedder,
  createOllamaEmbedder,
  createOpenAiEmbedder,
  type Embedder,
  type EmbeddingModels,
} from '../backends/index.ts';
import type { Config, EmbeddingsConfig } from './config-schema.ts';
import { enabledModels } from './config-checks.ts';
import { httpOptions, requireFile } from './wire-backend-http.ts';
import type { Runtime } from './wire-runtime.ts';

/** The sentence-embedding model `config.embeddings` describes, if any. */
export function buildEmbedder(config: Config, runtime: Runtime): Embedder | undefined {
  const entry = config.embeddings;
  if (entry === null) return undefined;
  const name = entry.backend === 'llama-cpp' ? entry.model_path! : entry.model;
  if (entry.backend === 'llama-cpp') {
    return createLlamaCppEmbedder({
      name,
      modelPath: requireFile('embeddings.model_path', entry.model_path!),
      threads: entry.threads ?? availableParallelism(),
      logger: runtime.logger,
    });
  }
  const http = httpOptions(name, entry, runtime);
  return entry.backend === 'ollama' ? createOllamaEmbedder(http) : createOpenAiEmbedder(http);
}

/**
 * What `POST /v1/embeddings` reaches: the configured embedder (by its `model`, or a llama-cpp file's name without
 * `.gguf`), then every enabled physical model whose protocol embeds (openai, ollama); an in-process llama-cpp chat
 * model is not loaded a second time as an embedder.
 */
export function buildEmbeddingModels(
  config: Config,
  runtime: Runtime,
  embedder: Embedder | undefined,
): EmbeddingModels {
  const embedders = new Map<string, Embedder>();
  const entry = config.embeddings;
  if (entry !== null && embedder !== undefined) embedders.set(embeddingsName(entry), embedder);
  const chatOnly = [HA_ASSIST_MODEL];
  for (const [key, name] of enabledModels(config)) {
    const model = config.models[key]!;
    if (embedders.has(name)) continue;
    if (model.backend === 'llama-cpp') chatOnly.push(name);
    else {
      const http = httpOptions(name, model, runtime);
      embedders.set(name, model.backend === 'ollama' ? createOllamaEmbedder(http) : createOpenAiEmbedder(http));
    }
  }
  return createEmbeddingModels({ embedders, chatOnly });
}

/** The name clients give the configured embedder on /v1/embeddings. */
function embeddingsName(entry: EmbeddingsConfig): string {
  if (entry.backend !== 'llama-cpp') return entry.model;
  return basename(entry.model_path!).replace(/\.gguf$/i, '');
}
