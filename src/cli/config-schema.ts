// The configuration file's schema: every key, its default and its allowed range (a declarative table).

import { z } from 'zod';

const range = (min: number, max: number, unit = '') => z.number({ error: `must be a number from ${min} to ${max}${unit}` })
  .min(min, `must be from ${min} to ${max}${unit}`)
  .max(max, `must be from ${min} to ${max}${unit}`);

const intRange = (min: number, max: number) => range(min, max).int(`must be a whole number from ${min} to ${max}`);

const HttpUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL');

/** One physical model and how to reach it. */
export const ModelConfigSchema = z.strictObject({
  /** The backend protocol; more kinds come later. */
  backend: z.enum(['openai'], { error: "must be 'openai' (an OpenAI-compatible HTTP server)" }).default('openai'),
  /** The API root, e.g. http://127.0.0.1:8081/v1. */
  base_url: HttpUrlSchema,
  /** The name clients and settings use; defaults to the entry's key. */
  model: z.string().min(1).optional(),
  /** The name the backend knows; defaults to `model`. */
  upstream_model: z.string().min(1).optional(),
  enabled: z.boolean().default(true),
  max_input_tokens: intRange(128, 1_048_576).default(4096),
  /** Sent to the backend as a bearer token. */
  api_key: z.string().min(1).optional(),
  timeouts: z.strictObject({
    /** Seconds to open the connection. */
    connect: range(0.1, 300, ' seconds').default(5),
    /** Longest silence, in seconds, before the answer starts and between stream chunks. */
    read: range(1, 3600, ' seconds').default(120),
  }).prefault({}),
});

/** The whole configuration file. */
export const ConfigSchema = z.strictObject({
  server: z.strictObject({
    host: z.string().min(1).default('127.0.0.1'),
    port: intRange(0, 65535).default(8080),
    /** Bearer keys accepted on /v1; empty turns authentication off. */
    api_keys: z.array(z.string().min(16, 'an API key must have at least 16 characters')).default([]),
    body_limit_mb: range(1, 256, ' MiB').default(8),
  }).prefault({}),
  log: z.strictObject({
    level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  }).prefault({}),
  settings: z.strictObject({
    ha_assist_text_model: z.string().min(1).nullable().default(null),
    ha_assist_vision_model: z.string().min(1).nullable().default(null),
    ha_assist_verify_attempts: intRange(0, 10).default(2),
    ha_assist_verify_delay: range(0, 30, ' seconds').default(0.5),
    ha_assist_repair_threshold: range(0.5, 1).default(0.82),
    ha_assist_repair_margin: range(0, 0.5).default(0.05),
    ha_assist_repair_max_edits: intRange(0, 5).default(3),
    ha_assist_skeleton_max_distance: intRange(0, 4).default(2),
  }).prefault({}),
  intents: z.strictObject({
    /** A checkout of Home Assistant's intents repository (OHF-Voice/intents layout); none means the built-in English grammar. */
    path: z.string().min(1).nullable().default(null),
    /** The language to load from `path`. */
    language: z.string().regex(/^[a-z]{2,3}(?:[-_][A-Za-z0-9]+)*$/, 'must be a language code such as en or de').default('en'),
  }).prefault({}),
  models: z.record(z.string().regex(/^[\w.-]+$/, 'a model key may hold only letters, digits, "_", "." and "-"'), ModelConfigSchema).default({}),
});

/** A validated configuration. */
export type Config = z.infer<typeof ConfigSchema>;
/** A validated model entry. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
