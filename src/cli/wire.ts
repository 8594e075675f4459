// Wiring: builds the backends, HA-Assist and the app from a validated configuration.

import { createChatService, createRecentTurns } from '../assist/index.ts';
import { createApp, type App, type PageFile, type Readiness, type ToolAddOn } from '../server/index.ts';
import { buildPageServices, isLoopbackHost, observedTurns } from '../services/index.ts';
import { apiKeyTexts, keyConnections } from './api-keys.ts';
import type { Config } from './config-schema.ts';
import type { Intents } from '../hassil/index.ts';
import { deferHaAssist, withAssistReadiness } from './deferred-ha-assist.ts';
import { buildEmbedder, buildEmbeddingModels } from './wire-embedders.ts';
import { buildHaAssist, loadGrammar } from './wire-ha-assist.ts';
import { buildModels } from './wire-models.ts';
import type { Runtime } from './wire-runtime.ts';

export { buildEmbedder, buildEmbeddingModels } from './wire-embedders.ts';
export { buildHaAssist, type HaAssistParts, loadGrammar, repairSettingsOf } from './wire-ha-assist.ts';
export { buildModels } from './wire-models.ts';
export type { Runtime } from './wire-runtime.ts';

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
  /** What /readyz checks (HA-Assist's grammar is always added while it is being compiled). */
  readiness?: () => Promise<Readiness>;
  /** When and how HA-Assist is built; by default from {@link loadGrammar}, started once `buildApp` has returned. */
  assist?: AssistBuild;
}

/** When and how HA-Assist is built: after the app is made, so that nothing waits for its grammar but its turns. */
export interface AssistBuild {
  /** Loads the grammar (tests pass one that waits for them). */
  loadGrammar?: (config: Config) => Intents | Promise<Intents>;
  /**
   * Given the build to start, when it should start before the first use (a turn, or a /readyz probe); `hearth serve`
   * leaves it to the first use. Default: at the next turn of the event loop.
   */
  start?: (build: () => void) => void;
  /** How long /readyz waits for a build under way before saying it is not ready, ms. Default 3000. */
  readyWaitMs?: number;
}

/** /readyz's default wait for a build under way: its other checks wait as long for an unreachable address. */
const ASSIST_READY_WAIT_MS = 3000;

/** The whole application for `config`. */
export function buildApp(config: Config, runtime: Runtime, parts: AppParts = {}): App {
  const { tools, page } = parts;
  const models = buildModels(config, runtime);
  const embedder = buildEmbedder(config, runtime);
  const recent = observedTurns(createRecentTurns(RECENT_TURNS, runtime.clock), runtime.metrics);
  const load = parts.assist?.loadGrammar ?? loadGrammar;
  const source = { language: config.intents.language, url: config.intents.path ?? 'built-in' };
  const create = async () => {
    try {
      return buildHaAssist(config, runtime, { models, embedder, recent, grammar: await load(config) });
    } catch (error) {
      // A grammar that cannot be compiled is logged once, named by /readyz, and fails each turn; the server keeps serving.
      runtime.logger.error({ err: error }, 'HA-Assist cannot be built');
      throw error;
    }
  };
  const assist = deferHaAssist(create, config.intents.path === null ? { ...source, language: 'en' } : source);
  // The failure is the turns' and /readyz's to report (and logged above), not an unhandled rejection.
  (parts.assist?.start ?? setImmediate)(() => void assist.build().catch(() => {}));
  const { haAssist } = assist;
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
    readiness: withAssistReadiness(parts.readiness, assist, parts.assist?.readyWaitMs ?? ASSIST_READY_WAIT_MS),
  });
}
