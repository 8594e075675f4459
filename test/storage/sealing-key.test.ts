// The sealing key: bound to the database by its fingerprint; a key file that is missing or replaced while tokens are
// stored stops the store, naming the file, and a new key is made only for an empty store.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { HearthError } from '../../src/common/index.ts';
import {
  type ConnectionStore,
  createConnectionStore,
  type HearthDatabase,
  loadSecretKey,
  openDatabase,
  openSealingKey,
  SECRET_KEY_ENV,
  SECRET_KEY_FILE,
  type SealingKey,
} from '../../src/storage/index.ts';

const HOME = {
  name: 'home',
  address: 'http://192.168.1.10:8123',
  token: `home-token-${randomBytes(16).toString('hex')}`,
};
const CABIN = {
  name: 'cabin',
  address: 'http://192.168.1.20:8123',
  token: `cabin-token-${randomBytes(16).toString('hex')}`,
};

function thrown(work: () => unknown): HearthError {
  try {
    work();
  } catch (error) {
    assert.ok(error instanceof HearthError, String(error));
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('openSealingKey', () => {
  const folders: string[] = [];
  const databases: HearthDatabase[] = [];
  afterEach(() => {
    for (const db of databases.splice(0)) if (db.open) db.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A data folder's database, its sealing key (from the file unless `envValue`) and the store using it. */
  function open(dataDir: string, envValue?: string): { key: SealingKey; store: ConnectionStore; db: HearthDatabase } {
    const db = openDatabase(dataDir);
    databases.push(db);
    const key = openSealingKey({ db, dataDir, envValue, platform: process.platform });
    return { key, db, store: createConnectionStore({ db, key: key.current, now: () => 0 }) };
  }
  function makeFolder(): string {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-sealing-key-'));
    folders.push(folder);
    return folder;
  }
  const keyFile = (dataDir: string) => join(dataDir, SECRET_KEY_FILE);
  const fingerprint = (db: HearthDatabase) => db.prepare('SELECT fingerprint FROM secret_key').pluck().all();

  it('makes the key file at first use of an empty store and records its fingerprint, never the key', () => {
    const dataDir = makeFolder();
    const { store, db } = open(dataDir);
    assert.equal(existsSync(keyFile(dataDir)), false, 'opening makes no key');
    assert.deepEqual(store.list(), []);
    const hex = readFileSync(keyFile(dataDir), 'utf8').trim();
    assert.match(hex, /^[0-9a-f]{64}$/);
    const recorded = fingerprint(db);
    assert.equal(recorded.length, 1);
    assert.match(String(recorded[0]), /^[0-9a-f]{64}$/);
    assert.notEqual(recorded[0], hex);
  });

  it('deleted while tokens are stored: SECRET_KEY_MISSING naming the file and the connections; no new key is made', () => {
    const dataDir = makeFolder();
    const { store } = open(dataDir);
    assert.equal(store.add(HOME).kind, 'added');
    assert.equal(store.add(CABIN).kind, 'added');
    rmSync(keyFile(dataDir));
    for (const use of [() => store.list(), () => store.get('home'), () => store.readToken('home')]) {
      const error = thrown(use);
      assert.equal(error.code, 'SECRET_KEY_MISSING');
      assert.equal(error.kind, 'unavailable');
      assert.ok(error.message.startsWith(`hearth's key file ${keyFile(dataDir)} is missing`), error.message);
      assert.match(error.message, /stored tokens of cabin, home were sealed with it/);
    }
    const adding = thrown(() => store.add({ ...HOME, name: 'garage', address: 'http://192.168.1.30:8123' }));
    assert.equal(adding.code, 'SECRET_KEY_MISSING');
    assert.equal(existsSync(keyFile(dataDir)), false);
    // A restart is no different: the store opens, and stops at its first use.
    const restarted = open(dataDir).store;
    assert.equal(thrown(() => restarted.list()).code, 'SECRET_KEY_MISSING');
    assert.equal(existsSync(keyFile(dataDir)), false);
  });

  it('replaced by another key while tokens are stored: SECRET_KEY_CHANGED, the file left as it is', () => {
    const dataDir = makeFolder();
    const { store } = open(dataDir);
    assert.equal(store.add(HOME).kind, 'added');
    const other = `${randomBytes(32).toString('hex')}\n`;
    rmSync(keyFile(dataDir));
    writeFileSync(keyFile(dataDir), other, { mode: 0o600 });
    const error = thrown(() => store.readToken('home'));
    assert.equal(error.code, 'SECRET_KEY_CHANGED');
    assert.equal(
      error.message,
      `hearth's key file ${keyFile(dataDir)} is not the key the stored tokens of home were sealed with: hearth will ` +
        'not use it. Restore the old key, or remove those connections (`hearth connections remove NAME`) and add them ' +
        'again with their tokens',
    );
    assert.equal(readFileSync(keyFile(dataDir), 'utf8'), other);
  });

  it('the old key restored: the store works again, tokens and all', () => {
    const dataDir = makeFolder();
    const { store } = open(dataDir);
    assert.equal(store.add(HOME).kind, 'added');
    const saved = readFileSync(keyFile(dataDir));
    rmSync(keyFile(dataDir));
    assert.equal(thrown(() => store.list()).code, 'SECRET_KEY_MISSING');
    writeFileSync(keyFile(dataDir), saved, { mode: 0o600 });
    assert.equal(store.readToken('home'), HOME.token);
  });

  it('removing needs no key; once the store is empty a new key is made, recorded, and seals new tokens', () => {
    const dataDir = makeFolder();
    const { store, db } = open(dataDir);
    assert.equal(store.add(HOME).kind, 'added');
    const before = fingerprint(db);
    rmSync(keyFile(dataDir));
    assert.equal(store.remove('home'), true);
    assert.equal(store.add(CABIN).kind, 'added');
    assert.ok(existsSync(keyFile(dataDir)));
    assert.notDeepEqual(fingerprint(db), before);
    assert.equal(store.readToken('cabin'), CABIN.token);
  });

  it(`${SECRET_KEY_ENV}: used without a key file; another value while tokens are stored is SECRET_KEY_CHANGED`, () => {
    const dataDir = makeFolder();
    const first = randomBytes(32).toString('hex');
    const { store } = open(dataDir, first);
    assert.equal(store.add(HOME).kind, 'added');
    assert.equal(existsSync(keyFile(dataDir)), false);
    assert.equal(open(dataDir, first).store.readToken('home'), HOME.token);
    const error = thrown(() => open(dataDir, randomBytes(32).toString('hex')).store.list());
    assert.equal(error.code, 'SECRET_KEY_CHANGED');
    assert.ok(error.message.startsWith(`${SECRET_KEY_ENV} is not the key the stored tokens of home`), error.message);
    assert.equal(open(dataDir, first).key.source, SECRET_KEY_ENV);
  });

  it('a database from before fingerprints: the key that opens its tokens is recorded; another key is refused', () => {
    const dataDir = makeFolder();
    const key = loadSecretKey({ dataDir, envValue: undefined, platform: process.platform });
    const db = openDatabase(dataDir);
    databases.push(db);
    assert.equal(createConnectionStore({ db, key, now: () => 0 }).add(HOME).kind, 'added');
    assert.deepEqual(fingerprint(db), [], 'a store given a plain key records nothing');
    const wrong = makeFolder();
    writeFileSync(keyFile(wrong), `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    // A copy of the database beside another key: everything committed is in the file once the log is checkpointed.
    db.pragma('wal_checkpoint(TRUNCATE)');
    writeFileSync(join(wrong, 'hearth.db'), readFileSync(join(dataDir, 'hearth.db')));
    assert.equal(thrown(() => open(wrong).store.list()).code, 'SECRET_KEY_CHANGED');
    const right = open(dataDir);
    assert.equal(right.store.readToken('home'), HOME.token);
    assert.equal(fingerprint(right.db).length, 1);
  });

  for (const [problem, code, spoil] of [
    ['open to other users', 'SECRET_KEY_EXPOSED', (file: string) => chmodSync(file, 0o644)],
    ['not a key', 'SECRET_KEY_INVALID', (file: string) => writeFileSync(file, 'not a key\n')],
    [
      'a folder',
      'SECRET_KEY_INVALID',
      (file: string) => {
        rmSync(file);
        mkdirSync(file);
      },
    ],
  ] as const) {
    it(`a key file ${problem} while serving: ${code}, unavailable (503), naming the file`, {
      skip: process.platform === 'win32' && problem === 'open to other users',
    }, () => {
      const dataDir = makeFolder();
      const { store } = open(dataDir);
      assert.equal(store.add(HOME).kind, 'added');
      spoil(keyFile(dataDir));
      const error = thrown(() => store.list());
      assert.equal(error.code, code);
      assert.equal(error.kind, 'unavailable');
      assert.ok(error.message.includes(keyFile(dataDir)), error.message);
    });
  }

  it(`rejects a malformed ${SECRET_KEY_ENV} at once`, () => {
    const dataDir = makeFolder();
    const db = openDatabase(dataDir);
    databases.push(db);
    const error = thrown(() => openSealingKey({ db, dataDir, envValue: 'short', platform: process.platform }));
    assert.equal(error.code, 'SECRET_KEY_ENV_INVALID');
  });
});
