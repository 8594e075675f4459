// A default that serves: with no models configured, hearth asks a local Ollama which models it has and offers them,
// using the first chat model for HA-Assist's text turns and a vision-capable one for images.

import { isRecord } from '../common/index.ts';
import type { Config, ModelConfig } from './config-schema.ts';

/** Ollama's own default address. */
export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';
/** How long the start may wait for Ollama to answer. */
const DISCOVERY_TIMEOUT_MS = 1500;
/** Models asked about (`/api/show`) at most, so that a large library does not slow the start. */
const MAX_SHOWN = 24;

/** What hearth learnt about one Ollama model. */
export interface DiscoveredModel {
  readonly name: string;
  /** It reads images (`capabilities` has `vision`, or its family is a vision one). */
  readonly vision: boolean;
  /** It only embeds text: never a chat model. */
  readonly embedding: boolean;
}

/** The outcome of asking Ollama at start. */
export type OllamaDiscovery =
  | { readonly kind: 'found'; readonly url: string; readonly models: readonly DiscoveredModel[] }
  | { readonly kind: 'absent'; readonly url: string; readonly reason: string };

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

/** Reads `/api/tags` (and each model's `/api/show` capabilities, when given) into discovered models. */
export function readOllamaModels(
  tags: unknown,
  capabilities: ReadonlyMap<string, readonly string[]> = new Map(),
): DiscoveredModel[] {
  const models = isRecord(tags) && Array.isArray(tags.models) ? tags.models : [];
  return models.flatMap((model): DiscoveredModel[] => {
    if (!isRecord(model) || typeof model.name !== 'string' || model.name === '') return [];
    const details = isRecord(model.details) ? model.details : {};
    const families = [details.family, ...(Array.isArray(details.families) ? details.families : [])]
      .filter((family): family is string => typeof family === 'string')
      .map((family) => family.toLowerCase());
    const known = capabilities.get(model.name);
    const name = model.name.toLowerCase();
    const embedding =
      known !== undefined
        ? known.includes('embedding') && !known.includes('completion')
        : families.some((family) => family.includes('bert')) || /embed|minilm|\bbge\b|\be5\b/u.test(name);
    const vision =
      known !== undefined
        ? known.includes('vision')
        : families.some((family) => family === 'clip' || family === 'mllama') ||
          /llava|vision|moondream|-vl\b|vl:|vl$/u.test(name);
    return [{ name: model.name, vision, embedding }];
  });
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

/** Asks Ollama at `url` for its models; any failure is `absent` with the reason, never an error. */
export async function discoverOllama(url: string, fetch: typeof globalThis.fetch): Promise<OllamaDiscovery> {
  const getJson = async (path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  let tags: unknown;
  try {
    tags = await getJson('/api/tags');
  } catch (error) {
    return { kind: 'absent', url, reason: reasonOf(error) };
  }
  const names = readOllamaModels(tags).map((model) => model.name);
  const capabilities = new Map<string, readonly string[]>();
  for (const name of names.slice(0, MAX_SHOWN)) {
    try {
      const shown = await getJson('/api/show', { model: name });
      if (isRecord(shown) && Array.isArray(shown.capabilities))
        capabilities.set(
          name,
          shown.capabilities.filter((item): item is string => typeof item === 'string'),
        );
    } catch {
      // An older Ollama without capabilities: the model is judged by its name and family.
    }
  }
  return { kind: 'found', url, models: readOllamaModels(tags, capabilities) };
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error.name === 'TimeoutError' ? `no answer in ${DISCOVERY_TIMEOUT_MS / 1000} s` : `${error.message}${cause}`;
}
