// hearth's SQLite database `hearth.db` in the data folder: opened private, in WAL mode, and migrated by user_version.
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { HearthError, isRecord } from '../common/index.ts';

/** The database file's name in the data folder. */
export const DATABASE_FILE = 'hearth.db';

/** An open hearth database (a better-sqlite3 connection); whoever opened it closes it. */
export type HearthDatabase = Database.Database;

/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * After a commit that leaves the write-ahead log this many pages long (4 MB), SQLite copies it back into the database
 * (SQLite's default, set so it cannot be lost). A copy that fails is silent: database-health.ts checks it.
 */
const WAL_AUTOCHECKPOINT_PAGES = 1000;

/** The size the write-ahead log is truncated to after a checkpoint, so one burst of writes does not keep its disk space. */
const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** The database file's permission bits; SQLite gives its -wal and -shm files the same ones. */
const DATABASE_FILE_MODE = 0o600;

/**
 * The schema's migrations: entry i takes the database from `user_version` i to i + 1. Append only: a shipped entry is
 * never edited, a change to the schema is a new entry (ALTER TABLE … ADD COLUMN, CREATE TABLE …).
 */
const MIGRATIONS: readonly string[] = [
  // 1: Home Assistant connections. `token` is the sealed access token (see secret-box.ts), never the token itself;
  // `id` is there for later tables to reference a connection.
  `CREATE TABLE connections (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    address TEXT NOT NULL UNIQUE,
    token BLOB NOT NULL,
    pin TEXT,
    enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    created_at TEXT NOT NULL
  ) STRICT;`,
  // 2: the tool add-on's write side: each connection's write mode (existing ones stay read only), the journal of
  // service calls and the proposals waiting for a person's yes. Both tables name the connection rather than reference
  // its id: their rows are the record of what was sent or offered, and outlive a removed connection. Times are ISO 8601
  // text for the API; `expires_at_ms` holds the expiry as epoch milliseconds, because ISO text compares correctly only
  // in one exact spelling. The JSON columns hold what the stores wrote and are checked to be JSON.
  `ALTER TABLE connections ADD COLUMN write_mode TEXT NOT NULL DEFAULT 'read-only'
    CHECK (write_mode IN ('read-only', 'ask-first', 'act'));
  CREATE TABLE operations (
    operation_id TEXT PRIMARY KEY,
    connection TEXT NOT NULL,
    domain TEXT NOT NULL,
    service TEXT NOT NULL,
    entity_ids TEXT NOT NULL CHECK (json_valid(entity_ids)),
    data TEXT NOT NULL CHECK (json_valid(data)),
    proposal_id TEXT,
    state TEXT NOT NULL CHECK (state IN ('sending', 'done', 'failed', 'unknown')),
    detail TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    finished_at TEXT
  ) STRICT;
  CREATE INDEX operations_by_creation ON operations (created_at);
  CREATE INDEX operations_in_flight ON operations (state) WHERE state = 'sending';
  CREATE TABLE proposals (
    id TEXT PRIMARY KEY,
    connection TEXT NOT NULL,
    tool TEXT NOT NULL,
    domain TEXT NOT NULL,
    service TEXT NOT NULL,
    entities TEXT NOT NULL CHECK (json_valid(entities)),
    data TEXT NOT NULL CHECK (json_valid(data)),
    service_class TEXT NOT NULL CHECK (service_class IN ('quiet', 'confirmed')),
    policy_hash TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'cancelled', 'expired', 'stale')),
    operation_id TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    expires_at_ms INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX proposals_by_creation ON proposals (created_at);
  CREATE INDEX proposals_open_by_expiry ON proposals (expires_at_ms) WHERE status = 'open';`,
  // 3: the process that is sending a call, so any hearth process can tell a call left in flight by a dead one.
  'ALTER TABLE operations ADD COLUMN pid INTEGER;',
  // 4: the fingerprint of the key the stored tokens are sealed with (see sealing-key.ts), one row at most: a key file
  // that is later missing or replaced is then noticed, never silently replaced by a new key.
  `CREATE TABLE secret_key (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    fingerprint TEXT NOT NULL
  ) STRICT;`,
  // 5: a connection's identity, a random id that a connection removed and added again under the same name does not
  // keep (a rowid may be reused), and the identity and address of the connection each proposal was made for: a
  // confirmation is refused when the connection of that name is now another one. Proposals made before have none.
  `ALTER TABLE connections ADD COLUMN uid TEXT;
  UPDATE connections SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL;
  CREATE UNIQUE INDEX connections_by_uid ON connections (uid);
  ALTER TABLE proposals ADD COLUMN connection_uid TEXT;
  ALTER TABLE proposals ADD COLUMN connection_address TEXT;`,
  // 6: the record of the folder's limits (policy.json), one row at most: written when the folder's defaults are
  // written (or when a folder from before this record is first read with a valid file), so a later missing file stops
  // the tools instead of being written again. `revision` only grows: every save and every hand edit seen takes the
  // next one, and a proposal made under another revision is stale. `text_hash` is the text the revision was given to.
  `CREATE TABLE limits_record (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision INTEGER NOT NULL CHECK (revision >= 1),
    text_hash TEXT NOT NULL
  ) STRICT;`,
  // 7: why a proposal was closed without being carried out (a confirmation refused because the home, the connection
  // or the limits no longer allow it), shown with its `stale` status; null for every other proposal.
  'ALTER TABLE proposals ADD COLUMN closed_reason TEXT;',
];

/** The schema version this hearth writes: the number of migrations. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Opens (creating it 0600 if absent) and migrates `hearth.db` in the data folder `dataDir`. */
export function openDatabase(dataDir: string): HearthDatabase {
  const file = join(dataDir, DATABASE_FILE);
  let db: HearthDatabase | undefined;
  try {
    createPrivateFile(file);
    db = new Database(file);
    configure(db, file);
    migrate(db, file);
    return db;
  } catch (error) {
    db?.close();
    throw databaseError(file, error);
  }
}

/** Creates `file` empty with mode 0600 unless it exists; SQLite would create it readable by everyone (0644). */
function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', DATABASE_FILE_MODE));
  } catch (error) {
    if (!(isRecord(error) && error.code === 'EEXIST')) throw error;
  }
}

function configure(db: HearthDatabase, file: string): void {
  // Before anything that takes a lock: switching to WAL waits for other processes too.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The first statement that reads the file: a file that is not a database fails here with SQLITE_NOTADB.
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') {
    const message = `hearth cannot switch its database ${file} to WAL mode (it stays in ${String(mode)} mode)`;
    throw new HearthError('DATABASE_UNAVAILABLE', message);
  }
  // FULL syncs the WAL on every commit: a saved connection (and later a journaled service call) survives power loss.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
}

/** Applies the missing migrations in one write transaction, so two processes starting at once migrate once. */
function migrate(db: HearthDatabase, file: string): void {
  db.transaction(() => {
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version > SCHEMA_VERSION) {
      const message = `${file} has schema version ${version}, newer than this hearth knows (${SCHEMA_VERSION}); update hearth`;
      throw new HearthError('DATABASE_TOO_NEW', message);
    }
    for (const migration of MIGRATIONS.slice(version)) db.exec(migration);
    // user_version is part of the database header, so it commits or rolls back with the migrations.
    if (version < SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/** The coded error for a database hearth cannot open, naming the file. */
function databaseError(file: string, error: unknown): HearthError {
  if (error instanceof HearthError) return error;
  const code = isRecord(error) ? error.code : undefined;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    const message = `${file} is not a SQLite database (or is damaged); move it away and hearth starts a new one`;
    return new HearthError('DATABASE_INVALID', message, { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new HearthError('DATABASE_UNAVAILABLE', `hearth cannot open its database ${file}: ${reason}`, {
    cause: error,
  });
}
