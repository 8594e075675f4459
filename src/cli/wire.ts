// Wiring: builds the backends, HA-Assist and the app from a validated configuration.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import { createOpenAiHttpBackend } from '../backends/index.ts';
import {
  createChatService, createCatalogCache, createHaAssist, createLruCache, createHomeListsCache, createToolSchemaValidator, DEFAULT_ASSIST_SETTINGS, loadBuiltInGrammar, type HaAssist, type PhysicalModel, type AssistSettings,
} from '../assist/index.ts';
import { createFsRepo, loadIntentsRepo, type Intents } from '../hassil/index.ts';
import { createApp, type App } from '../server/index.ts';
import type { Config } from './config-schema.ts';
import { enabledModels } from './config.ts';
import { createHttpFetch } from './http-fetch.ts';
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
}

/** Parsed prompts and catalogues kept per process: a few homes, each re-sent on every round of a conversation. */
const CATALOG_CACHE_SIZE = 16;

/** The enabled physical models, by the name clients use. */
export function buildModels(config: Config, runtime: Runtime): Map<string, PhysicalModel> {
  const makeFetch = runtime.createFetch ?? createHttpFetch;
  const models = new Map<string, PhysicalModel>();
  for (const [key, name] of enabledModels(config)) {
    const entry = config.models[key]!;
    const backend = createOpenAiHttpBackend({
      name,
      baseUrl: entry.base_url,
      upstreamModel: entry.upstream_model ?? name,
      ...(entry.api_key === undefined ? {} : { apiKey: entry.api_key }),
      readTimeoutMs: entry.timeouts.read * 1000,
      fetch: makeFetch(entry.timeouts.connect * 1000),
      newToolCallId: () => runtime.ids.next('call_'),
    });
    models.set(name, { backend, kind: entry.backend });
  }
  return models;
}

/** HA-Assist for `config`, calling `models`. */
export function buildHaAssist(config: Config, runtime: Runtime, models: ReadonlyMap<string, PhysicalModel>): HaAssist {
  return createHaAssist({
    settings: {
      ...(config.settings.ha_assist_text_model === null ? {} : { textModel: config.settings.ha_assist_text_model }),
      ...(config.settings.ha_assist_vision_model === null ? {} : { visionModel: config.settings.ha_assist_vision_model }),
      verifyAttempts: config.settings.ha_assist_verify_attempts,
      verifyDelaySeconds: config.settings.ha_assist_verify_delay,
      repair: repairSettingsOf(config),
    },
    backends: new Map([...models].map(([name, model]) => [name, model.backend])),
    clock: runtime.clock,
    ids: runtime.ids,
    caches: { prompts: createLruCache(CATALOG_CACHE_SIZE), catalogs: createCatalogCache(CATALOG_CACHE_SIZE) },
    homeLists: createHomeListsCache(),
    grammar: loadGrammar(config),
    validator: createToolSchemaValidator(),
    sleep: runtime.sleep ?? sleepFor,
  });
}

/** The whole application for `config`. */
export function buildApp(config: Config, runtime: Runtime): App {
  const models = buildModels(config, runtime);
  return createApp({
    chat: createChatService(buildHaAssist(config, runtime, models), models),
    clock: runtime.clock,
    ids: runtime.ids,
    logger: runtime.logger,
    apiKeys: config.server.api_keys,
    bodyLimitBytes: Math.round(config.server.body_limit_mb * 1024 * 1024),
  });
}

/** Repair's thresholds: the four configurable ones from `settings`, the finer bounds at their defaults. */
export function repairSettingsOf(config: Config): AssistSettings['repair'] {
  const { fuzzy, skeleton } = DEFAULT_ASSIST_SETTINGS.repair;
  const { ha_assist_repair_threshold, ha_assist_repair_margin, ha_assist_repair_max_edits, ha_assist_skeleton_max_distance } = config.settings;
  return {
    fuzzy: { ...fuzzy, threshold: ha_assist_repair_threshold, margin: ha_assist_repair_margin, maxEdits: ha_assist_repair_max_edits },
    skeleton: { ...skeleton, maxDistance: ha_assist_skeleton_max_distance },
  };
}

/** The grammar HA-Assist recognises with: Home Assistant's from `intents.path`, else the built-in English one. */
export function loadGrammar(config: Config): Intents {
  if (config.intents.path === null) return loadBuiltInGrammar();
  return loadIntentsRepo(createFsRepo(config.intents.path), config.intents.language);
}
