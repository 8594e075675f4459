// Whether hearth can write its database: a write that changes nothing and a checkpoint of the write-ahead log, on demand.
import { HearthError, isRecord } from '../common/index.ts';
import type { HearthDatabase } from './database.ts';
import { sqliteFailure } from './sqlite-failure.ts';

/** The database's health as /readyz reports it, keeping the write-ahead log bounded while writes fail. */
export interface DatabaseHealth {
  /**
   * Checks now: a write can be committed (the header's `user_version`, unchanged), and the write-ahead log can be copied
   * into the database file (a passive checkpoint). Undefined when both can, else the coded error naming the file and
   * the cause. While the checkpoint fails, this connection refuses every write (`query_only`): each would only grow the
   * write-ahead log, which nothing can empty. Reads go on. The first check that checkpoints again lets writes through.
   */
  check(): HearthError | undefined;
}

/** The health of `db`; `db.name` is the file every message names. */
export function createDatabaseHealth(db: HearthDatabase): DatabaseHealth {
  const file = db.name;
  return {
    check() {
      if (!db.open) return sqliteFailure(new TypeError('The database connection is not open'), file);
      // Writes are stopped: the log holds what the file does not, so a checkpoint that succeeds proves the file writable.
      if (db.pragma('query_only', { simple: true }) === 1) {
        const stillFailing = checkpoint(db);
        if (stillFailing !== undefined) return stillFailing;
        db.pragma('query_only = OFF');
      }
      const written = probeWrite(db);
      if (written !== undefined) return written;
      const failed = checkpoint(db);
      if (failed !== undefined) db.pragma('query_only = ON');
      return failed;
    },
  };
}

/** A passive checkpoint: it never waits for readers or writers (nor the busy handler), so it never blocks the loop. */
function checkpoint(db: HearthDatabase): HearthError | undefined {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    return undefined;
  } catch (error) {
    return checkpointFailure(error, db.name);
  }
}

/** Commits a write that changes nothing (one page in the write-ahead log), so the checkpoint after it has work to do. */
function probeWrite(db: HearthDatabase): HearthError | undefined {
  const timeout = db.pragma('busy_timeout', { simple: true });
  // Another process writing right now holds the lock: that is a working database, not a failure, and not worth a wait.
  db.pragma('busy_timeout = 0');
  try {
    db.transaction(() => {
      db.pragma(`user_version = ${Number(db.pragma('user_version', { simple: true }))}`);
    }).immediate();
    return undefined;
  } catch (error) {
    const failure = sqliteFailure(error, db.name);
    return failure.code === 'DATABASE_BUSY' ? undefined : failure;
  } finally {
    db.pragma(`busy_timeout = ${Number(timeout)}`);
  }
}

/** The error for a checkpoint that failed: the database file itself cannot be written. */
function checkpointFailure(error: unknown, file: string): HearthError {
  const failure = sqliteFailure(error, file);
  const message =
    `hearth cannot write its database ${file}: its write-ahead log cannot be copied into it ` +
    `(${error instanceof Error ? error.message : String(error)}${isRecord(error) && typeof error.code === 'string' ? `, ${error.code}` : ''}); ` +
    'hearth makes no more changes until it can';
  return new HearthError(failure.code, message, { cause: error });
}
