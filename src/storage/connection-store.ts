// The Home Assistant connections saved in hearth's database, one per home; their tokens sealed at rest.
import type { KeyObject } from 'node:crypto';
import type { WriteMode } from '../tools/index.ts';
import type { HearthDatabase } from './database.ts';
import { createSecretBox } from './secret-box.ts';
import { sqliteFailure } from './sqlite-failure.ts';

export type { WriteMode };

/** A connection's name: 1–64 of `a-z`, `0-9`, `_` and `-`, starting with a letter or digit. */
const NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
const NAME_MAX_LENGTH = 64;

/** A saved connection to one Home Assistant; its token is never part of it. */
export interface Connection {
  /**
   * Its identity: random, made when it was added, never reused. A connection removed and added again under the same
   * name is another connection, and what was proposed for the first is not carried out on the second.
   */
  readonly id: string;
  /** The name the user gave it, unique. */
  readonly name: string;
  /** Home Assistant's address, e.g. `https://homeassistant.local:8123`, as the caller checked it; unique. */
  readonly address: string;
  /** The certificate pin `host:port=<sha256 hex>`, or null when none is set. */
  readonly pin: string | null;
  /** False when the user has switched the connection off; new connections are enabled. */
  readonly enabled: boolean;
  /** What the tools may change through it; new connections (and those saved before write modes existed) are read only. */
  readonly writeMode: WriteMode;
  /** When it was added, ISO 8601 in UTC. */
  readonly createdAt: string;
}

/** What {@link ConnectionStore.add} saves; the address and pin are already checked by the caller. */
export interface NewConnection {
  name: string;
  address: string;
  /** The long-lived access token; sealed before it reaches the database. */
  token: string;
  pin?: string | null;
}

/** The outcome of {@link ConnectionStore.add}: added, or why not. */
export type AddConnectionResult =
  | { kind: 'added'; connection: Connection }
  | { kind: 'bad-name'; reason: string }
  | { kind: 'name-taken' }
  /** Another connection (`name`) already has this address. */
  | { kind: 'address-taken'; name: string };

/**
 * The saved connections. Tokens go in with `add` and come out only through `readToken`. Every method but `remove`
 * first checks the key (when it is given as a function): a key that is missing or changed stops the store with its
 * coded error. A database that fails throws `sqliteFailure`'s coded error, naming the file.
 */
export interface ConnectionStore {
  /** Saves a new, enabled, read-only connection. */
  add(connection: NewConnection): AddConnectionResult;
  /** Every connection, by name. */
  list(): Connection[];
  /** The connection called `name`, or undefined. */
  get(name: string): Connection | undefined;
  /** The decrypted token of `name` (undefined when there is no such connection); for the program's wiring only. */
  readToken(name: string): string | undefined;
  /** Deletes the connection called `name`; false when there was none. */
  remove(name: string): boolean;
  /** Switches the connection called `name` on or off; false when there is none. */
  setEnabled(name: string, enabled: boolean): boolean;
  /** Sets the write mode of the connection called `name`; false when there is none. */
  setWriteMode(name: string, mode: WriteMode): boolean;
}

/** What {@link createConnectionStore} works with. */
export interface ConnectionStoreOptions {
  /** An open, migrated database from `openDatabase`. */
  db: HearthDatabase;
  /**
   * The key from `loadSecretKey`, or a function giving the key as it is now (`SealingKey.current`, called at every use
   * but `remove`); tokens sealed with one key do not open with another.
   */
  key: KeyObject | (() => KeyObject);
  /** The current time in milliseconds since the epoch, for `createdAt`. */
  now: () => number;
}

/** A row of the `connections` table, without the token. */
interface ConnectionRow {
  uid: string;
  name: string;
  address: string;
  pin: string | null;
  enabled: number;
  write_mode: WriteMode;
  created_at: string;
}

const COLUMNS = 'uid, name, address, pin, enabled, write_mode, created_at';

/** Why `name` is not a valid connection name, or null when it is. */
export function checkConnectionName(name: string): string | null {
  if (name.length === 0) return 'a connection name cannot be empty';
  if (name.length > NAME_MAX_LENGTH) return `a connection name has at most ${NAME_MAX_LENGTH} characters`;
  if (!NAME_PATTERN.test(name)) {
    return "a connection name uses only a-z, 0-9, '_' and '-', and starts with a letter or digit";
  }
  return null;
}

/** The connection store on `db`; several stores (and processes) may share one database file. */
export function createConnectionStore(options: ConnectionStoreOptions): ConnectionStore {
  const { db, now } = options;
  const { key } = options;
  const keyNow = typeof key === 'function' ? key : () => key;
  const boxNow = () => createSecretBox(keyNow());
  const selectAll = db.prepare<[], ConnectionRow>(`SELECT ${COLUMNS} FROM connections ORDER BY name`);
  const selectByName = db.prepare<[string], ConnectionRow>(`SELECT ${COLUMNS} FROM connections WHERE name = ?`);
  const selectNameByAddress = db.prepare<[string], string>('SELECT name FROM connections WHERE address = ?').pluck();
  const selectToken = db.prepare<[string], Buffer>('SELECT token FROM connections WHERE name = ?').pluck();
  const insert = db.prepare<[string, string, Buffer, string | null, string], void>(
    'INSERT INTO connections (uid, name, address, token, pin, enabled, created_at) ' +
      'VALUES (lower(hex(randomblob(16))), ?, ?, ?, ?, 1, ?)',
  );
  const deleteByName = db.prepare<[string], void>('DELETE FROM connections WHERE name = ?');
  const updateEnabled = db.prepare<[number, string], void>('UPDATE connections SET enabled = ? WHERE name = ?');
  const updateWriteMode = db.prepare<[WriteMode, string], void>('UPDATE connections SET write_mode = ? WHERE name = ?');

  // IMMEDIATE takes the write lock before the checks, so another process cannot slip in the same name or address.
  const addChecked = db.transaction((connection: NewConnection): AddConnectionResult => {
    if (selectByName.get(connection.name) !== undefined) return { kind: 'name-taken' };
    const holder = selectNameByAddress.get(connection.address);
    if (holder !== undefined) return { kind: 'address-taken', name: holder };
    const createdAt = new Date(now()).toISOString();
    // The key is checked inside the write lock: a token is never sealed with a key made while another was stored.
    // The name is the sealed token's associated data: the token opens only in the row of this name.
    const sealed = boxNow().seal(connection.token, connection.name);
    insert.run(connection.name, connection.address, sealed, connection.pin ?? null, createdAt);
    return { kind: 'added', connection: toConnection(selectByName.get(connection.name)!) };
  });

  /** Runs `work` after checking the key, turning a database failure into its coded error. */
  function keyed<T>(work: () => T): T {
    return storing(() => {
      keyNow();
      return work();
    });
  }
  function storing<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw sqliteFailure(error, db.name);
    }
  }

  return {
    add(connection) {
      const reason = checkConnectionName(connection.name);
      return reason === null ? storing(() => addChecked.immediate(connection)) : { kind: 'bad-name', reason };
    },
    list: () => keyed(() => selectAll.all().map(toConnection)),
    get: (name) =>
      keyed(() => {
        const row = selectByName.get(name);
        return row === undefined ? undefined : toConnection(row);
      }),
    readToken: (name) =>
      storing(() => {
        const box = boxNow();
        const sealed = selectToken.get(name);
        return sealed === undefined ? undefined : box.open(sealed, name);
      }),
    // Removing needs no key: it is the way out when the key is lost (remove the connections, add them again).
    remove: (name) => storing(() => deleteByName.run(name).changes > 0),
    setEnabled: (name, enabled) => keyed(() => updateEnabled.run(enabled ? 1 : 0, name).changes > 0),
    setWriteMode: (name, mode) => keyed(() => updateWriteMode.run(mode, name).changes > 0),
  };
}

function toConnection(row: ConnectionRow): Connection {
  return {
    id: row.uid,
    name: row.name,
    address: row.address,
    pin: row.pin,
    enabled: row.enabled === 1,
    writeMode: row.write_mode,
    createdAt: row.created_at,
  };
}
