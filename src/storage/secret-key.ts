// hearth's secret key: 32 bytes from HEARTH_SECRET_KEY, or from the private key file `secret.key` in the data folder.
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HearthError } from '../common/index.ts';
import { createFileExclusively } from './exclusive-file.ts';

/** The environment variable that supplies the key instead of the key file. */
export const SECRET_KEY_ENV = 'HEARTH_SECRET_KEY';

/** The key file's name in the data folder. */
export const SECRET_KEY_FILE = 'secret.key';

/** The key's length: AES-256 takes 32 bytes. */
const KEY_BYTES = 32;

/** The key file's permission bits: the user alone may read and write it. */
const KEY_FILE_MODE = 0o600;

/** Permission bits that give the group or other users any access. */
const SHARED_BITS = 0o077;

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** Where {@link loadSecretKey} finds the key. */
export interface SecretKeyOptions {
  /** The data folder, already opened, holding (or about to hold) `secret.key`. */
  dataDir: string;
  /** The value of `HEARTH_SECRET_KEY`, undefined when unset; when given, no key file is read or created. */
  envValue: string | undefined;
  /** The platform, spelled as `process.platform` spells it; Windows has no mode bits to check. */
  platform: NodeJS.Platform;
}

/** The 32-byte key that seals tokens: from the env value, else read from `secret.key`, created when absent. */
export function loadSecretKey(options: SecretKeyOptions): KeyObject {
  if (options.envValue !== undefined) return decodeEnvKey(options.envValue);
  const path = join(options.dataDir, SECRET_KEY_FILE);
  if (!existsSync(path)) {
    const created = createSecretKeyFile(path);
    if (created !== undefined) return created;
  }
  return readSecretKeyFile(path, options.platform);
}

/** The key `HEARTH_SECRET_KEY` holds; throws `SECRET_KEY_ENV_INVALID` (never repeating the value) when it holds none. */
export function decodeEnvKey(envValue: string): KeyObject {
  // A KeyObject rather than a Buffer: logging or inspecting it shows no key bytes.
  const bytes = decodeKey(envValue);
  // The value is a secret: the message says what is wrong with it but never repeats it.
  if (bytes === undefined) throw badKey(`${SECRET_KEY_ENV} is not a ${KEY_BYTES}-byte key`, SECRET_KEY_ENV);
  return createSecretKey(bytes);
}

/** Creates the key file `path` with a new random key; undefined when the file exists (another process made it). */
export function createSecretKeyFile(path: string): KeyObject | undefined {
  const key = randomBytes(KEY_BYTES);
  return createKeyFile(path, key) ? createSecretKey(key) : undefined;
}

/** Writes a new key file, hex text; false when the file already exists. */
function createKeyFile(path: string, key: Buffer): boolean {
  try {
    return createFileExclusively(path, `${key.toString('hex')}\n`, KEY_FILE_MODE);
  } catch (error) {
    throw new HearthError('SECRET_KEY_UNWRITABLE', `hearth cannot create its key file ${path}`, {
      cause: error,
    });
  }
}

/** Reads the key from an existing key file, refusing one that other users can read or that holds no 32-byte key. */
export function readSecretKeyFile(path: string, platform: NodeJS.Platform): KeyObject {
  const stats = readOrFail(path, () => statSync(path));
  if (!stats.isFile()) {
    throw new HearthError('SECRET_KEY_INVALID', `The key file ${path} is not a file`);
  }
  // Refused rather than tightened: if others could read it, they may have copied it, and the user should know.
  if (platform !== 'win32' && (stats.mode & SHARED_BITS) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(3, '0');
    const message =
      `The key file ${path} is open to other users (mode ${mode}); hearth will not use it. ` +
      `If nobody else could have copied it, run \`chmod 600 ${path}\``;
    throw new HearthError('SECRET_KEY_EXPOSED', message);
  }
  const bytes = decodeKey(readOrFail(path, () => readFileSync(path, 'utf8')));
  if (bytes === undefined) throw badKey(`The key file ${path} does not hold a ${KEY_BYTES}-byte key`);
  return createSecretKey(bytes);
}

/** Runs `read` on the key file, turning a failure into a coded error naming the file. */
function readOrFail<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new HearthError('SECRET_KEY_UNREADABLE', `hearth cannot read its key file ${path}`, {
      cause: error,
    });
  }
}

/** The key's bytes from 64 hex digits or base64 (standard or URL-safe), or undefined when it is neither. */
function decodeKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  // 64 hex digits are also valid base64 (of 48 bytes), so hex is tried first.
  if (HEX_KEY.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!BASE64_KEY.test(trimmed)) return undefined;
  // Node's base64 decoder reads the URL-safe alphabet too.
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

/**
 * The error for a key in the wrong form; names where it came from, never its value. A bad variable is a configuration
 * mistake; a bad key file makes the stored tokens unavailable (503 to whoever asks for them, not their mistake).
 */
function badKey(problem: string, param?: string): HearthError {
  const message = `${problem}: write it as 64 hex digits or in base64 (for example \`openssl rand -hex 32\`)`;
  if (param === undefined) return new HearthError('SECRET_KEY_INVALID', message);
  return new HearthError('SECRET_KEY_ENV_INVALID', message, { param });
}
