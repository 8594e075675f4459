// `hearth serve`: load the configuration, build the app, listen, and say where.

import type { Command } from './args.ts';
import { renderBanner } from './banner.ts';
import { apiKeyTexts } from './api-keys.ts';
import { loadCommandConfig } from './command-config.ts';
import { listen, type Listening } from './listen.ts';
import { createLogger, createRandomIds, createSystemClock } from './runtime.ts';
import { ollamaUrl, shouldDiscover, withDiscoveredModels } from './ollama-discovery.ts';
import { buildToolAddOn, type ToolAddOnParts } from './tool-add-on.ts';
import { createMetrics } from '../metrics/index.ts';
import {
  createReadiness,
  type DataFolderOwner,
  discoverOllama,
  exposureWarning,
  markDeadWorkerCalls,
  ownDataFolder,
} from '../services/index.ts';
import { loadPageFiles } from './page-files.ts';
import { readVersion } from './version.ts';
import { readinessBackends } from './readiness-backends.ts';
import { buildApp } from './wire.ts';
import { isServingWorker, startWorkers, type WorkerSupervision } from './workers.ts';
import type { Logger } from '../common/index.ts';

/** Starts the server for a `serve` command and prints the banner to `print`. */
export async function runServe(
  command: Command & { kind: 'serve' },
  env: NodeJS.ProcessEnv,
  print: (text: string) => void,
): Promise<Listening> {
  const loaded = loadCommandConfig(command, env);
  const { path } = loaded;
  let config = loaded.config;
  // No models configured: a local Ollama's models serve, when there is one.
  const ollama = shouldDiscover(config) ? await discoverOllama(ollamaUrl(env), globalThis.fetch) : undefined;
  if (ollama?.kind === 'found') config = withDiscoveredModels(config, ollama.url, ollama.models);
  if (command.host !== undefined) config.server.host = command.host;
  if (command.port !== undefined) config.server.port = command.port;
  const logger = createLogger(config.log.level, config.log.format);
  const exposed = exposureWarning(config.server.host, apiKeyTexts(config.server.api_keys));
  if (exposed !== undefined) logger.warn({ host: config.server.host }, exposed);
  const clock = createSystemClock();
  const ids = createRandomIds();
  const metrics = createMetrics();
  const tools = buildToolAddOn(config, env, { clock, ids, logger, metrics });
  // The first process (the primary of workers, or the only one) owns the data folder.
  const owner = isServingWorker() ? undefined : ownDataFolder(tools.dataDir);
  if (config.server.workers > 1 && !isServingWorker()) {
    // The primary forks, reports and replaces workers (its journal marks a dead one's calls unknown); each worker loads
    // the configuration and serves.
    const listening = await startWorkers(superviseWorkers(config.server.workers, tools, logger));
    owner?.claim(listening.url);
    print(
      `${renderBanner(config, listening.url, path, ollama)}\nworkers: ${config.server.workers} processes share the port`,
    );
    return withCleanup(listening, tools, owner);
  }
  const app = buildApp(
    config,
    { clock, ids, logger, metrics },
    {
      tools: {
        guard: tools.guard,
        connections: tools.connections,
        changes: tools.changes,
        limits: tools.limits,
        proposals: tools.proposals,
        journal: tools.journal,
        serverInfo: { name: 'hearth', version: readVersion() },
      },
      page: { files: loadPageFiles(), version: readVersion() },
      readiness: createReadiness(readinessBackends(config), tools.connections),
      // HA-Assist (compiling its grammar) is built at its first use, a turn or a /readyz probe, not in the background
      // after listening: the compile cannot yield, so a /healthz probe arriving during it would wait for all of it.
      assist: { start: () => {} },
    },
  );
  const listening = await listen(app, config.server.host, config.server.port);
  owner?.claim(listening.url);
  if (!isServingWorker()) print(renderBanner(config, listening.url, path, ollama));
  return withCleanup(listening, tools, owner);
}

/**
 * The primary's side of the workers: a dead worker's calls in flight become unknown at once (the primary has the
 * database open too, and the journal knows each call's process), then the worker is replaced; each step is logged.
 */
function superviseWorkers(count: number, tools: ToolAddOnParts, logger: Logger): WorkerSupervision {
  return {
    count,
    onExit: (stopped) => {
      const unknown = markDeadWorkerCalls(tools.journal);
      const { pid: worker, code, signal } = stopped;
      logger.error({ worker, code, signal, unknown }, 'a worker stopped; its calls in flight are marked unknown');
    },
    onRestart: (restart) => logger.warn(restart, 'replacing a worker that stopped'),
    onListening: ({ pid, isReplacement }) => logger.info({ worker: pid, isReplacement }, 'a worker listens'),
  };
}

function withCleanup(listening: Listening, tools: ToolAddOnParts, owner: DataFolderOwner | undefined): Listening {
  return {
    ...listening,
    close: async () => {
      await listening.close();
      owner?.release();
      await tools.close();
    },
  };
}
