// What the wiring of a backend reads from its configuration entry: the HTTP client's options, a local file.

import { existsSync } from 'node:fs';
import { definedProps, HearthError } from '../common/index.ts';
import type { EmbeddingsConfig, ModelConfig } from './config-schema.ts';
import { createHttpFetch } from './http-fetch.ts';
import type { Runtime } from './wire-runtime.ts';

/** What every HTTP client of a backend needs; config checks guarantee `base_url` for HTTP kinds. */
export function httpOptions(name: string, entry: ModelConfig | EmbeddingsConfig, runtime: Runtime) {
  const makeFetch = runtime.createFetch ?? createHttpFetch;
  const upstreamModel: string = isModelEntry(entry) ? (entry.upstream_model ?? name) : entry.model;
  return {
    name,
    baseUrl: entry.base_url!,
    upstreamModel,
    ...definedProps({ apiKey: entry.api_key }),
    readTimeoutMs: entry.timeouts.read * 1000,
    fetch: makeFetch(entry.timeouts.connect * 1000),
  };
}

/** A local file the configuration names; a missing one stops the start, naming the key. */
export function requireFile(key: string, path: string): string {
  if (!existsSync(path))
    throw new HearthError('CONFIG_INVALID', `The configuration is invalid:\n  ${key}: the file ${path} does not exist`);
  return path;
}

function isModelEntry(entry: ModelConfig | EmbeddingsConfig): entry is ModelConfig {
  return 'max_input_tokens' in entry;
}
