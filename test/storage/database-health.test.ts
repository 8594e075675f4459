// The database's health: a database file that cannot be written (immutable as root: the kernel refuses even root)
// is reported naming the file and the cause, writes stop so the write-ahead log stays bounded, reads go on, and
// writes resume once the file can be written again.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { createDatabaseHealth, DATABASE_FILE, type HearthDatabase, openDatabase } from '../../src/storage/index.ts';

const IS_ROOT = process.getuid?.() === 0;
const NOT_ROOT = 'needs root: chattr +i is the one way to make a file unwritable to root, who ignores permission bits';

/** Sets or clears the immutable attribute of `file`. */
function immutable(file: string, on: boolean): void {
  execFileSync('chattr', [on ? '+i' : '-i', file]);
}

describe('createDatabaseHealth', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  function openFresh(): { db: HearthDatabase; file: string } {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-db-health-'));
    const db = openDatabase(folder);
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    cleanups.push(() => db.open && db.close());
    return { db, file: join(folder, DATABASE_FILE) };
  }
  const insert = (db: HearthDatabase, name: string) =>
    db
      .prepare("INSERT INTO connections (name, address, token, created_at) VALUES (?, ?, x'00', 'c')")
      .run(name, `http://${name}`);

  it('is healthy on a working database, and leaves writes allowed', () => {
    const { db } = openFresh();
    assert.equal(createDatabaseHealth(db).check(), undefined);
    assert.equal(db.pragma('query_only', { simple: true }), 0);
    insert(db, 'a');
  });

  it('a file made unwritable while open: names the file and the failed checkpoint; writes stop, reads go on, the log stays the same size', {
    skip: !IS_ROOT && NOT_ROOT,
  }, () => {
    const { db, file } = openFresh();
    insert(db, 'before');
    immutable(file, true);
    cleanups.push(() => immutable(file, false));
    // SQLite still appends to the write-ahead log: without the check, it would grow with every write.
    insert(db, 'appended');
    const failure = createDatabaseHealth(db).check();
    assert.ok(failure !== undefined);
    assert.equal(failure.code, 'DATABASE_IO_ERROR');
    assert.equal(failure.kind, 'unavailable');
    assert.equal(
      failure.message,
      `hearth cannot write its database ${file}: its write-ahead log cannot be copied into it (disk I/O error, ` +
        'SQLITE_IOERR_WRITE); hearth makes no more changes until it can',
    );
    const walSize = statSync(`${file}-wal`).size;
    for (let count = 0; count < 50; count++)
      assert.throws(() => insert(db, `refused-${count}`), { code: 'SQLITE_READONLY' });
    assert.equal(statSync(`${file}-wal`).size, walSize);
    assert.deepEqual(db.prepare('SELECT name FROM connections ORDER BY name').pluck().all(), ['appended', 'before']);
  });

  it('a file made unwritable after everything was checkpointed: found by its own write', {
    skip: !IS_ROOT && NOT_ROOT,
  }, () => {
    const { db, file } = openFresh();
    insert(db, 'before');
    db.pragma('wal_checkpoint(TRUNCATE)');
    immutable(file, true);
    cleanups.push(() => immutable(file, false));
    assert.equal(createDatabaseHealth(db).check()?.code, 'DATABASE_IO_ERROR');
  });

  it('writes resume at the first check after the file can be written again', { skip: !IS_ROOT && NOT_ROOT }, () => {
    const { db, file } = openFresh();
    insert(db, 'before');
    immutable(file, true);
    cleanups.push(() => immutable(file, false));
    const health = createDatabaseHealth(db);
    assert.notEqual(health.check(), undefined);
    immutable(file, false);
    assert.equal(health.check(), undefined);
    insert(db, 'after');
    assert.equal(statSync(`${file}-wal`).size > 0, true);
  });

  it('reopened after it became unwritable: still reported, naming the file', { skip: !IS_ROOT && NOT_ROOT }, () => {
    const { db, file } = openFresh();
    insert(db, 'before');
    immutable(file, true);
    cleanups.push(() => immutable(file, false));
    db.close();
    const reopened = new Database(file);
    cleanups.push(() => reopened.close());
    const failure = createDatabaseHealth(reopened).check();
    assert.ok(failure !== undefined);
    assert.ok(['DATABASE_IO_ERROR', 'DATABASE_READ_ONLY'].includes(failure.code), failure.code);
    assert.ok(failure.message.startsWith(`hearth cannot `), failure.message);
    assert.ok(failure.message.includes(file), failure.message);
    assert.equal(reopened.prepare('SELECT count(*) FROM connections').pluck().get(), 1, 'reads still answer');
  });

  it('another connection holding the write lock is not a failure, and the check does not wait for it', () => {
    const { db, file } = openFresh();
    const other = new Database(file);
    cleanups.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    cleanups.push(() => other.exec('ROLLBACK'));
    const started = performance.now();
    assert.equal(createDatabaseHealth(db).check(), undefined);
    assert.ok(performance.now() - started < 500, 'no busy wait');
    assert.equal(db.pragma('busy_timeout', { simple: true }), 5000, 'the busy timeout is restored');
  });

  it('a closed database: DATABASE_CLOSED naming the file', () => {
    const { db, file } = openFresh();
    db.close();
    const failure = createDatabaseHealth(db).check();
    assert.equal(failure?.code, 'DATABASE_CLOSED');
    assert.equal(failure?.message, `hearth cannot use its database ${file}: it is closed`);
  });
});
