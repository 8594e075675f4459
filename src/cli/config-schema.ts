// The configuration file's schema: every key, its default and its allowed range (a declarative table).

import { z } from 'zod';
import { AssistSettingsConfigSchema, intRangeSchema as intRange, rangeSchema as range } from '../assist/index.ts';
import { EmbeddingsConfigSchema, ModelConfigSchema } from './config-model-schema.ts';

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
/** A validated `server.api_keys` entry. */
export type ApiKeyConfig = z.infer<typeof ApiKeySchema>;

export type { EmbeddingsConfig, ModelConfig } from './config-model-schema.ts';
