// /readyz's checks of the data folder, through the real wiring (buildToolAddOn): the key file and the database, each
// ok or not ready with a reason naming the file; each new failure is logged once with its cause.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { openDataFolder } from '../../src/cli/data-folder.ts';
import { createRandomIds, createSystemClock } from '../../src/cli/runtime.ts';
import { createReadiness } from '../../src/services/index.ts';
import { buildToolAddOn, type ToolAddOnParts } from '../../src/cli/tool-add-on.ts';
import type { Logger } from '../../src/common/index.ts';

const IS_ROOT = process.getuid?.() === 0;
const NOT_ROOT = 'needs root: chattr +i is the one way to make a file unwritable to root, who ignores permission bits';

function recordingLogger(): { logger: Logger; lines: [string, Record<string, unknown>][] } {
  const lines: [string, Record<string, unknown>][] = [];
  const logger: Logger = {
    debug: (fields, message) => void lines.push([message, fields]),
    info: (fields, message) => void lines.push([message, fields]),
    warn: (fields, message) => void lines.push([message, fields]),
    error: (fields, message) => void lines.push([message, fields]),
    child: () => logger,
    isLevelEnabled: () => true,
  };
  return { logger, lines };
}

describe('readiness of the data folder', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A data folder with a connection `home` (its token sealed), and the add-on built on it as `hearth serve` does. */
  function build(env: NodeJS.ProcessEnv = {}): { dir: string; tools: ToolAddOnParts; lines: [string, object][] } {
    const dir = join(mkdtempSync(join(tmpdir(), 'hearth-readiness-storage-')), 'data');
    cleanups.push(() => rmSync(join(dir, '..'), { recursive: true, force: true }));
    const config = ConfigSchema.parse({ data_dir: dir });
    const folder = openDataFolder(config, env);
    assert.equal(
      folder.connections.add({ name: 'home', address: 'http://127.0.0.1:9', token: 'token-0123456789' }).kind,
      'added',
    );
    assert.ok(folder.connections.setEnabled('home', false));
    folder.close();
    const { logger, lines } = recordingLogger();
    const tools = buildToolAddOn(config, env, { clock: createSystemClock(), ids: createRandomIds(), logger });
    cleanups.push(() => tools.close());
    return { dir, tools, lines };
  }
  const readinessOf = (tools: ToolAddOnParts) => createReadiness([], tools.connections)();

  it('a working folder: the key file and the database are ready', async () => {
    const { dir, tools } = build();
    assert.deepEqual(await readinessOf(tools), {
      ready: true,
      checks: [
        { kind: 'storage', name: 'secret.key', url: join(dir, 'secret.key'), ok: true },
        { kind: 'storage', name: 'hearth.db', url: join(dir, 'hearth.db'), ok: true },
      ],
    });
  });

  it('HEARTH_SECRET_KEY: the check names the variable', async () => {
    const { tools } = build({ HEARTH_SECRET_KEY: randomBytes(32).toString('hex') });
    const state = await readinessOf(tools);
    assert.deepEqual(state.checks[0], {
      kind: 'storage',
      name: 'HEARTH_SECRET_KEY',
      url: 'HEARTH_SECRET_KEY',
      ok: true,
    });
  });

  it('the key file deleted while tokens are stored: not ready, naming the file; no key is made', async () => {
    const { dir, tools, lines } = build();
    const keyFile = join(dir, 'secret.key');
    rmSync(keyFile);
    const state = await readinessOf(tools);
    assert.equal(state.ready, false);
    assert.equal(state.checks.length, 2, 'the connections are not listed: their key is gone');
    const [key, database] = state.checks;
    assert.equal(key?.name, 'secret.key');
    assert.equal(key?.ok, false);
    assert.ok(key?.reason?.startsWith(`hearth's key file ${keyFile} is missing, and the stored tokens of home`));
    assert.equal(database?.ok, true);
    assert.equal(existsSync(keyFile), false);
    assert.throws(() => tools.connections.list(), { code: 'SECRET_KEY_MISSING' });
    await readinessOf(tools);
    assert.deepEqual(
      lines.filter(([message]) => message.startsWith('hearth cannot use')),
      [['hearth cannot use its secret.key', { file: keyFile, problem: key?.reason }]],
      'logged once, with the file and the reason',
    );
  });

  it('the database made unwritable: not ready naming it and why; the failure logged once with its cause', {
    skip: !IS_ROOT && NOT_ROOT,
  }, async () => {
    const { dir, tools, lines } = build();
    const file = join(dir, 'hearth.db');
    execFileSync('chattr', ['+i', file]);
    cleanups.push(() => void execFileSync('chattr', ['-i', file]));
    // Something to copy back: the write-ahead log holds a change the file does not.
    assert.ok(tools.connections.setWriteMode('home', 'ask-first'));
    const state = await readinessOf(tools);
    assert.equal(state.ready, false);
    const database = state.checks.find((check) => check.name === 'hearth.db');
    assert.equal(database?.ok, false);
    assert.match(
      database?.reason ?? '',
      new RegExp(
        `^hearth cannot write its database ${file}: its write-ahead log cannot be copied into it \\(disk I/O error, SQLITE_IOERR_WRITE\\)`,
      ),
    );
    await readinessOf(tools);
    const logged = lines.filter(([message]) => message === 'hearth cannot use its hearth.db');
    assert.equal(logged.length, 1, 'logged once, not at every check');
    assert.deepEqual(logged[0]?.[1], { file, problem: database?.reason });
    // Reads go on; writes are refused naming the database.
    assert.equal(tools.connections.list()[0]?.writeMode, 'ask-first');
    assert.throws(
      () => tools.connections.setWriteMode('home', 'act'),
      (error: Error & { code?: string }) => {
        assert.equal(error.code, 'DATABASE_READ_ONLY');
        assert.ok(
          error.message.startsWith(`hearth cannot use its database ${file}: it cannot be written`),
          error.message,
        );
        return true;
      },
    );
    execFileSync('chattr', ['-i', file]);
    assert.equal((await readinessOf(tools)).ready, true);
    assert.ok(lines.some(([message]) => message === 'hearth can use its hearth.db again'));
    assert.ok(tools.connections.setWriteMode('home', 'act'));
  });
});
