// The server's ownership of the data folder: server.json claimed (0600) by one live process, read, and released.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HearthError } from '../../src/common/index.ts';
import { claimOwnership, readOwner, releaseOwnership, SERVER_FILE } from '../../src/storage/index.ts';

const IS_WINDOWS = process.platform === 'win32';
const STORAGE_INDEX = new URL('../../src/storage/index.ts', import.meta.url).href;
const URL_A = 'http://127.0.0.1:8080';
const URL_B = 'http://127.0.0.1:9090';

/** A process that claims the data folder when told to, prints the outcome, and lives until its input closes. */
const CLAIM_SCRIPT = `
const { claimOwnership } = await import(process.argv[1]);
process.stdout.write('ready\\n');
process.stdin.once('data', () => {
  try {
    claimOwnership(process.argv[2], { url: 'http://127.0.0.1:' + process.pid, pid: process.pid });
    process.stdout.write('owner\\n');
  } catch (error) {
    process.stdout.write(error.code + '\\n');
  }
});
`;

describe('claimOwnership, readOwner and releaseOwnership', () => {
  const folders: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill();
        await exited;
      }
    }
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const makeFolder = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-server-owner-'));
    folders.push(folder);
    return folder;
  };
  /** A process that stays alive until the test ends. */
  const startLiveProcess = (): number => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(child);
    return child.pid!;
  };
  /** The id of a process that has exited. */
  const deadProcessId = async (): Promise<number> => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(child, 'exit');
    return child.pid!;
  };
  const serverFile = (dataDir: string) => join(dataDir, SERVER_FILE);

  it('writes server.json with the url and process id, readable by the user alone, and reads it back', () => {
    const dataDir = makeFolder();
    assert.equal(SERVER_FILE, 'server.json');
    claimOwnership(dataDir, { url: URL_A, pid: process.pid });
    assert.deepEqual(JSON.parse(readFileSync(serverFile(dataDir), 'utf8')), { url: URL_A, pid: process.pid });
    if (!IS_WINDOWS) assert.equal(statSync(serverFile(dataDir)).mode & 0o777, 0o600);
    assert.deepEqual(readOwner(dataDir), { url: URL_A, pid: process.pid });
    assert.deepEqual(readdirSync(dataDir), [SERVER_FILE]);
  });

  it('reads no owner when the file is absent, unreadable, not an owner, or names a process that is gone', async () => {
    const dataDir = makeFolder();
    assert.equal(readOwner(dataDir), undefined);
    const dead = await deadProcessId();
    for (const text of [
      '',
      'not json',
      '[]',
      JSON.stringify({ url: URL_A }),
      JSON.stringify({ url: URL_A, pid: 0 }),
      JSON.stringify({ url: URL_A, pid: -1 }),
      JSON.stringify({ url: URL_A, pid: 1.5 }),
      JSON.stringify({ url: URL_A, pid: String(process.pid) }),
      JSON.stringify({ url: 8080, pid: process.pid }),
      JSON.stringify({ url: URL_A, pid: dead }),
    ]) {
      writeFileSync(serverFile(dataDir), text);
      assert.equal(readOwner(dataDir), undefined, text);
    }
    rmSync(serverFile(dataDir));
    mkdirSync(serverFile(dataDir));
    assert.equal(readOwner(dataDir), undefined, 'a folder in its place');
    assert.equal(readOwner(join(dataDir, 'missing')), undefined);
  });

  it('refuses to claim a folder another live process owns, naming it, and leaves its file alone', () => {
    const dataDir = makeFolder();
    const other = startLiveProcess();
    claimOwnership(dataDir, { url: URL_B, pid: other });
    const before = readFileSync(serverFile(dataDir), 'utf8');
    const error = thrown(() => claimOwnership(dataDir, { url: URL_A, pid: process.pid }));
    assert.equal(error.code, 'SERVER_RUNNING');
    assert.equal(error.kind, 'conflict');
    for (const part of [String(other), URL_B, dataDir]) assert.ok(error.message.includes(part), part);
    assert.equal(readFileSync(serverFile(dataDir), 'utf8'), before);
    assert.deepEqual(readOwner(dataDir), { url: URL_B, pid: other });
  });

  it('replaces a file left by a process that is gone', async () => {
    const dataDir = makeFolder();
    claimOwnership(dataDir, { url: URL_B, pid: await deadProcessId() });
    claimOwnership(dataDir, { url: URL_A, pid: process.pid });
    assert.deepEqual(readOwner(dataDir), { url: URL_A, pid: process.pid });
    assert.deepEqual(readdirSync(dataDir), [SERVER_FILE]);
  });

  it('replaces a file that names no owner', () => {
    const dataDir = makeFolder();
    writeFileSync(serverFile(dataDir), '{"url": "http://127.0.0.1:80"');
    claimOwnership(dataDir, { url: URL_A, pid: process.pid });
    assert.deepEqual(readOwner(dataDir), { url: URL_A, pid: process.pid });
  });

  it('lets the owning process claim again, with a new url', () => {
    const dataDir = makeFolder();
    claimOwnership(dataDir, { url: URL_A, pid: process.pid });
    claimOwnership(dataDir, { url: URL_B, pid: process.pid });
    assert.deepEqual(readOwner(dataDir), { url: URL_B, pid: process.pid });
  });

  it('releases the folder only for the process that owns it', () => {
    const dataDir = makeFolder();
    assert.equal(releaseOwnership(dataDir, process.pid), false, 'nothing to release');
    const other = startLiveProcess();
    claimOwnership(dataDir, { url: URL_B, pid: other });
    assert.equal(releaseOwnership(dataDir, process.pid), false);
    assert.deepEqual(readOwner(dataDir), { url: URL_B, pid: other });
    assert.equal(releaseOwnership(dataDir, other), true);
    assert.deepEqual(readdirSync(dataDir), []);
    claimOwnership(dataDir, { url: URL_A, pid: process.pid });
    assert.deepEqual(readOwner(dataDir), { url: URL_A, pid: process.pid });
  });

  it('says which file to remove when a marker left by an interrupted claim blocks replacing a stale file', async () => {
    const dataDir = makeFolder();
    const stale = `${JSON.stringify({ url: URL_B, pid: await deadProcessId() })}\n`;
    writeFileSync(serverFile(dataDir), stale);
    // The marker a claim holds while it replaces exactly this text (see server-owner.ts).
    const marker = `${serverFile(dataDir)}.${createHash('sha256').update(stale).digest('hex').slice(0, 16)}.replacing`;
    writeFileSync(marker, '');
    const error = thrown(() => claimOwnership(dataDir, { url: URL_A, pid: process.pid }));
    assert.equal(error.code, 'SERVER_FILE_BUSY');
    assert.ok(error.message.includes(marker));
    rmSync(marker);
    claimOwnership(dataDir, { url: URL_A, pid: process.pid });
    assert.deepEqual(readOwner(dataDir), { url: URL_A, pid: process.pid });
  });

  for (const start of ['no file', 'a stale file'] as const) {
    it(`gives the folder to exactly one of several processes claiming it at once, from ${start}`, async () => {
      const dataDir = makeFolder();
      if (start === 'a stale file') claimOwnership(dataDir, { url: URL_B, pid: await deadProcessId() });
      const args = ['--import', 'tsx', '--input-type=module', '-e', CLAIM_SCRIPT, STORAGE_INDEX, dataDir];
      const racers = Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
        children.push(child);
        return { child, output: collect(child) };
      });
      await Promise.all(racers.map((racer) => racer.output.line(0)));
      for (const racer of racers) racer.child.stdin!.write('go\n');
      const outcomes = await Promise.all(racers.map((racer) => racer.output.line(1)));
      const winners = racers.filter((_, index) => outcomes[index] === 'owner');
      assert.equal(winners.length, 1, outcomes.join(', '));
      assert.deepEqual(outcomes.filter((outcome) => outcome !== 'owner').sort(), Array(3).fill('SERVER_RUNNING'));
      const pid = winners[0]!.child.pid!;
      assert.deepEqual(readOwner(dataDir), { url: `http://127.0.0.1:${pid}`, pid });
      assert.deepEqual(readdirSync(dataDir), [SERVER_FILE]);
      for (const racer of racers) racer.child.stdin!.end();
    });
  }
});

/** The lines a child prints; `line(n)` resolves with the n-th once it is there. */
function collect(child: ChildProcess): { line(index: number): Promise<string> } {
  let text = '';
  const stdout = child.stdout!;
  stdout.on('data', (chunk) => {
    text += String(chunk);
  });
  return {
    async line(index) {
      for (;;) {
        const lines = text.split('\n');
        if (lines.length > index + 1) return lines[index]!;
        await Promise.race([once(stdout, 'data'), once(child, 'exit').then(() => assert.fail('the child exited'))]);
      }
    },
  };
}

function thrown(run: () => unknown): HearthError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof HearthError, `expected a HearthError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected an error');
}
