// Wiring of the tool add-on: the data folder's connections, limits, journal and proposals, the guard and the admin.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import { createHomeAssistantReader, resolveAll } from '../homeassistant/index.ts';
import type { Metrics } from '../metrics/index.ts';
import {
  createConnectionAdmin,
  createStorageChecks,
  createToolConnections,
  loggedChecks,
  markLeftInFlight,
  observedJournal,
  type OpenReader,
  openLimitsFile,
  type ReadinessConnections,
} from '../services/index.ts';
import { createJournal, createProposalStore, withSqliteFailures } from '../storage/index.ts';
import {
  type ChangeService,
  createChangeService,
  createToolGuard,
  type Journal,
  type LimitsAdmin,
  type ProposalStore,
  recheckProposal,
  type ToolGuard,
} from '../tools/index.ts';
import type { Config } from './config-schema.ts';
import { openDataFolder } from './data-folder.ts';
import { createLogger, createRandomIds, createSystemClock } from './runtime.ts';

/**
 * How often the data folder is checked besides at each /readyz (the key file, and the database: a write that changes
 * nothing and a checkpoint of its write-ahead log): a failure is logged with its cause, and writes stop, within this time.
 */
const STORAGE_CHECK_INTERVAL_MS = 5000;

/** The tool add-on, built. */
export interface ToolAddOnParts {
  guard: ToolGuard;
  /** The connections, with the checks of the data folder (its key and database) for /readyz. */
  connections: ReadinessConnections;
  changes: ChangeService;
  limits: LimitsAdmin;
  journal: Journal;
  proposals: ProposalStore;
  /** The data folder's path. */
  dataDir: string;
  close(): Promise<void>;
}

/** What the wiring needs besides the configuration. */
export interface ToolAddOnRuntime {
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  /** Called between a journal write and its send (default: the fault `HEARTH_FAULT` names, if any). */
  beforeSend?: (operationId: string) => void;
  /** Counts tool calls and journal outcomes (`hearth serve`). */
  metrics?: Metrics;
}

/**
 * `HEARTH_FAULT=exit-after-journal` kills the process between a call's journal entry and its send: the fault tests'
 * way to prove that such a call is reported unknown after a restart and never sent.
 */
function faultInjection(env: NodeJS.ProcessEnv): { beforeSend?: () => void } {
  if (env.HEARTH_FAULT !== 'exit-after-journal') return {};
  return { beforeSend: () => process.kill(process.pid, 'SIGKILL') };
}

/** Builds the add-on on the data folder of the configuration. */
export function buildToolAddOn(config: Config, env: NodeJS.ProcessEnv, runtime: ToolAddOnRuntime): ToolAddOnParts {
  const folder = openDataFolder(config, env);
  const storageLogger = runtime.logger.child({ component: 'storage' });
  const openReader: OpenReader = (target) => createHomeAssistantReader(target);
  const pool = createToolConnections({
    store: folder.connections,
    openReader,
  });
  const limits = openLimitsFile({ dataDir: folder.dir, db: folder.db });
  const now = () => runtime.clock.now();
  const journal = observedJournal(createJournal({ db: folder.db, now }), runtime.metrics);
  markLeftInFlight(journal, folder.db.name, storageLogger);
  // A database that cannot be written fails each proposal naming it and the cause, never as an uncoded error (a 500).
  const proposals = withSqliteFailures(createProposalStore({ db: folder.db, now }), folder.db.name);
  const changes = createChangeService({
    journal,
    proposals,
    clock: runtime.clock,
    ids: runtime.ids,
    limits: limits.read,
    connection: (name) => pool.target(name),
    recheck: recheckProposal,
    atomically: (work) =>
      withSqliteFailures({ run: () => folder.db.transaction(work).immediate() }, folder.db.name).run(),
    ...(runtime.beforeSend === undefined ? faultInjection(env) : { beforeSend: runtime.beforeSend }),
  });
  const guard = createToolGuard({
    connections: pool.current,
    limits: limits.read,
    changes,
    clock: runtime.clock,
    logger: runtime.logger.child({ component: 'tools' }),
    ...(runtime.metrics === undefined ? {} : { onCall: runtime.metrics.toolCall }),
  });
  const storage = loggedChecks(createStorageChecks(folder), storageLogger);
  const connections = {
    ...createConnectionAdmin({ store: folder.connections, openReader, resolve: resolveAll, onChange: pool.forget }),
    storage,
  };
  // The process must not stay up for the timer: a command ends when its work does.
  const storageTimer = setInterval(storage, STORAGE_CHECK_INTERVAL_MS).unref();
  return {
    guard,
    connections,
    changes,
    limits,
    journal,
    proposals,
    dataDir: folder.dir,
    close: async () => {
      clearInterval(storageTimer);
      await pool.close();
      folder.close();
    },
  };
}

/** The tool add-on of a one-off command (`hearth mcp`, `connections`, `changes`): the system's clock and ids. */
export function buildCommandToolAddOn(
  config: Config,
  env: NodeJS.ProcessEnv,
  logger: Logger = createLogger('silent'),
): ToolAddOnParts {
  return buildToolAddOn(config, env, { clock: createSystemClock(), ids: createRandomIds(), logger });
}
