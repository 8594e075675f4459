// The key that seals the stored tokens, bound to the database by its fingerprint and checked again at every use.
import { createHmac, type KeyObject } from 'node:crypto';
import { type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import { HearthError, isRecord } from '../common/index.ts';
import type { HearthDatabase } from './database.ts';
import { createSecretBox } from './secret-box.ts';
import {
  createSecretKeyFile,
  decodeEnvKey,
  readSecretKeyFile,
  SECRET_KEY_ENV,
  SECRET_KEY_FILE,
  type SecretKeyOptions,
} from './secret-key.ts';

/** The key the connection store seals and opens tokens with, checked against the database at each use. */
export interface SealingKey {
  /**
   * The key as it is now. Throws `SECRET_KEY_MISSING` when the key file is gone and tokens are stored,
   * `SECRET_KEY_CHANGED` when the key is not the one they were sealed with (both `unavailable`, naming the file or
   * `HEARTH_SECRET_KEY`), or the key file's own errors. A new key file is made only while no token is stored.
   */
  current(): KeyObject;
  /** Where the key comes from: the key file's path, or `HEARTH_SECRET_KEY`. */
  readonly source: string;
}

/** What {@link openSealingKey} works with. */
export interface SealingKeyOptions extends SecretKeyOptions {
  /** The open, migrated database whose `secret_key` row records the key's fingerprint. */
  db: HearthDatabase;
}

/** The label the fingerprint is computed over: a fingerprint identifies a key without revealing it. */
const FINGERPRINT_LABEL = 'hearth secret key fingerprint 1';

/** How many connection names an error lists before it says how many more. */
const NAMES_SHOWN = 5;

/** The key of `options`, bound to its database; `HEARTH_SECRET_KEY` in the wrong form fails here, at once. */
export function openSealingKey(options: SealingKeyOptions): SealingKey {
  const { db, platform } = options;
  const envKey = options.envValue === undefined ? undefined : decodeEnvKey(options.envValue);
  const path = join(options.dataDir, SECRET_KEY_FILE);
  const source = envKey === undefined ? path : SECRET_KEY_ENV;
  const selectFingerprint = db.prepare<[], string>('SELECT fingerprint FROM secret_key WHERE id = 1').pluck();
  const recordFingerprint = db.prepare<[string], void>(
    'INSERT INTO secret_key (id, fingerprint) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint',
  );
  const selectSealed = db.prepare<[], { name: string; token: Buffer }>(
    'SELECT name, token FROM connections ORDER BY name',
  );
  // The key file as last read, by its identity and times: a file replaced in place is read again.
  let loaded: { stamp: string; key: KeyObject } | undefined;

  function keyFromFile(): KeyObject {
    const stats = statIfPresent(path);
    if (stats === undefined) {
      loaded = undefined;
      const sealed = selectSealed.all();
      if (sealed.length > 0) throw missingKey(path, sealed);
      return createSecretKeyFile(path) ?? readSecretKeyFile(path, platform);
    }
    const stamp = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
    if (loaded?.stamp !== stamp) loaded = { stamp, key: readSecretKeyFile(path, platform) };
    return loaded.key;
  }

  function current(): KeyObject {
    const key = envKey ?? keyFromFile();
    const fingerprint = fingerprintOf(key);
    const recorded = selectFingerprint.get();
    if (recorded === fingerprint) return key;
    const sealed = selectSealed.all();
    // Without a record (a database from before fingerprints), the key is the right one when it opens the tokens.
    const isTheirKey = recorded === undefined && sealed.every((row) => opens(key, row));
    if (sealed.length > 0 && !isTheirKey) throw changedKey(source, sealed);
    recordFingerprint.run(fingerprint);
    return key;
  }

  return { current, source };
}

/** The fingerprint recorded for `key`: an HMAC under the key itself, so it reveals nothing about the key. */
function fingerprintOf(key: KeyObject): string {
  return createHmac('sha256', key).update(FINGERPRINT_LABEL).digest('hex');
}

function opens(key: KeyObject, row: { name: string; token: Buffer }): boolean {
  try {
    createSecretBox(key).open(row.token, row.name);
    return true;
  } catch {
    return false;
  }
}

/** The file's stats, or undefined when it is gone; any other failure names the file. */
function statIfPresent(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (isRecord(error) && error.code === 'ENOENT') return undefined;
    throw new HearthError('SECRET_KEY_UNREADABLE', `hearth cannot read its key file ${path}`, {
      cause: error,
    });
  }
}

/** `home, cabin` or `a, b, c, d, e and 3 more`. */
function namesOf(rows: readonly { name: string }[]): string {
  const shown = rows.slice(0, NAMES_SHOWN).map((row) => row.name);
  const more = rows.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function missingKey(path: string, sealed: readonly { name: string }[]): HearthError {
  const message =
    `hearth's key file ${path} is missing, and the stored tokens of ${namesOf(sealed)} were sealed with it: hearth ` +
    `will not make a new key for them. Restore the file from a backup (or set ${SECRET_KEY_ENV} to the key), or remove ` +
    'those connections (`hearth connections remove NAME`) and add them again with their tokens';
  return new HearthError('SECRET_KEY_MISSING', message);
}

function changedKey(source: string, sealed: readonly { name: string }[]): HearthError {
  const what = source === SECRET_KEY_ENV ? SECRET_KEY_ENV : `hearth's key file ${source}`;
  const message =
    `${what} is not the key the stored tokens of ${namesOf(sealed)} were sealed with: hearth will not use it. ` +
    'Restore the old key, or remove those connections (`hearth connections remove NAME`) and add them again with ' +
    'their tokens';
  return new HearthError('SECRET_KEY_CHANGED', message);
}
