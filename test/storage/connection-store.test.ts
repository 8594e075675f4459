// The connection store: add, list, get, readToken, remove, setEnabled and setWriteMode; names and addresses unique;
// tokens sealed; the key asked at every use; a database that refuses writes named in each failure.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HearthError } from '../../src/common/index.ts';
import {
  checkConnectionName,
  createConnectionStore,
  DATABASE_FILE,
  loadSecretKey,
  openDatabase,
  openDataDir,
  type ConnectionStore,
  type HearthDatabase,
} from '../../src/storage/index.ts';

const CREATED = Date.UTC(2025, 0, 2, 3, 4, 5, 6);
const HOME = { name: 'home', address: 'https://homeassistant.local:8123', token: newToken() };
const CABIN = { name: 'cabin', address: 'http://192.168.1.20:8123', token: newToken() };

/** A token shaped like Home Assistant's long-lived access tokens (a JWT), random so it cannot appear by chance. */
function newToken(): string {
  return `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${randomBytes(60).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
}

describe('createConnectionStore', () => {
  const folders: string[] = [];
  const databases: HearthDatabase[] = [];
  afterEach(() => {
    for (const db of databases.splice(0)) if (db.open) db.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A data folder with its key, as the program opens it. */
  const makeDataDir = (): { dataDir: string; key: KeyObject } => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'hearth-connections-')), 'hearth');
    folders.push(join(dataDir, '..'));
    openDataDir(dataDir, process.platform);
    return { dataDir, key: loadSecretKey({ dataDir, envValue: undefined, platform: process.platform }) };
  };
  const openStore = (dataDir: string, key: KeyObject): { db: HearthDatabase; store: ConnectionStore } => {
    const db = openDatabase(dataDir);
    databases.push(db);
    return { db, store: createConnectionStore({ db, key, now: () => CREATED }) };
  };
  const newStore = (): ConnectionStore => {
    const { dataDir, key } = makeDataDir();
    return openStore(dataDir, key).store;
  };

  it('adds an enabled, read-only connection, stamped by the clock, and returns it without its token', () => {
    const store = newStore();
    const result = store.add(HOME);
    assert.equal(result.kind, 'added');
    const id = result.kind === 'added' ? result.connection.id : '';
    assert.match(id, /^[0-9a-f]{32}$/);
    const expected = {
      id,
      name: 'home',
      address: HOME.address,
      pin: null,
      enabled: true,
      writeMode: 'read-only',
      createdAt: '2025-01-02T03:04:05.006Z',
    };
    assert.deepEqual(result, { kind: 'added', connection: expected });
    assert.deepEqual(store.get('home'), expected);
    assert.deepEqual(store.list(), [expected]);
  });

  it('gives a connection removed and added again under the same name another identity', () => {
    const store = newStore();
    const first = store.add(HOME);
    store.remove('home');
    const second = store.add(HOME);
    assert.ok(first.kind === 'added' && second.kind === 'added');
    assert.notEqual(first.connection.id, second.connection.id);
    assert.equal(store.get('home')?.id, second.connection.id);
  });

  it('keeps the certificate pin', () => {
    const store = newStore();
    const pin = `homeassistant.local:8123=${randomBytes(32).toString('hex')}`;
    store.add({ ...HOME, pin });
    assert.equal(store.get('home')?.pin, pin);
  });

  it('lists several connections by name, none with a token', () => {
    const store = newStore();
    store.add(HOME);
    store.add(CABIN);
    const listed = store.list();
    assert.deepEqual(
      listed.map((connection) => connection.name),
      ['cabin', 'home'],
    );
    for (const connection of listed) {
      assert.deepEqual(Object.keys(connection).sort(), [
        'address',
        'createdAt',
        'enabled',
        'id',
        'name',
        'pin',
        'writeMode',
      ]);
      assert.ok(!JSON.stringify(connection).includes(HOME.token));
      assert.ok(!JSON.stringify(connection).includes(CABIN.token));
    }
  });

  it('reads each token back, and nothing for an unknown name', () => {
    const store = newStore();
    store.add(HOME);
    store.add(CABIN);
    assert.equal(store.readToken('home'), HOME.token);
    assert.equal(store.readToken('cabin'), CABIN.token);
    assert.equal(store.readToken('attic'), undefined);
    assert.equal(store.get('attic'), undefined);
  });

  it('removes a connection, and says whether there was one', () => {
    const store = newStore();
    store.add(HOME);
    store.add(CABIN);
    assert.equal(store.remove('home'), true);
    assert.equal(store.remove('home'), false);
    assert.equal(store.get('home'), undefined);
    assert.equal(store.readToken('home'), undefined);
    assert.deepEqual(
      store.list().map((connection) => connection.name),
      ['cabin'],
    );
    assert.equal(store.add(HOME).kind, 'added', 'the name and address are free again');
  });

  it('switches a connection off and on, and says whether there was one', () => {
    const store = newStore();
    store.add(HOME);
    assert.equal(store.setEnabled('home', false), true);
    assert.equal(store.get('home')?.enabled, false);
    assert.equal(store.list()[0]?.enabled, false);
    assert.equal(store.setEnabled('home', true), true);
    assert.equal(store.get('home')?.enabled, true);
    assert.equal(store.setEnabled('attic', false), false);
  });

  it('sets the write mode, and says whether there was a connection', () => {
    const store = newStore();
    store.add(HOME);
    store.add(CABIN);
    for (const mode of ['ask-first', 'act', 'read-only', 'act'] as const) {
      assert.equal(store.setWriteMode('home', mode), true);
      assert.equal(store.get('home')?.writeMode, mode);
    }
    assert.equal(store.get('cabin')?.writeMode, 'read-only', 'the other connection keeps its mode');
    assert.deepEqual(
      store.list().map((connection) => [connection.name, connection.writeMode]),
      [
        ['cabin', 'read-only'],
        ['home', 'act'],
      ],
    );
    assert.equal(store.setWriteMode('attic', 'act'), false);
    assert.equal(store.setEnabled('home', false), true);
    assert.equal(store.get('home')?.writeMode, 'act', 'switching off keeps the write mode');
  });

  it('refuses a name that is taken, and an address that another connection has', () => {
    const store = newStore();
    store.add(HOME);
    assert.deepEqual(store.add({ ...CABIN, name: 'home' }), { kind: 'name-taken' });
    assert.deepEqual(store.add({ ...CABIN, address: HOME.address }), { kind: 'address-taken', name: 'home' });
    assert.deepEqual(store.list().length, 1);
    assert.equal(store.readToken('home'), HOME.token);
  });

  it('refuses bad names with a reason, and takes good ones', () => {
    const store = newStore();
    const bad = ['', 'Home', '-home', '_home', 'my home', 'home.lan', 'hôme', 'home/1', 'a'.repeat(65)];
    for (const [index, name] of bad.entries()) {
      const result = store.add({ name, address: `http://bad-${index}:8123`, token: newToken() });
      assert.equal(result.kind, 'bad-name', name);
      assert.ok(result.kind === 'bad-name' && result.reason.length > 0);
      assert.equal(checkConnectionName(name), result.kind === 'bad-name' ? result.reason : undefined);
    }
    assert.deepEqual(store.list(), []);
    const good = ['a', '0', 'home-1', 'main_floor', '9-a_b', 'a'.repeat(64)];
    for (const [index, name] of good.entries()) {
      assert.equal(checkConnectionName(name), null, name);
      assert.equal(store.add({ name, address: `http://good-${index}:8123`, token: newToken() }).kind, 'added', name);
    }
  });

  it('leaves no trace of a token in any file of the data folder, WAL included', () => {
    const { dataDir, key } = makeDataDir();
    const { store } = openStore(dataDir, key);
    const tokens = [HOME.token, CABIN.token, newToken()];
    store.add(HOME);
    store.add(CABIN);
    store.add({ name: 'attic', address: 'http://attic:8123', token: tokens[2]! });
    store.remove('cabin');
    // The database is still open, so the rows are in the WAL, not yet checkpointed into hearth.db.
    assert.ok(statSync(join(dataDir, `${DATABASE_FILE}-wal`)).size > 0);
    const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      statSync(join(dataDir, file)).isFile(),
    );
    assert.ok(files.includes(DATABASE_FILE) && files.includes(`${DATABASE_FILE}-wal`), files.join(', '));
    for (const file of files) {
      const bytes = readFileSync(join(dataDir, file));
      for (const token of tokens) {
        for (const form of [token, token.slice(37, 77), Buffer.from(token).toString('hex')]) {
          assert.equal(bytes.includes(form), false, `${file} holds a token`);
        }
      }
    }
  });

  it('shares one database between two stores: each sees what the other changed', () => {
    const { dataDir, key } = makeDataDir();
    const first = openStore(dataDir, key).store;
    const second = openStore(dataDir, key).store;
    first.add(HOME);
    assert.equal(second.get('home')?.address, HOME.address);
    assert.equal(second.readToken('home'), HOME.token);
    assert.deepEqual(second.add({ ...HOME, address: CABIN.address }), { kind: 'name-taken' });
    second.setEnabled('home', false);
    assert.equal(first.get('home')?.enabled, false);
    second.setWriteMode('home', 'ask-first');
    assert.equal(first.get('home')?.writeMode, 'ask-first');
    second.add(CABIN);
    second.remove('home');
    assert.deepEqual(
      first.list().map((connection) => connection.name),
      ['cabin'],
    );
  });

  it('with another key, still lists the connections but cannot read their tokens', () => {
    const { dataDir, key } = makeDataDir();
    const { db, store } = openStore(dataDir, key);
    store.add(HOME);
    db.close();
    const reopened = openStore(dataDir, createSecretKey(randomBytes(32))).store;
    assert.deepEqual(
      reopened.list().map((connection) => connection.name),
      ['home'],
    );
    assert.equal(reopened.get('home')?.address, HOME.address);
    const error = thrown(() => reopened.readToken('home'));
    assert.equal(error.code, 'SECRET_UNREADABLE');
    assert.ok(!error.message.includes(HOME.token));
  });

  it('reads a connection saved before write modes existed as read only, token and all', () => {
    const { dataDir, key } = makeDataDir();
    const { db, store } = openStore(dataDir, key);
    store.add(HOME);
    // Back to version 1: the column migration 2 added is dropped (its CHECK goes with it) and the version lowered.
    db.exec(
      'DROP TABLE operations; DROP TABLE proposals; DROP TABLE secret_key; DROP TABLE limits_record; ALTER TABLE connections DROP COLUMN write_mode; ' +
        'DROP INDEX connections_by_uid; ALTER TABLE connections DROP COLUMN uid',
    );
    db.pragma('user_version = 1');
    db.close();
    const reopened = openStore(dataDir, key).store;
    assert.equal(reopened.get('home')?.writeMode, 'read-only');
    assert.equal(reopened.readToken('home'), HOME.token);
    assert.equal(reopened.setWriteMode('home', 'ask-first'), true);
    assert.equal(reopened.get('home')?.writeMode, 'ask-first');
  });

  it('cannot read a sealed token moved into another row', () => {
    const { dataDir, key } = makeDataDir();
    const { db, store } = openStore(dataDir, key);
    store.add(HOME);
    store.add(CABIN);
    db.prepare(
      "UPDATE connections SET token = (SELECT token FROM connections WHERE name = 'home') WHERE name = 'cabin'",
    ).run();
    assert.equal(store.readToken('home'), HOME.token);
    assert.equal(thrown(() => store.readToken('cabin')).code, 'SECRET_UNREADABLE');
  });

  it('on a database that refuses writes: each change fails naming the file and the cause; reads answer', () => {
    const { dataDir, key } = makeDataDir();
    const { db, store } = openStore(dataDir, key);
    store.add(HOME);
    db.pragma('query_only = ON');
    const file = join(dataDir, DATABASE_FILE);
    for (const change of [
      () => store.add(CABIN),
      () => store.setWriteMode('home', 'act'),
      () => store.setEnabled('home', false),
      () => store.remove('home'),
    ]) {
      const error = thrown(change);
      assert.equal(error.code, 'DATABASE_READ_ONLY');
      assert.equal(error.kind, 'unavailable');
      assert.ok(
        error.message.startsWith(`hearth cannot use its database ${file}: it cannot be written`),
        error.message,
      );
    }
    assert.deepEqual(
      store.list().map((connection) => [connection.name, connection.writeMode, connection.enabled]),
      [['home', 'read-only', true]],
    );
    assert.equal(store.readToken('home'), HOME.token);
  });

  it('given the key as a function, asks it at every use but remove, and passes its error on', () => {
    const { dataDir, key } = makeDataDir();
    const db = openDatabase(dataDir);
    databases.push(db);
    let asked = 0;
    let failure: HearthError | undefined;
    const store = createConnectionStore({
      db,
      key: () => {
        asked++;
        if (failure !== undefined) throw failure;
        return key;
      },
      now: () => CREATED,
    });
    store.add(HOME);
    store.list();
    store.get('home');
    store.readToken('home');
    store.setEnabled('home', true);
    store.setWriteMode('home', 'act');
    assert.equal(asked, 6);
    failure = new HearthError('SECRET_KEY_MISSING', 'gone');
    assert.equal(
      thrown(() => store.list()),
      failure,
    );
    assert.equal(store.remove('home'), true, 'removing needs no key');
    assert.equal(asked, 7);
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
