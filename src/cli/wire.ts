// Wiring: builds the backends, HA-Assist and the app from a validated configuration.

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { definedProps, HearthError, type Clock, type IdSource, type Logger } from '../common/index.ts';
import {
  createEstimateCounter,
  createFileTokenCounter,
  createHttpTokenCounter,
  createLlamaCppEmbedder,
  createLlamaCppModel,
  createEmbeddingModels,
  createOllamaBackend,
  createOllamaEmbedder,
  createOpenAiEmbedder,
  createOpenAiHttpBackend,
  type Backend,
  type Embedder,
  type EmbeddingModels,
  type TokenCounter,
} from '../backends/index.ts';
import {
  createAssistCaches,
  createChatService,
  createHaAssist,
  createHomeListsCache,
  createPendingConfirmations,
  createRecentTurns,
  type RecentTurns,
  createToolSchemaValidator,
  assistSettingsOf,
  HA_ASSIST_MODEL,
  loadBuiltInGrammar,
  type HaAssist,
  type PhysicalModel,
  type AssistSettings,
} from '../assist/index.ts';
import { createFsRepo, loadIntentsRepo, type Intents } from '../hassil/index.ts';
import type { Metrics } from '../metrics/index.ts';
import { createApp, type App, type PageFile, type Readiness, type ToolAddOn } from '../server/index.ts';
import { observedBackend } from './observed-backend.ts';
import { buildPageServices } from './page-services.ts';
import { apiKeyTexts, keyConnections } from './api-keys.ts';
import type { Config, EmbeddingsConfig, ModelConfig } from './config-schema.ts';
import { enabledModels, tokenizerOf } from './config.ts';
import { createHttpFetch } from './http-fetch.ts';
import { isLoopbackHost } from './exposure.ts';
import { sleepFor } from './runtime.ts';

/** The process-wide parts the wiring needs. */
export interface Runtime {
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  /** Makes the HTTP client for one backend; tests may pass plain fetch. */
  createFetch?: (connectTimeoutMs: number) => typeof globalThis.fetch;
  /** Waits; tests may pass one that does not. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Counts requests, HA-Assist turns and backend failures (`hearth serve`). */
  metrics?: Metrics;
}

/** Parsed prompts and catalogues kept per process: a few homes, each re-sent on every round of a conversation. */
const CATALOG_CACHE_SIZE = 16;
/** Confirmation questions kept open at once; beyond it the oldest is forgotten (its yes then does nothing). */
const PENDING_CONFIRMATIONS = 256;

/** The enabled physical models, by the name clients use. */
export function buildModels(config: Config, runtime: Runtime): Map<string, PhysicalModel> {
  const models = new Map<string, PhysicalModel>();
  for (const [key, name] of enabledModels(config)) {
    const entry = config.models[key]!;
    const built = buildModel(key, name, entry, runtime);
    models.set(name, {
      ...built,
      backend: runtime.metrics === undefined ? built.backend : observedBackend(built.backend, runtime.metrics),
      kind: entry.backend,
      maxInputTokens: entry.max_input_tokens,
    });
  }
  return models;
}

/** One model's backend and the tokenizer that counts its prompts. */
function buildModel(
  key: string,
  name: string,
  entry: ModelConfig,
  runtime: Runtime,
): { backend: Backend; tokens: TokenCounter } {
  const newToolCallId = () => runtime.ids.next('call_');
  const contextSize = entry.context_size ?? entry.max_input_tokens + ANSWER_ROOM_TOKENS;
  if (entry.backend === 'llama-cpp') {
    const modelPath = requireFile(`models.${key}.model_path`, entry.model_path!);
    const threads = entry.threads ?? availableParallelism();
    const embedded = createLlamaCppModel({
      name,
      modelPath,
      threads,
      contextSize,
      newToolCallId,
      logger: runtime.logger,
    });
    const tokens = tokenizerOf(entry) === 'model' ? embedded.tokens : tokenCounter(name, entry, runtime);
    warmUp(name, tokens, runtime.logger);
    return { backend: embedded.backend, tokens };
  }
  const http = httpOptions(name, entry, runtime);
  const backend =
    entry.backend === 'ollama'
      ? createOllamaBackend({ ...http, newToolCallId, numCtx: contextSize })
      : createOpenAiHttpBackend({ ...http, newToolCallId });
  const tokens = tokenCounter(name, entry, runtime);
  // A tokenizer.json (Gemma 3's: ~3 s) loads at start; HTTP and estimated counts need nothing loaded.
  if (!['estimate', 'llama.cpp', 'vllm'].includes(String(tokenizerOf(entry)))) warmUp(name, tokens, runtime.logger);
  return { backend, tokens };
}

/** Room left for the answer when `context_size` is not set: Ollama's window and llama.cpp's context. */
const ANSWER_ROOM_TOKENS = 1024;

/** Loads a model or tokenizer in the background at start, so the first request does not wait for it. */
function warmUp(name: string, tokens: TokenCounter, logger: Logger): void {
  tokens
    .count('')
    .catch((error: unknown) =>
      logger.error(
        { model: name, problem: error instanceof Error ? error.message : String(error) },
        "could not load the model's tokenizer",
      ),
    );
}

/** A local file the configuration names; a missing one stops the start, naming the key. */
function requireFile(key: string, path: string): string {
  if (!existsSync(path))
    throw new HearthError(
      'invalid_request',
      'CONFIG_INVALID',
      `The configuration is invalid:\n  ${key}: the file ${path} does not exist`,
    );
  return path;
}

/** The counter for `tokenizerOf(entry)`; `model` (the GGUF's own) is the llama-cpp model's, made with it. */
function tokenCounter(name: string, entry: ModelConfig, runtime: Runtime): TokenCounter {
  const tokenizer = tokenizerOf(entry);
  switch (tokenizer) {
    case 'model':
      // The configuration check allows `model` only for llama-cpp, whose caller never asks for it here.
      throw new HearthError(
        'internal',
        'TOKENIZER_WIRING',
        `models.${name}.tokenizer 'model' reached the generic tokenizer wiring.`,
      );
    case 'estimate':
      return createEstimateCounter();
    case 'llama.cpp':
    case 'vllm':
      return createHttpTokenCounter({ ...httpOptions(name, entry, runtime), dialect: tokenizer });
    case 'qwen3':
    case 'gemma3':
      return createFileTokenCounter({ name, tokenizer });
    default:
      return createFileTokenCounter({
        name,
        tokenizer: definedProps({ file: tokenizer.file, configFile: tokenizer.config_file }),
      });
  }
}

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

/** What every HTTP client of a backend needs; config checks guarantee `base_url` for HTTP kinds. */
function httpOptions(name: string, entry: ModelConfig | EmbeddingsConfig, runtime: Runtime) {
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

/** The built parts HA-Assist calls; the embedder is shared with `/v1/embeddings`, so a local one loads once. */
export interface HaAssistParts {
  models: ReadonlyMap<string, PhysicalModel>;
  /** From {@link buildEmbedder}; undefined when `embeddings` is not configured. */
  embedder: Embedder | undefined;
  /** Where answered turns are recorded for the page's chart (`hearth serve` only). */
  recent?: RecentTurns;
}

/** HA-Assist for `config`, calling the models and embedder of `parts`. */
export function buildHaAssist(config: Config, runtime: Runtime, parts: HaAssistParts): HaAssist {
  const { models, embedder, recent } = parts;
  return createHaAssist({
    settings: assistSettingsOf(config.settings),
    models,
    clock: runtime.clock,
    ids: runtime.ids,
    caches: createAssistCaches(CATALOG_CACHE_SIZE),
    homeLists: createHomeListsCache(),
    confirmations: createPendingConfirmations(PENDING_CONFIRMATIONS),
    grammar: loadGrammar(config),
    validator: createToolSchemaValidator(),
    ...(embedder === undefined ? {} : { embedder }),
    ...(recent === undefined ? {} : { recent }),
    sleep: runtime.sleep ?? sleepFor,
  });
}

/** The turns the page's chart shows. */
const RECENT_TURNS = 200;

/** What the page is built from besides the models: its files and the version it shows. */
export interface PageOptions {
  files: ReadonlyMap<string, PageFile> | undefined;
  version: string;
}

/** What the app serves besides the model APIs; `hearth serve` gives all of it. */
export interface AppParts {
  /** The tool add-on: /mcp and /admin. */
  tools?: ToolAddOn;
  /** The page at `/` and /ui. */
  page?: PageOptions;
  /** What /readyz checks. */
  readiness?: () => Promise<Readiness>;
}

/** The whole application for `config`. */
export function buildApp(config: Config, runtime: Runtime, parts: AppParts = {}): App {
  const { tools, page } = parts;
  const models = buildModels(config, runtime);
  const embedder = buildEmbedder(config, runtime);
  const recent = observedTurns(createRecentTurns(RECENT_TURNS, runtime.clock), runtime.metrics);
  const haAssist = buildHaAssist(config, runtime, { models, embedder, recent });
  const pageDeps =
    page === undefined
      ? undefined
      : buildPageServices({
          haAssist,
          models,
          guard: tools?.guard,
          homes: () => (tools?.connections.list() ?? []).filter((c) => c.enabled).map((c) => c.name),
          recent,
          ...page,
          clock: runtime.clock,
          ids: runtime.ids,
        });
  return createApp({
    chat: createChatService(haAssist, models),
    embeddings: buildEmbeddingModels(config, runtime, embedder),
    clock: runtime.clock,
    ids: runtime.ids,
    logger: runtime.logger,
    apiKeys: apiKeyTexts(config.server.api_keys),
    keyConnections: keyConnections(config.server.api_keys),
    bodyLimitBytes: Math.round(config.server.body_limit_mb * 1024 * 1024),
    adminKey: config.server.admin_key,
    isLoopbackListener: isLoopbackHost(config.server.host),
    ...(tools === undefined ? {} : { tools }),
    ...(pageDeps === undefined ? {} : { page: pageDeps }),
    ...(runtime.metrics === undefined ? {} : { metrics: runtime.metrics }),
    ...(parts.readiness === undefined ? {} : { readiness: parts.readiness }),
  });
}

/** The page's record of turns, also counted in the metrics when they are kept. */
function observedTurns(recent: RecentTurns, metrics: Metrics | undefined): RecentTurns {
  if (metrics === undefined) return recent;
  return {
    add(turn) {
      recent.add(turn);
      if (turn.source === 'api') metrics.turn(turn.route, turn.ms / 1000);
    },
    list: recent.list,
  };
}

/** Repair's thresholds: the four configurable ones from `settings`, the finer bounds at their defaults. */
export function repairSettingsOf(config: Config): AssistSettings['repair'] {
  return assistSettingsOf(config.settings).repair;
}

function isModelEntry(entry: ModelConfig | EmbeddingsConfig): entry is ModelConfig {
  return 'max_input_tokens' in entry;
}

/** The grammar HA-Assist recognises with: Home Assistant's from `intents.path`, else the built-in English one. */
export function loadGrammar(config: Config): Intents {
  if (config.intents.path === null) return loadBuiltInGrammar();
  return loadIntentsRepo(createFsRepo(config.intents.path), config.intents.language);
}
