// Wiring: builds the backends, HA-Assist and the app from a validated configuration.

import { createChatService, createRecentTurns } from '../assist/index.ts';
import { createApp, type App, type PageFile, type Readiness, type ToolAddOn } from '../server/index.ts';
import { buildPageServices, isLoopbackHost, observedTurns } from '../services/index.ts';
import { apiKeyTexts, keyConnections } from './api-keys.ts';
import type { Config } from './config-schema.ts';
import { buildEmbedder, buildEmbeddingModels } from './wire-embedders.ts';
import { buildHaAssist } from './wire-ha-assist.ts';
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
