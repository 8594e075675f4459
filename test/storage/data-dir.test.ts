// The data folder: its default location on each platform, and opening it private (created or tightened to 0700).

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HearthError } from '../../src/common/index.ts';
import { openDataDir, resolveDataDir, type DataDirOptions } from '../../src/storage/index.ts';

const IS_WINDOWS = process.platform === 'win32';

describe('resolveDataDir', () => {
  const rows: { title: string; options: DataDirOptions; expected: string }[] = [
    {
      title: 'Linux: $XDG_DATA_HOME/hearth',
      options: { env: { XDG_DATA_HOME: '/data/u' }, platform: 'linux', homedir: '/home/u' },
      expected: '/data/u/hearth',
    },
    {
      title: 'Linux without XDG_DATA_HOME: ~/.local/share/hearth',
      options: { env: {}, platform: 'linux', homedir: '/home/u' },
      expected: '/home/u/.local/share/hearth',
    },
    {
      title: 'Linux with an empty XDG_DATA_HOME: the default',
      options: { env: { XDG_DATA_HOME: '' }, platform: 'linux', homedir: '/home/u' },
      expected: '/home/u/.local/share/hearth',
    },
    {
      title: 'Linux with a relative XDG_DATA_HOME: ignored, as the XDG spec says',
      options: { env: { XDG_DATA_HOME: 'data' }, platform: 'linux', homedir: '/home/u' },
      expected: '/home/u/.local/share/hearth',
    },
    {
      title: 'another Unix follows XDG too',
      options: { env: { XDG_DATA_HOME: '/xdg' }, platform: 'freebsd', homedir: '/home/u' },
      expected: '/xdg/hearth',
    },
    {
      title: 'macOS: ~/Library/Application Support/hearth, XDG_DATA_HOME is not read',
      options: { env: { XDG_DATA_HOME: '/xdg' }, platform: 'darwin', homedir: '/Users/u' },
      expected: '/Users/u/Library/Application Support/hearth',
    },
    {
      title: 'Windows: %LOCALAPPDATA%\\hearth',
      options: { env: { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, platform: 'win32', homedir: 'C:\\Users\\u' },
      expected: 'C:\\Users\\u\\AppData\\Local\\hearth',
    },
    {
      title: 'Windows without LOCALAPPDATA: AppData\\Local under the home folder',
      options: { env: {}, platform: 'win32', homedir: 'C:\\Users\\u' },
      expected: 'C:\\Users\\u\\AppData\\Local\\hearth',
    },
    {
      title: 'the configured data_dir wins',
      options: { configured: '/srv/hearth', env: { XDG_DATA_HOME: '/xdg' }, platform: 'linux', homedir: '/home/u' },
      expected: '/srv/hearth',
    },
    {
      title: 'a configured ~/ path is under the home folder',
      options: { configured: '~/hearth-data', env: {}, platform: 'linux', homedir: '/home/u' },
      expected: '/home/u/hearth-data',
    },
    {
      title: 'a configured ~\\ path on Windows',
      options: { configured: '~\\hearth', env: {}, platform: 'win32', homedir: 'C:\\Users\\u' },
      expected: 'C:\\Users\\u\\hearth',
    },
    {
      title: 'a null data_dir means the default',
      options: { configured: null, env: {}, platform: 'linux', homedir: '/home/u' },
      expected: '/home/u/.local/share/hearth',
    },
    {
      title: 'an empty data_dir means the default',
      options: { configured: '', env: {}, platform: 'darwin', homedir: '/Users/u' },
      expected: '/Users/u/Library/Application Support/hearth',
    },
  ];
  for (const row of rows) {
    it(row.title, () => {
      assert.equal(resolveDataDir(row.options), row.expected);
    });
  }
});

describe('openDataDir', () => {
  const folders: string[] = [];
  const makeFolder = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-data-dir-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const modeOf = (path: string): number => statSync(path).mode & 0o777;

  it('creates a missing folder and its parents, private to the user', { skip: IS_WINDOWS }, () => {
    const path = join(makeFolder(), 'share', 'hearth');
    openDataDir(path, 'linux');
    assert.ok(statSync(path).isDirectory());
    assert.equal(modeOf(path), 0o700);
  });

  it('tightens a folder others can read to 0700', { skip: IS_WINDOWS }, () => {
    const path = join(makeFolder(), 'hearth');
    mkdirSync(path);
    chmodSync(path, 0o755);
    openDataDir(path, 'linux');
    assert.equal(modeOf(path), 0o700);
  });

  it('keeps a private folder and what is in it', { skip: IS_WINDOWS }, () => {
    const path = makeFolder();
    chmodSync(path, 0o700);
    writeFileSync(join(path, 'hearth.db'), 'kept');
    openDataDir(path, 'linux');
    assert.equal(modeOf(path), 0o700);
    assert.ok(statSync(join(path, 'hearth.db')).isFile());
  });

  it('leaves the mode bits alone on Windows, which has none', { skip: IS_WINDOWS }, () => {
    const path = makeFolder();
    chmodSync(path, 0o755);
    openDataDir(path, 'win32');
    assert.equal(modeOf(path), 0o755);
  });

  it('refuses a path that is a file, naming it', () => {
    const path = join(makeFolder(), 'hearth');
    writeFileSync(path, 'not a folder');
    const error = thrown(() => openDataDir(path, process.platform));
    assert.equal(error.code, 'DATA_DIR_INVALID');
    assert.equal(error.param, 'data_dir');
    assert.ok(error.message.includes(path));
    assert.match(error.message, /not a folder/);
  });

  it('refuses a path under a file, naming it', () => {
    const file = join(makeFolder(), 'file');
    writeFileSync(file, '');
    const path = join(file, 'hearth');
    const error = thrown(() => openDataDir(path, process.platform));
    assert.equal(error.code, 'DATA_DIR_INVALID');
    assert.ok(error.message.includes(path));
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
