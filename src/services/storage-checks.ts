// The checks of the data folder: its key (`secret.key` or `HEARTH_SECRET_KEY`) and its database can be used, each
// failure logged once with its cause.

import type { Logger } from '../common/index.ts';
import {
  DATABASE_FILE,
  type DatabaseHealth,
  type HearthDatabase,
  SECRET_KEY_ENV,
  SECRET_KEY_FILE,
  type SealingKey,
} from '../storage/index.ts';

/** One check of the data folder: the key (`secret.key` or `HEARTH_SECRET_KEY`) or the database (`hearth.db`). */
export interface StorageCheck {
  kind: 'storage';
  /** `secret.key`, `HEARTH_SECRET_KEY` or `hearth.db`. */
  name: string;
  /** The file's path (the variable's name for `HEARTH_SECRET_KEY`). */
  url: string;
  ok: boolean;
  /** Why it cannot be used: the coded error's message, naming the file and the cause. */
  reason?: string;
}

/** What the data folder's checks read: its key, its database and the database's health. */
export interface CheckedFolder {
  key: SealingKey;
  health: DatabaseHealth;
  db: Pick<HearthDatabase, 'name'>;
}

/** The checks of the data folder's key and database, run at each call; the database check stops writes while it fails. */
export function createStorageChecks(folder: CheckedFolder): () => StorageCheck[] {
  const keyName = folder.key.source === SECRET_KEY_ENV ? SECRET_KEY_ENV : SECRET_KEY_FILE;
  return () => {
    let keyProblem: string | undefined;
    try {
      folder.key.current();
    } catch (error) {
      keyProblem = error instanceof Error ? error.message : String(error);
    }
    const databaseProblem = folder.health.check()?.message;
    return [
      { kind: 'storage', name: keyName, url: folder.key.source, ...outcome(keyProblem) },
      { kind: 'storage', name: DATABASE_FILE, url: folder.db.name, ...outcome(databaseProblem) },
    ];
  };
}

function outcome(problem: string | undefined): { ok: boolean; reason?: string } {
  return problem === undefined ? { ok: true } : { ok: false, reason: problem };
}

/** The data folder's checks, logging each new failure with its cause (once, not at every check), and each recovery. */
export function loggedChecks(checks: () => StorageCheck[], logger: Logger): () => StorageCheck[] {
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
