// The configuration's model entries: one physical model (`models.<key>`) and the embedding model (`embeddings`), each
// with how to reach it (a declarative table).

import { z } from 'zod';
import { intRangeSchema as intRange, rangeSchema as range } from '../assist/index.ts';

const HttpUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL');

/** How long to wait for a backend over HTTP. */
const TimeoutsSchema = z
  .strictObject({
    /** Seconds to open the connection. */
    connect: range(0.1, 300, ' seconds').default(5),
    /** Longest silence, in seconds, before the answer starts and between stream chunks. */
    read: range(1, 3600, ' seconds').default(120),
  })
  .prefault({});

/**
 * Which tokenizer counts a model's prompt: `model` (the GGUF's own, llama-cpp only), `llama.cpp` or
 * `vllm` (the server's /tokenize), `qwen3` or `gemma3` (vocabularies shipped with hearth), a
 * `tokenizer.json` file, or `estimate` (characters / 3.5, the fallback when nothing better is known).
 */
const TokenizerSchema = z.union(
  [
    z.enum(['model', 'llama.cpp', 'vllm', 'qwen3', 'gemma3', 'estimate']),
    z.strictObject({ file: z.string().min(1), config_file: z.string().min(1).optional() }),
  ],
  { error: "must be one of 'model', 'llama.cpp', 'vllm', 'qwen3', 'gemma3', 'estimate', or { file: PATH }" },
);

/** One physical model and how to reach it. */
export const ModelConfigSchema = z.strictObject({
  /** The backend protocol: an OpenAI-compatible server, Ollama's native API, or llama.cpp embedded in hearth. */
  backend: z
    .enum(['openai', 'ollama', 'llama-cpp'], { error: "must be 'openai', 'ollama' or 'llama-cpp'" })
    .default('openai'),
  /** The API root: http://HOST:PORT/v1 for `openai`, http://HOST:11434 for `ollama`. */
  base_url: HttpUrlSchema.optional(),
  /** A local GGUF file (`llama-cpp`); nothing is ever downloaded. */
  model_path: z.string().min(1).optional(),
  /** CPU threads for `llama-cpp`; default: the machine's cores (more oversubscribes the CPU badly). */
  threads: intRange(1, 256).optional(),
  /** The context window `llama-cpp` allocates; default: max_input_tokens + 1024 for the answer. */
  context_size: intRange(256, 1_048_576).optional(),
  /** The name clients and settings use; defaults to the entry's key. */
  model: z.string().min(1).optional(),
  /** The name the backend knows; defaults to `model`. */
  upstream_model: z.string().min(1).optional(),
  enabled: z.boolean().default(true),
  max_input_tokens: intRange(128, 1_048_576).default(4096),
  /** Counts HA-Assist's prompt for this model; default `model` for llama-cpp, else `estimate`. */
  tokenizer: TokenizerSchema.optional(),
  /** Sent to the backend as a bearer token. */
  api_key: z.string().min(1).optional(),
  timeouts: TimeoutsSchema,
});

/** The sentence-embedding model retrieval ranks entities with (MiniLM-class); none means words only. */
export const EmbeddingsConfigSchema = z.strictObject({
  backend: z.enum(['openai', 'ollama', 'llama-cpp'], {
    error: "must be 'openai' (/v1/embeddings), 'ollama' (/api/embed) or 'llama-cpp'",
  }),
  /** The API root, as for models. */
  base_url: HttpUrlSchema.optional(),
  /** A local GGUF embedding model (`llama-cpp`). */
  model_path: z.string().min(1).optional(),
  /** The model name the server knows (HTTP backends). */
  model: z.string().min(1).default('all-minilm'),
  threads: intRange(1, 256).optional(),
  api_key: z.string().min(1).optional(),
  timeouts: TimeoutsSchema,
});

/** A validated model entry. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
/** A validated `embeddings` entry. */
export type EmbeddingsConfig = z.infer<typeof EmbeddingsConfigSchema>;
