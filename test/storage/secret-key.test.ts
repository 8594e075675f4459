// The secret key: created once in a 0600 key file and reused, or taken from HEARTH_SECRET_KEY, never echoed.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HearthError } from '../../src/common/index.ts';
import { loadSecretKey, SECRET_KEY_ENV, SECRET_KEY_FILE } from '../../src/storage/index.ts';

const IS_WINDOWS = process.platform === 'win32';
const PLATFORM = process.platform;
const STORAGE_INDEX = new URL('../../src/storage/index.ts', import.meta.url).href;

/** A process that waits until the given time, loads the key of a data folder and prints it as hex. */
const LOAD_KEY_SCRIPT = `
const { loadSecretKey } = await import(process.argv[1]);
const start = Number(process.argv[2]);
while (Date.now() < start) {}
const key = loadSecretKey({ dataDir: process.argv[3], envValue: undefined, platform: process.platform });
process.stdout.write(key.export().toString('hex'));
`;

describe('loadSecretKey', () => {
  const folders: string[] = [];
  const makeFolder = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-secret-key-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('creates secret.key with 32 random bytes as hex, mode 0600, and nothing else', () => {
    const dataDir = makeFolder();
    const key = loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM });
    assert.equal(key.symmetricKeySize, 32);
    const path = join(dataDir, SECRET_KEY_FILE);
    assert.equal(readFileSync(path, 'utf8'), `${key.export().toString('hex')}\n`);
    if (!IS_WINDOWS) assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(dataDir), [SECRET_KEY_FILE]);
  });

  it('reuses the key file on the next start', () => {
    const dataDir = makeFolder();
    const first = loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM });
    const second = loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM });
    assert.ok(first.equals(second));
  });

  it('makes a different key in another data folder', () => {
    const first = loadSecretKey({ dataDir: makeFolder(), envValue: undefined, platform: PLATFORM });
    const second = loadSecretKey({ dataDir: makeFolder(), envValue: undefined, platform: PLATFORM });
    assert.ok(!first.equals(second));
  });

  it('gives processes that start at the same moment one key file and the same key', async () => {
    const dataDir = makeFolder();
    // They busy-wait for the same instant (after tsx has loaded in each) to race for the file.
    const start = String(Date.now() + 1500);
    const run = promisify(execFile);
    const args = ['--import', 'tsx', '--input-type=module', '-e', LOAD_KEY_SCRIPT, STORAGE_INDEX, start, dataDir];
    const outputs = await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, args)));
    const keys = new Set(outputs.map((output) => output.stdout));
    assert.equal(keys.size, 1);
    assert.equal(`${[...keys][0]}\n`, readFileSync(join(dataDir, SECRET_KEY_FILE), 'utf8'));
    assert.deepEqual(readdirSync(dataDir), [SECRET_KEY_FILE]);
  });

  it('takes the env key over the key file, and then creates no file', () => {
    const bytes = randomBytes(32);
    const withFile = makeFolder();
    loadSecretKey({ dataDir: withFile, envValue: undefined, platform: PLATFORM });
    const fileText = readFileSync(join(withFile, SECRET_KEY_FILE), 'utf8');
    const key = loadSecretKey({ dataDir: withFile, envValue: bytes.toString('hex'), platform: PLATFORM });
    assert.deepEqual(key.export(), bytes);
    assert.equal(readFileSync(join(withFile, SECRET_KEY_FILE), 'utf8'), fileText);

    const withoutFile = makeFolder();
    loadSecretKey({ dataDir: withoutFile, envValue: bytes.toString('hex'), platform: PLATFORM });
    assert.equal(existsSync(join(withoutFile, SECRET_KEY_FILE)), false);
  });

  it('reads the env key as hex, base64 or URL-safe base64, with surrounding whitespace', () => {
    const dataDir = makeFolder();
    // 0xfb 0xff… encodes with '+' and '/' in base64 and '-' and '_' in base64url.
    const bytes = Buffer.concat([Buffer.from([0xfb, 0xff, 0xbf]), randomBytes(29)]);
    for (const envValue of [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64').replace(/=$/, ''),
      bytes.toString('base64url'),
      ` ${bytes.toString('base64')}\n`,
    ]) {
      assert.deepEqual(loadSecretKey({ dataDir, envValue, platform: PLATFORM }).export(), bytes, envValue);
    }
  });

  it('refuses an env key of the wrong length or form without repeating it', () => {
    const dataDir = makeFolder();
    for (const envValue of [
      randomBytes(31).toString('hex'),
      `${randomBytes(32).toString('hex')}00`,
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      `zz${randomBytes(31).toString('hex')}`,
      'correct horse battery staple',
      '',
    ]) {
      const error = thrown(() => loadSecretKey({ dataDir, envValue, platform: PLATFORM }));
      assert.equal(error.code, 'SECRET_KEY_ENV_INVALID');
      assert.equal(error.param, SECRET_KEY_ENV);
      assert.ok(error.message.includes(SECRET_KEY_ENV));
      if (envValue !== '') assert.ok(!error.message.includes(envValue), 'the message repeats the value');
      assert.equal(error.cause, undefined);
    }
    assert.deepEqual(readdirSync(dataDir), []);
  });

  it('refuses a key file others can read or write, naming it', { skip: IS_WINDOWS }, () => {
    const dataDir = makeFolder();
    const key = loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM });
    const path = join(dataDir, SECRET_KEY_FILE);
    for (const mode of [0o640, 0o604, 0o620, 0o644]) {
      chmodSync(path, mode);
      const error = thrown(() => loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM }));
      assert.equal(error.code, 'SECRET_KEY_EXPOSED');
      assert.ok(error.message.includes(path));
      assert.ok(!error.message.includes(key.export().toString('hex')));
    }
    chmodSync(path, 0o600);
    assert.ok(loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM }).equals(key));
  });

  it('refuses a key file that does not hold 32 bytes, naming it but not its content', () => {
    const dataDir = makeFolder();
    const path = join(dataDir, SECRET_KEY_FILE);
    const content = randomBytes(16).toString('hex');
    writeFileSync(path, content, { mode: 0o600 });
    const error = thrown(() => loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM }));
    assert.equal(error.code, 'SECRET_KEY_INVALID');
    assert.ok(error.message.includes(path));
    assert.ok(!error.message.includes(content));
    assert.equal(readFileSync(path, 'utf8'), content, 'the file is left as it was');
  });

  it('accepts a key file the user wrote in base64', () => {
    const dataDir = makeFolder();
    const bytes = randomBytes(32);
    writeFileSync(join(dataDir, SECRET_KEY_FILE), bytes.toString('base64'), { mode: 0o600 });
    assert.deepEqual(loadSecretKey({ dataDir, envValue: undefined, platform: PLATFORM }).export(), bytes);
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
