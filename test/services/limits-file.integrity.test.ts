// policy.json's integrity: defaults only in a new folder, every unsafe file a stop naming the file and the check, and
// a revision that only grows.

import assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { openLimitsFile, writeDefaultLimits } from '../../src/services/index.ts';
import { openDatabase } from '../../src/storage/index.ts';
import { DEFAULT_POLICY_TEXT } from '../../src/tools/index.ts';

const A = JSON.stringify({ version: 1, services: [{ service: 'light.turn_on', class: 'quiet' }] });
const B = JSON.stringify({ version: 1, services: [{ service: 'light.turn_off', class: 'quiet' }] });

describe('the limits file’s integrity', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-limits-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const path = () => join(dir, 'policy.json');
  // A new folder (as the command that creates it does) writes the defaults; an existing one only opens them.
  const open = (isNewFolder: boolean) => {
    const db = openDatabase(dir);
    if (isNewFolder) writeDefaultLimits({ dataDir: dir, db });
    return openLimitsFile({ dataDir: dir, db });
  };
  const reason = (limits: ReturnType<typeof open>) => {
    const state = limits.read();
    return state.kind === 'invalid' ? state.reason : `not stopped (${state.kind})`;
  };

  it('a file deleted after the folder was created stops the tools, and no later opening writes it again', () => {
    open(true);
    rmSync(path());
    for (const isNewFolder of [false, true]) {
      const limits = open(isNewFolder);
      assert.equal(existsSync(path()), false);
      assert.match(reason(limits), /policy\.json is missing; the tools are stopped/);
    }
  });

  it('an existing folder without the record: a valid file is recorded, a missing one is a stop', () => {
    const limits = open(false);
    assert.equal(existsSync(path()), false);
    assert.match(reason(limits), /is missing/);
    writeFileSync(path(), A, { mode: 0o600 });
    assert.equal(limits.read().kind, 'ok');
  });

  const unsafeRows: { name: string; make: () => void; check: RegExp }[] = [
    { name: 'unreadable (not a file)', make: () => mkdirSync(path()), check: /is not a regular file|cannot read/ },
    {
      name: 'a symbolic link',
      make: () => {
        writeFileSync(join(dir, 'elsewhere.json'), DEFAULT_POLICY_TEXT, { mode: 0o600 });
        symlinkSync(join(dir, 'elsewhere.json'), path());
      },
      check: /policy\.json: it is a symbolic link/,
    },
    { name: 'group-writable', make: () => chmodSync(path(), 0o620), check: /writable by the group \(mode 620\)/ },
    { name: 'world-writable', make: () => chmodSync(path(), 0o602), check: /writable by the world \(mode 602\)/ },
    { name: 'foreign-owned', make: () => chownSync(path(), 4242, 4242), check: /owned by uid 4242, not hearth's/ },
  ];
  for (const row of unsafeRows) {
    it(`a policy.json that is ${row.name} stops the tools, naming the file and the check`, () => {
      const limits = open(true);
      if (row.name !== 'group-writable' && row.name !== 'world-writable' && row.name !== 'foreign-owned')
        rmSync(path());
      row.make();
      const why = reason(limits);
      assert.match(why, row.check);
      assert.ok(why.includes(dir), why);
      // A folder cannot be renamed over: the administrator removes it first.
      if (row.name.startsWith('unreadable')) rmSync(path(), { recursive: true });
      // An administrator's save replaces it (the rename replaces a link itself, never its target).
      assert.equal(limits.save(A).kind, 'saved');
      assert.equal(limits.read().kind, 'ok');
    });
  }

  it('limits A → B → A: each save a new revision, so a proposal stamped under the first A is stale', () => {
    const limits = open(true);
    const stamps: string[] = [];
    for (const text of [A, B, A]) {
      const saved = limits.save(text);
      const state = limits.read();
      assert.ok(saved.kind === 'saved' && state.kind === 'ok');
      assert.equal(state.revision, saved.revision);
      stamps.push(state.revision);
    }
    assert.deepEqual(stamps, ['r2', 'r3', 'r4']);
    assert.notEqual(stamps[0], stamps[2]);
  });

  it('a hand edit A → B → A seen by reads takes a new revision each time; a reopened folder keeps it', () => {
    const limits = open(true);
    const seen: string[] = [];
    for (const text of [A, B, A]) {
      writeFileSync(path(), text);
      const state = limits.read();
      seen.push(state.kind === 'ok' ? state.revision : state.reason);
    }
    assert.deepEqual(seen, ['r2', 'r3', 'r4']);
    const again = open(false).read();
    assert.equal(again.kind === 'ok' && again.revision, 'r4');
  });
});
