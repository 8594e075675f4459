// Wiring of HA-Assist: its settings, grammar, caches and models from the configuration.

import {
  type AssistSettings,
  assistSettingsOf,
  createAssistCaches,
  createHaAssist,
  createHomeListsCache,
  createPendingConfirmations,
  createToolSchemaValidator,
  type HaAssist,
  loadBuiltInGrammar,
  type PhysicalModel,
  type RecentTurns,
} from '../assist/index.ts';
import type { Embedder } from '../backends/index.ts';
import { createFsRepo, type Intents, loadIntentsRepo } from '../hassil/index.ts';
import type { Config } from './config-schema.ts';
import { sleepFor } from './runtime.ts';
import type { Runtime } from './wire-runtime.ts';

/** Parsed prompts and catalogues kept per process: a few homes, each re-sent on every round of a conversation. */
const CATALOG_CACHE_SIZE = 16;
/** Confirmation questions kept open at once; beyond it the oldest is forgotten (its yes then does nothing). */
const PENDING_CONFIRMATIONS = 256;

/** The built parts HA-Assist calls; the embedder is shared with `/v1/embeddings`, so a local one loads once. */
export interface HaAssistParts {
  models: ReadonlyMap<string, PhysicalModel>;
  /** From {@link buildEmbedder}; undefined when `embeddings` is not configured. */
  embedder: Embedder | undefined;
  /** Where answered turns are recorded for the page's chart (`hearth serve` only). */
  recent?: RecentTurns;
  /** The grammar, when the caller has loaded it (`hearth serve` does, after listening); else {@link loadGrammar}'s. */
  grammar?: Intents;
}

/** HA-Assist for `config`, calling the models and embedder of `parts`. */
export function buildHaAssist(config: Config, runtime: Runtime, parts: HaAssistParts): HaAssist {
  const { models, embedder, recent, grammar } = parts;
  return createHaAssist({
    settings: assistSettingsOf(config.settings),
    models,
    clock: runtime.clock,
    ids: runtime.ids,
    caches: createAssistCaches(CATALOG_CACHE_SIZE),
    homeLists: createHomeListsCache(),
    confirmations: createPendingConfirmations(PENDING_CONFIRMATIONS),
    grammar: grammar ?? loadGrammar(config),
    validator: createToolSchemaValidator(),
    ...(embedder === undefined ? {} : { embedder }),
    ...(recent === undefined ? {} : { recent }),
    sleep: runtime.sleep ?? sleepFor,
  });
}

/** Repair's thresholds: the four configurable ones from `settings`, the finer bounds at their defaults. */
export function repairSettingsOf(config: Config): AssistSettings['repair'] {
  return assistSettingsOf(config.settings).repair;
}

/** The grammar HA-Assist recognises with: Home Assistant's from `intents.path`, else the built-in English one. */
export function loadGrammar(config: Config): Intents {
  if (config.intents.path === null) return loadBuiltInGrammar();
  return loadIntentsRepo(createFsRepo(config.intents.path), config.intents.language);
}
