// sqliteFailure: real SQLite failures become coded errors naming the database file and the cause.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { HearthError } from '../../src/common/index.ts';
import { sqliteFailure, withSqliteFailures } from '../../src/storage/index.ts';

/** The error `work` throws. */
function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/** A fresh database file with one table, and its path. */
function freshDatabase(): { file: string; db: Database.Database } {
  const file = join(mkdtempSync(join(tmpdir(), 'hearth-sqlite-failure-')), 'hearth.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (x TEXT)');
  return { file, db };
}

describe('sqliteFailure', () => {
  const rows: {
    name: string;
    code: string;
    kind: string;
    says: RegExp;
    fail: () => { error: unknown; file: string };
  }[] = [
    {
      name: 'a write refused (SQLITE_READONLY)',
      code: 'DATABASE_READ_ONLY',
      kind: 'unavailable',
      says: /cannot be written .*SQLITE_READONLY\)$/,
      fail() {
        const { file, db } = freshDatabase();
        db.pragma('query_only = ON');
        return { file, error: thrown(() => db.prepare("INSERT INTO t VALUES ('a')").run()) };
      },
    },
    {
      name: 'a full database (SQLITE_FULL)',
      code: 'DATABASE_FULL',
      kind: 'unavailable',
      says: /the disk is full .*SQLITE_FULL\)$/,
      fail() {
        const { file, db } = freshDatabase();
        db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);
        const insert = db.prepare('INSERT INTO t VALUES (?)');
        return {
          file,
          error: thrown(() => {
            for (;;) insert.run('x'.repeat(1000));
          }),
        };
      },
    },
    {
      name: "another connection's lock (SQLITE_BUSY)",
      code: 'DATABASE_BUSY',
      kind: 'unavailable',
      says: /held it locked .*SQLITE_BUSY\)$/,
      fail() {
        const { file, db } = freshDatabase();
        db.exec('BEGIN IMMEDIATE');
        const other = new Database(file);
        other.pragma('busy_timeout = 0');
        return { file, error: thrown(() => other.exec('BEGIN IMMEDIATE')) };
      },
    },
    {
      name: 'a file that is not a database (SQLITE_NOTADB)',
      code: 'DATABASE_INVALID',
      kind: 'internal',
      says: /not a SQLite database .*SQLITE_NOTADB\)$/,
      fail() {
        const file = join(mkdtempSync(join(tmpdir(), 'hearth-sqlite-failure-')), 'hearth.db');
        writeFileSync(file, 'this is not a database, but it is long enough to have a header of sorts........');
        return { file, error: thrown(() => new Database(file).pragma('user_version')) };
      },
    },
    {
      name: 'a file that cannot be opened (SQLITE_CANTOPEN)',
      code: 'DATABASE_CANTOPEN',
      kind: 'unavailable',
      says: /cannot be opened .*SQLITE_CANTOPEN\)$/,
      fail() {
        // A folder where the file should be.
        const file = mkdtempSync(join(tmpdir(), 'hearth-sqlite-failure-'));
        return { file, error: thrown(() => new Database(file)) };
      },
    },
    {
      name: 'a closed connection',
      code: 'DATABASE_CLOSED',
      kind: 'unavailable',
      says: /: it is closed$/,
      fail() {
        const { file, db } = freshDatabase();
        const select = db.prepare('SELECT x FROM t');
        db.close();
        return { file, error: thrown(() => select.all()) };
      },
    },
  ];

  for (const row of rows) {
    it(`${row.name}: ${row.code}, ${row.kind}, naming the file and the cause`, () => {
      const { error, file } = row.fail();
      const failure = sqliteFailure(error, file);
      assert.equal(failure.code, row.code);
      assert.equal(failure.kind, row.kind);
      assert.ok(failure.message.startsWith(`hearth cannot use its database ${file}: `), failure.message);
      assert.match(failure.message, row.says);
      assert.equal(failure.cause, error);
    });
  }

  it('reads the primary code of an extended one: SQLITE_IOERR_WRITE is a disk failure', () => {
    const error = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' });
    const failure = sqliteFailure(error, '/data/hearth.db');
    assert.equal(failure.code, 'DATABASE_IO_ERROR');
    assert.equal(
      failure.message,
      'hearth cannot use its database /data/hearth.db: the disk failed to read or write it (disk I/O error, SQLITE_IOERR_WRITE)',
    );
  });

  it('passes a HearthError through, and makes anything else an internal DATABASE_FAILED naming the file', () => {
    const coded = new HearthError('OPERATION_EXISTS', 'there is one');
    assert.equal(sqliteFailure(coded, '/data/hearth.db'), coded);
    const constraint = Object.assign(new Error('CHECK constraint failed'), { code: 'SQLITE_CONSTRAINT_CHECK' });
    const failure = sqliteFailure(constraint, '/data/hearth.db');
    assert.equal(failure.code, 'DATABASE_FAILED');
    assert.equal(failure.kind, 'internal');
    assert.equal(
      failure.message,
      "hearth's database /data/hearth.db failed: CHECK constraint failed (SQLITE_CONSTRAINT_CHECK)",
    );
  });

  it('withSqliteFailures: each method of a store throws the coded error; results and coded errors pass through', () => {
    const { file, db } = freshDatabase();
    const coded = new HearthError('CONNECTION_TAKEN', 'taken');
    const store = withSqliteFailures(
      {
        add: (x: string) => db.prepare('INSERT INTO t VALUES (?)').run(x).changes,
        count: () => db.prepare('SELECT count(*) FROM t').pluck().get(),
        taken: () => {
          throw coded;
        },
      },
      file,
    );
    assert.equal(store.add('a'), 1);
    db.pragma('query_only = ON');
    assert.throws(() => store.add('b'), { code: 'DATABASE_READ_ONLY', kind: 'unavailable' });
    assert.equal(store.count(), 1);
    assert.equal(
      thrown(() => store.taken()),
      coded,
    );
  });
});
