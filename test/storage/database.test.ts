// The database: hearth.db created 0600, WAL with synchronous FULL, migrated by user_version; other files refused.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HearthError } from '../../src/common/index.ts';
import { DATABASE_FILE, openDatabase, SCHEMA_VERSION, type HearthDatabase } from '../../src/storage/index.ts';

const IS_WINDOWS = process.platform === 'win32';

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

  it('migrates a new database to the current schema version', () => {
    const db = openIn(makeFolder());
    assert.ok(SCHEMA_VERSION >= 1);
    assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('connections');
    assert.deepEqual(columns, ['id', 'name', 'address', 'token', 'pin', 'enabled', 'created_at']);
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
