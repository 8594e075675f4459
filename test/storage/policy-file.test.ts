// The policy file: absent or its text, replaced whole (0600, through a temporary file), errors naming the file.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HearthError } from '../../src/common/index.ts';
import { POLICY_FILE, readPolicyFile, writePolicyFile } from '../../src/storage/index.ts';

const IS_WINDOWS = process.platform === 'win32';
const IS_ROOT = process.getuid?.() === 0;
const STORAGE_INDEX = new URL('../../src/storage/index.ts', import.meta.url).href;

const POLICY = `{\n  "write_limits": { "max_entities": 5 },\n  "note": "Küche & Flur"\n}\n`;

/** A process that reads the policy file until a file `stop` appears, and prints every distinct text it read. */
const READER_SCRIPT = `
const { existsSync } = await import('node:fs');
const { join } = await import('node:path');
const { readPolicyFile } = await import(process.argv[1]);
const dataDir = process.argv[2];
const seen = new Set();
process.stdout.write('ready\\n');
while (!existsSync(join(dataDir, 'stop'))) {
  const read = readPolicyFile(dataDir);
  seen.add(read.kind === 'text' ? read.text : read.kind);
}
process.stdout.write(JSON.stringify([...seen]));
`;

describe('readPolicyFile and writePolicyFile', () => {
  const folders: string[] = [];
  const makeFolder = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-policy-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('reads nothing when there is no policy file', () => {
    assert.deepEqual(readPolicyFile(makeFolder()), { kind: 'absent' });
  });

  it('writes policy.json, reads its text back as written, unparsed, and leaves no temporary file', () => {
    const dataDir = makeFolder();
    assert.equal(POLICY_FILE, 'policy.json');
    writePolicyFile(dataDir, POLICY);
    const path = join(dataDir, POLICY_FILE);
    assert.deepEqual(readPolicyFile(dataDir), { kind: 'text', text: POLICY, path });
    assert.deepEqual(readdirSync(dataDir), [POLICY_FILE]);
    for (const text of ['', 'not json at all {', '🔑'.repeat(100_000)]) {
      writePolicyFile(dataDir, text);
      assert.deepEqual(readPolicyFile(dataDir), { kind: 'text', text, path });
    }
  });

  it('with a size limit, reports a larger file by its size without reading it, and reads one at the limit', () => {
    const dataDir = makeFolder();
    const path = join(dataDir, POLICY_FILE);
    writePolicyFile(dataDir, 'x'.repeat(1001));
    assert.deepEqual(readPolicyFile(dataDir, { maxBytes: 1000 }), {
      kind: 'too-large',
      path,
      bytes: 1001,
      limitBytes: 1000,
    });
    // Bytes, not characters: 250 four-byte characters are 1000 bytes.
    writePolicyFile(dataDir, '🔑'.repeat(250));
    assert.deepEqual(readPolicyFile(dataDir, { maxBytes: 1000 }), { kind: 'text', text: '🔑'.repeat(250), path });
    writePolicyFile(dataDir, '🔑'.repeat(251));
    assert.equal(readPolicyFile(dataDir, { maxBytes: 1000 }).kind, 'too-large');
  });

  it('writes the file readable by the user alone, also over a file others could read', { skip: IS_WINDOWS }, () => {
    const dataDir = makeFolder();
    const path = join(dataDir, POLICY_FILE);
    writeFileSync(path, '{}', { mode: 0o644 });
    chmodSync(path, 0o644);
    writePolicyFile(dataDir, POLICY);
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  it('replaces the file whole: a reader in another process sees the old text or the new one, never a mix', async () => {
    const dataDir = makeFolder();
    const texts = ['a', 'b'].map((letter) => `{"pad": "${letter.repeat(64 * 1024)}"}`);
    writePolicyFile(dataDir, texts[0]!);
    const args = ['--import', 'tsx', '--input-type=module', '-e', READER_SCRIPT, STORAGE_INDEX, dataDir];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    while (!output.startsWith('ready\n')) await once(child.stdout, 'data');
    for (let index = 0; index < 60; index += 1) writePolicyFile(dataDir, texts[index % 2]!);
    writeFileSync(join(dataDir, 'stop'), '');
    const [exitCode] = await once(child, 'exit');
    assert.equal(exitCode, 0);
    const seen = JSON.parse(output.slice('ready\n'.length)) as string[];
    assert.ok(seen.length >= 1);
    for (const text of seen) assert.ok(texts.includes(text), `read ${text.length} characters: ${text.slice(0, 20)}…`);
  });

  it('refuses a policy file that is not a file, naming it and the check', () => {
    const dataDir = makeFolder();
    const path = join(dataDir, POLICY_FILE);
    mkdirSync(path);
    const error = thrown(() => readPolicyFile(dataDir));
    assert.equal(error.code, 'POLICY_FILE_UNSAFE');
    assert.ok(error.message.includes(path));
    assert.match(error.message, /is not a regular file/);
  });

  it('fails to read a policy file it may not read, naming it', { skip: IS_WINDOWS || IS_ROOT }, () => {
    const dataDir = makeFolder();
    writePolicyFile(dataDir, POLICY);
    chmodSync(join(dataDir, POLICY_FILE), 0o000);
    const error = thrown(() => readPolicyFile(dataDir));
    assert.equal(error.code, 'POLICY_FILE_UNREADABLE');
    assert.ok(error.message.includes(join(dataDir, POLICY_FILE)));
  });

  it('fails to write into a missing folder, naming the file', () => {
    const dataDir = join(makeFolder(), 'missing');
    const error = thrown(() => writePolicyFile(dataDir, POLICY));
    assert.equal(error.code, 'POLICY_FILE_UNWRITABLE');
    assert.ok(error.message.includes(join(dataDir, POLICY_FILE)));
  });

  it('fails to replace a policy file that is a folder, and leaves no temporary file', () => {
    const dataDir = makeFolder();
    mkdirSync(join(dataDir, POLICY_FILE));
    const error = thrown(() => writePolicyFile(dataDir, POLICY));
    assert.equal(error.code, 'POLICY_FILE_UNWRITABLE');
    assert.deepEqual(readdirSync(dataDir), [POLICY_FILE]);
    assert.ok(statSync(join(dataDir, POLICY_FILE)).isDirectory());
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
