// The database: hearth.db created 0600, WAL with synchronous FULL, migrated by user_version; other files refused.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { HearthError } from '../../src/common/index.ts';
import { DATABASE_FILE, openDatabase, SCHEMA_VERSION, type HearthDatabase } from '../../src/storage/index.ts';

const IS_WINDOWS = process.platform === 'win32';

/** The schema of a version-1 database, as hearth 0.1 created it (migration 1, which never changes). */
const VERSION_1_SCHEMA = `CREATE TABLE connections (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  address TEXT NOT NULL UNIQUE,
  token BLOB NOT NULL,
  pin TEXT,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;`;

/** Creates `hearth.db` in `folder` as a version-1 hearth left it, with two connections. */
function createVersion1Database(folder: string): void {
  const db = new Database(join(folder, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.exec(VERSION_1_SCHEMA);
  const insert = db.prepare(
    'INSERT INTO connections (name, address, token, pin, enabled, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  insert.run('home', 'https://homeassistant.local:8123', Buffer.of(1, 2, 3), 'homeassistant.local:8123=ab', 1, 'c1');
  insert.run('cabin', 'http://192.168.1.20:8123', Buffer.of(4, 5), null, 0, 'c2');
  db.pragma('user_version = 1');
  db.close();
}

const columnsOf = (db: HearthDatabase, table: string): unknown[] =>
  db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table);

describe('openDatabase', () => {
  const folders: string[] = [];
  const open: HearthDatabase[] = [];
  const makeFolder = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-database-'));
    folders.push(folder);
    return folder;
  };
  const openIn = (folder: string): HearthDatabase => {
    const db = openDatabase(folder);
    open.push(db);
    return db;
  };
  afterEach(() => {
    for (const db of open.splice(0)) if (db.open) db.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('creates hearth.db, and its WAL, readable by the user alone', { skip: IS_WINDOWS }, () => {
    const folder = makeFolder();
    const db = openIn(folder);
    db.prepare("INSERT INTO connections (name, address, token, created_at) VALUES ('a', 'b', x'00', 'c')").run();
    assert.equal(statSync(join(folder, DATABASE_FILE)).mode & 0o777, 0o600);
    assert.ok(statSync(join(folder, `${DATABASE_FILE}-wal`)).size > 0);
    assert.equal(statSync(join(folder, `${DATABASE_FILE}-wal`)).mode & 0o777, 0o600);
  });

  it('runs in WAL mode with synchronous FULL, foreign keys and a busy timeout', () => {
    const db = openIn(makeFolder());
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('synchronous', { simple: true }), 2);
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
    assert.ok(Number(db.pragma('busy_timeout', { simple: true })) >= 1000);
  });

  it('checkpoints its write-ahead log every 1000 pages and truncates it to 4 MB after a checkpoint', () => {
    const db = openIn(makeFolder());
    assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 1000);
    assert.equal(db.pragma('journal_size_limit', { simple: true }), 4 * 1024 * 1024);
  });

  it('migrates a new database to the current schema version', () => {
    const db = openIn(makeFolder());
    assert.equal(SCHEMA_VERSION, 7);
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.deepEqual(columnsOf(db, 'connections'), [
      'id',
      'name',
      'address',
      'token',
      'pin',
      'enabled',
      'created_at',
      'write_mode',
      'uid',
    ]);
    assert.deepEqual(columnsOf(db, 'operations'), [
      'operation_id',
      'connection',
      'domain',
      'service',
      'entity_ids',
      'data',
      'proposal_id',
      'state',
      'detail',
      'created_at',
      'finished_at',
      'pid',
    ]);
    assert.deepEqual(columnsOf(db, 'proposals'), [
      'id',
      'connection',
      'tool',
      'domain',
      'service',
      'entities',
      'data',
      'service_class',
      'policy_hash',
      'status',
      'operation_id',
      'created_at',
      'expires_at',
      'expires_at_ms',
      'connection_uid',
      'connection_address',
      'closed_reason',
    ]);
    assert.deepEqual(columnsOf(db, 'secret_key'), ['id', 'fingerprint']);
  });

  it('gives each connection of an older database an identity of its own', () => {
    const folder = makeFolder();
    createVersion1Database(folder);
    const db = openIn(folder);
    const uids = db.prepare('SELECT uid FROM connections ORDER BY id').pluck().all() as string[];
    assert.equal(uids.length, 2);
    for (const uid of uids) assert.match(uid, /^[0-9a-f]{32}$/);
    assert.notEqual(uids[0], uids[1]);
  });

  it('migrates a version-1 database to version 2, keeping its connections, now read only', () => {
    const folder = makeFolder();
    createVersion1Database(folder);
    const db = openIn(folder);
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    const rows = db
      .prepare('SELECT name, address, token, pin, enabled, created_at, write_mode FROM connections ORDER BY id')
      .all();
    assert.deepEqual(rows, [
      {
        name: 'home',
        address: 'https://homeassistant.local:8123',
        token: Buffer.of(1, 2, 3),
        pin: 'homeassistant.local:8123=ab',
        enabled: 1,
        created_at: 'c1',
        write_mode: 'read-only',
      },
      {
        name: 'cabin',
        address: 'http://192.168.1.20:8123',
        token: Buffer.of(4, 5),
        pin: null,
        enabled: 0,
        created_at: 'c2',
        write_mode: 'read-only',
      },
    ]);
    assert.equal(db.prepare('SELECT count(*) FROM operations').pluck().get(), 0);
    assert.equal(db.prepare('SELECT count(*) FROM proposals').pluck().get(), 0);
    db.close();
    assert.equal(openIn(folder).prepare('SELECT count(*) FROM connections').pluck().get(), 2, 'migrated once');
  });

  it('refuses values outside the write modes, journal states, proposal statuses and service classes', () => {
    const db = openIn(makeFolder());
    db.prepare("INSERT INTO connections (name, address, token, created_at) VALUES ('a', 'b', x'00', 'c')").run();
    for (const mode of ['read-only', 'ask-first', 'act']) {
      db.prepare('UPDATE connections SET write_mode = ?').run(mode);
    }
    const rejected: [string, unknown[]][] = [
      ['UPDATE connections SET write_mode = ?', ['write']],
      ['UPDATE connections SET write_mode = ?', [null]],
      [
        "INSERT INTO operations (operation_id, connection, domain, service, entity_ids, data, state, created_at) VALUES ('op', 'a', 'light', 'turn_on', '[]', '{}', ?, 'c')",
        ['pending'],
      ],
      [
        "INSERT INTO operations (operation_id, connection, domain, service, entity_ids, data, state, created_at) VALUES ('op', 'a', 'light', 'turn_on', ?, '{}', 'sending', 'c')",
        ['not json'],
      ],
      [
        "INSERT INTO proposals (id, connection, tool, domain, service, entities, data, service_class, policy_hash, status, created_at, expires_at, expires_at_ms) VALUES ('p', 'a', 't', 'light', 'turn_on', '[]', '{}', 'quiet', 'h', ?, 'c', 'e', 0)",
        ['done'],
      ],
      [
        "INSERT INTO proposals (id, connection, tool, domain, service, entities, data, service_class, policy_hash, created_at, expires_at, expires_at_ms) VALUES ('p', 'a', 't', 'light', 'turn_on', '[]', '{}', ?, 'h', 'c', 'e', 0)",
        ['loud'],
      ],
    ];
    for (const [sql, params] of rejected) {
      assert.throws(() => db.prepare(sql).run(...params), /CHECK constraint failed|NOT NULL constraint failed/, sql);
    }
    assert.equal(db.prepare('SELECT write_mode FROM connections').pluck().get(), 'act');
  });

  it('keeps the data and the version when it is opened again', () => {
    const folder = makeFolder();
    const first = openIn(folder);
    first.prepare("INSERT INTO connections (name, address, token, created_at) VALUES ('a', 'b', x'00', 'c')").run();
    first.close();
    const second = openIn(folder);
    assert.equal(second.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.equal(second.prepare('SELECT count(*) FROM connections').pluck().get(), 1);
  });

  it('refuses a file that is not a SQLite database, naming it, and leaves it alone', () => {
    const folder = makeFolder();
    const file = join(folder, DATABASE_FILE);
    const content = 'name,address\nhome,https://homeassistant.local:8123\n'.repeat(20);
    writeFileSync(file, content);
    const error = thrown(() => openDatabase(folder));
    assert.equal(error.code, 'DATABASE_INVALID');
    assert.ok(error.message.includes(file));
    assert.equal(readFileSync(file, 'utf8'), content);
  });

  it('refuses a database written by a newer hearth', () => {
    const folder = makeFolder();
    const db = openIn(folder);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const error = thrown(() => openDatabase(folder));
    assert.equal(error.code, 'DATABASE_TOO_NEW');
    assert.ok(error.message.includes(join(folder, DATABASE_FILE)));
  });

  it('fails with a coded error naming the file when the data folder is missing', () => {
    const folder = join(makeFolder(), 'missing');
    const error = thrown(() => openDatabase(folder));
    assert.equal(error.code, 'DATABASE_UNAVAILABLE');
    assert.ok(error.message.includes(join(folder, DATABASE_FILE)));
  });
});

function thrown(run: () => unknown): HearthError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof HearthError, `expected a HearthError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected an error');
}
