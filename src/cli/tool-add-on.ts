// Wiring of the tool add-on: the data folder's connections, their readers, the guard and the connection admin.

import { lookup } from 'node:dns/promises';
import type { Clock, Logger } from '../common/index.ts';
import { createHomeAssistantReader } from '../homeassistant/index.ts';
import { type ConnectionAdmin, createToolGuard, type ToolGuard } from '../tools/index.ts';
import type { Config } from './config-schema.ts';
import { createConnectionAdmin, type OpenReader } from './connection-admin.ts';
import { openDataFolder } from './data-folder.ts';
import { createToolConnections } from './tool-connections.ts';

/** The tool add-on, built. */
export interface ToolAddOnParts {
  guard: ToolGuard;
  connections: ConnectionAdmin;
  /** The data folder's path. */
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the add-on on the data folder; `only` limits the tools to the named connections. */
export function buildToolAddOn(
  config: Config,
  env: NodeJS.ProcessEnv,
  runtime: { clock: Clock; logger: Logger; only?: readonly string[] },
): ToolAddOnParts {
  const folder = openDataFolder(config, env);
  const openReader: OpenReader = (target) => createHomeAssistantReader({ ...target, resolve: resolveAll });
  const pool = createToolConnections({
    store: folder.connections,
    openReader,
    ...(runtime.only === undefined ? {} : { only: runtime.only }),
  });
  const guard = createToolGuard({
    connections: pool.current,
    exclusions: config.tools.exclusions,
    clock: runtime.clock,
    logger: runtime.logger.child({ component: 'tools' }),
  });
  const connections = createConnectionAdmin({
    store: folder.connections,
    openReader,
    resolve: resolveAll,
    onChange: pool.forget,
  });
  return {
    guard,
    connections,
    dataDir: folder.dir,
    close: async () => {
      await pool.close();
      folder.close();
    },
  };
}

/** Every address of a name, from the system resolver (the address rules check that all are private for http). */
async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}
