// Wiring of the tool add-on: the data folder's connections, limits, journal and proposals, the guard and the admin.

import type { Clock, IdSource, Logger } from '../common/index.ts';
import { createHomeAssistantReader, resolveAll } from '../homeassistant/index.ts';
import type { Metrics } from '../metrics/index.ts';
import { createJournal, createProposalStore, sqliteFailure, withSqliteFailures } from '../storage/index.ts';
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
import { createConnectionAdmin, type OpenReader } from './connection-admin.ts';
import { openDataFolder } from './data-folder.ts';
import { openLimitsFile } from './limits-file.ts';
import { createStorageChecks, type ReadinessConnections, type StorageCheck } from './readiness.ts';
import { createToolConnections } from './tool-connections.ts';

/**
 * How often the data folder is checked besides at each /readyz (the key file, and the database: a write that changes
 * nothing and a checkpoint of its write-ahead log): a failure is logged with its cause, and writes stop, within this time.
 */
const STORAGE_CHECK_INTERVAL_MS = 5000;

/** Written into every journal entry a stopped hearth process left `sending`. */
const LEFT_IN_FLIGHT =
  'hearth stopped while this call was being sent; Home Assistant may or may not have carried it out, and it is not retried';

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

/**
 * Marks the calls a hearth process that is gone left in flight unknown: they are never sent again. A database that
 * cannot be written leaves them for a later start (logged; /readyz says why meanwhile).
 */
function markLeftInFlight(journal: Journal, databaseFile: string, logger: Logger): void {
  try {
    journal.markInFlightUnknown(LEFT_IN_FLIGHT);
  } catch (error) {
    const failure = sqliteFailure(error, databaseFile);
    logger.error({ file: databaseFile, problem: failure.message }, 'calls left in flight not marked unknown');
  }
}

/** The journal, counting each finished entry by its outcome when `metrics` are kept. */
function observedJournal(journal: Journal, metrics: Metrics | undefined): Journal {
  if (metrics === undefined) return journal;
  return {
    ...journal,
    finish(operationId, state, detail) {
      const finished = journal.finish(operationId, state, detail);
      if (finished) metrics.journal(state);
      return finished;
    },
  };
}

/** The data folder's checks, logging each new failure with its cause (once, not at every check), and each recovery. */
function loggedChecks(checks: () => StorageCheck[], logger: Logger): () => StorageCheck[] {
  const failing = new Map<string, string>();
  return () => {
    const results = checks();
    for (const check of results) {
      const last = failing.get(check.name);
      if (!check.ok && check.reason !== last) {
        logger.error({ file: check.url, problem: check.reason }, `hearth cannot use its ${check.name}`);
        failing.set(check.name, check.reason ?? '');
      }
      if (check.ok && last !== undefined) {
        logger.info({ file: check.url }, `hearth can use its ${check.name} again`);
        failing.delete(check.name);
      }
    }
    return results;
  };
}
