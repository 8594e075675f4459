// Whether hearth can write its database: a write rolled back and a checkpoint of the write-ahead log, checked on demand.
import { HearthError, isRecord } from '../common/index.ts';
import type { HearthDatabase } from './database.ts';
import { sqliteFailure } from './sqlite-failure.ts';

/** The database's health as /readyz reports it, keeping the write-ahead log bounded while writes fail. */
export interface DatabaseHealth {
  /**
   * Checks now: the write-ahead log can be copied into the database file (a passive checkpoint), and a write can be made
   * (one rolled back). Undefined when both can, else the coded error naming the file and the cause. While the
   * checkpoint fails, this connection refuses every write (`query_only`): each would only grow the write-ahead log,
   * which nothing can empty. Reads go on. The first check that checkpoints again lets writes through again.
   */
  check(): HearthError | undefined;
}

/** The health of `db`; `db.name` is the file every message names. */
export function createDatabaseHealth(db: HearthDatabase): DatabaseHealth {
  const file = db.name;
  // PASSIVE never waits for readers or writers (nor the busy handler), so a check never blocks the event loop.
  const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
  return {
    check() {
      if (!db.open) return sqliteFailure(new TypeError('The database connection is not open'), file);
      try {
        checkpoint();
      } catch (error) {
        db.pragma('query_only = ON');
        return checkpointFailure(error, file);
      }
      db.pragma('query_only = OFF');
      return probeWrite(db);
    },
  };
}

/** Takes the write lock and changes the header in a transaction that is rolled back: nothing is written. */
function probeWrite(db: HearthDatabase): HearthError | undefined {
  const timeout = db.pragma('busy_timeout', { simple: true });
  // Another process writing right now holds the lock: that is a working database, not a failure, and not worth a wait.
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.pragma(`user_version = ${Number(db.pragma('user_version', { simple: true }))}`);
    } finally {
      db.exec('ROLLBACK');
    }
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
  return new HearthError(failure.kind === 'internal' ? 'internal' : 'unavailable', failure.code, message, {
    cause: error,
  });
}
