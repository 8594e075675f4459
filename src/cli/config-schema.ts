// The configuration file's schema: every key, its default and its allowed range (a declarative table).

import { z } from 'zod';
import { AssistSettingsConfigSchema, intRangeSchema, rangeSchema } from '../assist/index.ts';

const range = rangeSchema;
const intRange = intRangeSchema;

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

const ApiKeyTextSchema = z.string().min(16, 'an API key must have at least 16 characters');

/**
 * One API key: its text (it may use every enabled connection), or `{key, connections}` (on /mcp it may use only the
 * connections of these names; a name no connection has matches nothing, since connections may be added later).
 */
export const ApiKeySchema = z.union(
  [
    ApiKeyTextSchema,
    z.strictObject({
      key: ApiKeyTextSchema,
      connections: z
        .array(z.string().min(1, 'a connection name cannot be empty'))
        .min(1, 'name at least one connection'),
    }),
  ],
  { error: 'must be a key of at least 16 characters, or {key: KEY, connections: [NAME, …]}' },
);

/** The whole configuration file. */
export const ConfigSchema = z.strictObject({
  server: z
    .strictObject({
      host: z.string().min(1).default('127.0.0.1'),
      port: intRange(0, 65535).default(8080),
      /** Bearer keys accepted on /v1, /api and /mcp; empty turns authentication off (and MCP with it). */
      api_keys: z.array(ApiKeySchema).default([]),
      body_limit_mb: range(1, 256, ' MiB').default(8),
      /** Processes serving the port (Node's cluster module); each loads its own models and caches. */
      workers: intRange(1, 64).default(1),
      /** The key of the admin API (/admin: connections); none turns the admin API off. */
      admin_key: z.string().min(16, 'the admin key must have at least 16 characters').nullable().default(null),
    })
    .prefault({}),
  /**
   * hearth's data folder: the SQLite database (Home Assistant connections) and the key that encrypts their tokens.
   * Default: `hearth` in the user's data directory (`$XDG_DATA_HOME`, else ~/.local/share, on Linux).
   */
  data_dir: z.string().min(1).nullable().default(null),
  log: z
    .strictObject({
      level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      /** `pretty` lines for a person, `json` lines for a log collector; `auto`: pretty on a terminal, else JSON. */
      format: z.enum(['auto', 'json', 'pretty']).default('auto'),
    })
    .prefault({}),
  /** HA-Assist's settings: every key, range and default is a row of `ASSIST_SETTING_ROWS`. */
  settings: AssistSettingsConfigSchema,
  intents: z
    .strictObject({
      /** A checkout of Home Assistant's intents repository (OHF-Voice/intents layout); none means the built-in English grammar. */
      path: z.string().min(1).nullable().default(null),
      /** The language to load from `path`. */
      language: z
        .string()
        .regex(/^[a-z]{2,3}(?:[-_][A-Za-z0-9]+)*$/, 'must be a language code such as en or de')
        .default('en'),
    })
    .prefault({}),
  embeddings: EmbeddingsConfigSchema.nullable().default(null),
  /** With no `models`, ask a local Ollama (`OLLAMA_HOST`, else 127.0.0.1:11434) at start and offer its models. */
  ollama: z.boolean().default(true),
  models: z
    .record(
      z.string().regex(/^[\w.-]+$/, 'a model key may hold only letters, digits, "_", "." and "-"'),
      ModelConfigSchema,
    )
    .default({}),
});

/** A validated configuration. */
export type Config = z.infer<typeof ConfigSchema>;
/** A validated model entry. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
/** A validated `server.api_keys` entry. */
export type ApiKeyConfig = z.infer<typeof ApiKeySchema>;
/** A validated `embeddings` entry. */
export type EmbeddingsConfig = z.infer<typeof EmbeddingsConfigSchema>;
