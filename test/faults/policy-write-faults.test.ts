// Saving the limits when the data folder cannot be written: the old policy.json stays whole and in force, no temporary
// file is left, and the error names the file; hearth keeps serving. Tests run as root, which ignores permission bits,
// so the folder is made immutable (chattr +i) for root, and read only (chmod 0500) for anyone else.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { createHomeAssistantReader } from '../../src/homeassistant/index.ts';
import { DEFAULT_POLICY_TEXT } from '../../src/tools/index.ts';
import { createAddOnHarness } from '../tools/add-on-harness.ts';
import { assertHaAssistServes, recordUnhandledRejections, startLoopbackHearth } from './loopback-hearth.ts';

const ADMIN_KEY = 'admin-fault-key-0123456789';
const API_KEY = 'api-fault-key-0123456789';
const IS_ROOT = process.getuid?.() === 0;

/**
 * Makes `dir` refuse new entries and returns the undo, or undefined when this machine cannot (not Linux, no chattr, a
 * filesystem without the immutable flag): then the test is skipped.
 */
function makeUnwritable(dir: string): (() => void) | undefined {
  let undo: () => void;
  try {
    if (IS_ROOT) {
      execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
      undo = () => execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
    } else {
      chmodSync(dir, 0o500);
      undo = () => chmodSync(dir, 0o700);
    }
  } catch {
    return undefined;
  }
  const probe = join(dir, 'probe.tmp');
  try {
    writeFileSync(probe, '');
  } catch {
    return undo;
  }
  rmSync(probe);
  undo();
  return undefined;
}

/** What saving new limits through the admin API did, with the data folder unwritable; undefined when it cannot be. */
interface Attempt {
  status: number;
  error: { message: string; type: string; code: string };
  policyPath: string;
  /** policy.json before the save, and the limits in force then. */
  before: { text: string; hash: string };
  harness: ReturnType<typeof createAddOnHarness>;
  url: string;
}

/** Runs `check` on a save of `max_entities: 2` into an unwritable data folder, then undoes and closes everything. */
async function withFailedSave(t: TestContext, check: (attempt: Attempt) => Promise<void>): Promise<void> {
  const harness = createAddOnHarness({ openReader: (target) => createHomeAssistantReader(target) });
  const hearth = await startLoopbackHearth({ server: { admin_key: ADMIN_KEY, api_keys: [API_KEY] } }, harness.addOn);
  const unhandled = recordUnhandledRejections();
  const policyPath = join(harness.dir, 'policy.json');
  const limits = harness.addOn.limits.read();
  assert.equal(limits.kind, 'ok');
  const before = { text: readFileSync(policyPath, 'utf8'), hash: limits.kind === 'ok' ? limits.revision : '' };
  const undo = makeUnwritable(harness.dir);
  try {
    if (undo === undefined) return t.skip('the data folder cannot be made unwritable here (chattr +i)');
    const save = await fetch(`${hearth.url}/admin/policy`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...JSON.parse(DEFAULT_POLICY_TEXT), max_entities: 2 }),
    });
    const { error } = (await save.json()) as { error: Attempt['error'] };
    await check({ status: save.status, error, policyPath, before, harness, url: hearth.url });
  } finally {
    undo?.();
    assert.deepEqual(unhandled.stop(), [], 'no unhandled rejection');
    await hearth.close();
    await harness.close();
  }
}

describe('saving the limits into a data folder that cannot be written', () => {
  it('fails naming policy.json; the old file stays whole and in force, no temporary file; hearth serves', async (t) => {
    await withFailedSave(t, async ({ error, policyPath, before, harness, url }) => {
      assert.deepEqual(
        [error.code, error.message],
        [
          'policy_file_unwritable',
          `hearth cannot write its policy file ${policyPath} (EPERM); the limits in force are unchanged`,
        ],
      );
      assert.equal(readFileSync(policyPath, 'utf8'), before.text);
      assert.deepEqual(
        readdirSync(harness.dir).filter((name) => name.startsWith('policy.json')),
        ['policy.json'],
      );
      const read = await fetch(`${url}/admin/policy`, { headers: { authorization: `Bearer ${API_KEY}` } });
      assert.equal(read.status, 200);
      assert.equal(((await read.json()) as { hash: string }).hash, before.hash);
      await assertHaAssistServes(url, API_KEY);
    });
  });

  it('answers 503 (the data folder is unavailable), not a 500', async (t) => {
    await withFailedSave(t, async ({ status }) => {
      assert.equal(status, 503);
    });
  });
});
