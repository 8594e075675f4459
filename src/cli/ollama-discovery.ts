// A default that serves: with no models configured, the models a local Ollama has (services/ asks it) become the
// configuration's, the first chat model for HA-Assist's text turns and a vision-capable one for images.

import type { DiscoveredModel } from '../services/index.ts';
import type { Config, ModelConfig } from './config-schema.ts';

/** Ollama's own default address. */
export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

/**
 * Where Ollama listens: `OLLAMA_HOST` as Ollama reads it (`host` or `host:port`, port 11434 by default, or a URL; a
 * wildcard host means this machine), else {@link DEFAULT_OLLAMA_URL}.
 */
export function ollamaUrl(env: NodeJS.ProcessEnv): string {
  const host = env.OLLAMA_HOST?.trim();
  if (host === undefined || host === '') return DEFAULT_OLLAMA_URL;
  // As Ollama reads it: a bare host gets port 11434; a URL keeps its scheme's own default port.
  const hasScheme = /^https?:\/\//iu.test(host);
  try {
    const url = new URL(hasScheme ? host : `http://${host}`);
    if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
    if (!hasScheme && url.port === '') url.port = '11434';
    return url.origin;
  } catch {
    return DEFAULT_OLLAMA_URL;
  }
}

/** True when discovery applies: `ollama` is on and the configuration names no models. */
export function shouldDiscover(config: Config): boolean {
  return config.ollama && Object.keys(config.models).length === 0;
}

/**
 * `config` with the discovered chat models as pass-through Ollama models at `url`, the first one as HA-Assist's text
 * model and the first vision-capable one as its vision model (settings already given are kept).
 */
export function withDiscoveredModels(config: Config, url: string, models: readonly DiscoveredModel[]): Config {
  const chat = models.filter((model) => !model.embedding);
  const entries: Record<string, ModelConfig> = {};
  for (const model of chat) {
    entries[modelKey(model.name, entries)] = {
      backend: 'ollama',
      base_url: url,
      model: model.name,
      upstream_model: model.name,
      enabled: true,
      max_input_tokens: 4096,
      timeouts: { connect: 5, read: 120 },
    };
  }
  const settings = {
    ...config.settings,
    ha_assist_text_model: config.settings.ha_assist_text_model ?? chat[0]?.name ?? null,
    ha_assist_vision_model: config.settings.ha_assist_vision_model ?? chat.find((model) => model.vision)?.name ?? null,
  };
  return { ...config, models: entries, settings };
}

/** A configuration key for a model name ("qwen3:4b" → "qwen3_4b"), unique among `taken`. */
function modelKey(name: string, taken: Readonly<Record<string, unknown>>): string {
  const base = name.replace(/[^\w.-]/gu, '_');
  let key = base;
  for (let index = 2; Object.hasOwn(taken, key); index++) key = `${base}_${index}`;
  return key;
}
