// A failed SQLite statement as a coded HearthError that names the database file and the cause, for every store.
import { type ErrorCode, HearthError, isRecord } from '../common/index.ts';

/** What each SQLite result code (the part before any `_EXTENDED` suffix) means for hearth. */
const FAILURES: Readonly<Record<string, { code: ErrorCode; cause: string }>> = {
  SQLITE_READONLY: {
    code: 'DATABASE_READ_ONLY',
    cause: 'it cannot be written (the file, its folder or the disk refuses writes, or hearth stopped writing to it)',
  },
  SQLITE_CANTOPEN: { code: 'DATABASE_CANTOPEN', cause: 'the file (or its -wal or -shm file) cannot be opened' },
  SQLITE_IOERR: { code: 'DATABASE_IO_ERROR', cause: 'the disk failed to read or write it' },
  SQLITE_FULL: { code: 'DATABASE_FULL', cause: 'the disk is full' },
  SQLITE_BUSY: { code: 'DATABASE_BUSY', cause: 'another process held it locked for too long' },
  SQLITE_LOCKED: { code: 'DATABASE_BUSY', cause: 'it is locked by another statement' },
  SQLITE_NOTADB: { code: 'DATABASE_INVALID', cause: 'it is not a SQLite database (or is damaged)' },
  SQLITE_CORRUPT: { code: 'DATABASE_INVALID', cause: 'it is damaged' },
};

/**
 * The coded error for `error`, thrown by a statement on the database file `databasePath`: `unavailable` (503) for a
 * file or disk that fails, `internal` for anything else; a HearthError passes through unchanged.
 */
export function sqliteFailure(error: unknown, databasePath: string): HearthError {
  if (error instanceof HearthError) return error;
  const sqliteCode = isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  const known = sqliteCode === undefined ? undefined : FAILURES[baseCode(sqliteCode)];
  if (known !== undefined) {
    const message = `hearth cannot use its database ${databasePath}: ${known.cause} (${detail}, ${sqliteCode})`;
    return new HearthError(known.code, message, { cause: error });
  }
  // better-sqlite3 throws a TypeError on a closed connection: the process is stopping, or the database failed to open.
  if (error instanceof TypeError && /database connection is not open/.test(detail)) {
    const message = `hearth cannot use its database ${databasePath}: it is closed`;
    return new HearthError('DATABASE_CLOSED', message, { cause: error });
  }
  const message = `hearth's database ${databasePath} failed: ${detail}${sqliteCode === undefined ? '' : ` (${sqliteCode})`}`;
  return new HearthError('DATABASE_FAILED', message, { cause: error });
}

/** `SQLITE_IOERR_WRITE` → `SQLITE_IOERR`: SQLite's extended codes add one suffix to the primary code. */
function baseCode(code: string): string {
  const match = /^SQLITE_[A-Z]+/.exec(code);
  return match === null ? code : match[0];
}

/**
 * `store` with each of its (synchronous) methods throwing {@link sqliteFailure}'s coded error instead of a raw SQLite
 * one, for a store whose own methods do not map them.
 */
export function withSqliteFailures<T extends object>(store: T, databasePath: string): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            try {
              return value.apply(store, args);
            } catch (error) {
              throw sqliteFailure(error, databasePath);
            }
          }
        : value;
  }
  return wrapped as T;
}
