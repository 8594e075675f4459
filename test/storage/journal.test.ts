// The journal: begin writes `sending` durably, finish only from `sending`, in-flight entries become unknown, newest first.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isHearthError } from '../../src/common/index.ts';
import { spawnSync } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HearthError } from '../../src/common/index.ts';
import {
  createJournal,
  openDatabase,
  type HearthDatabase,
  type Journal,
  type NewJournalEntry,
} from '../../src/storage/index.ts';
import type { Journal as ToolsJournal } from '../../src/tools/index.ts';

const T0 = Date.UTC(2026, 0, 8, 12, 0, 0, 0);
const STORAGE_INDEX = new URL('../../src/storage/index.ts', import.meta.url).href;

const TURN_ON: NewJournalEntry = {
  operationId: 'op_1',
  connection: 'home',
  domain: 'light',
  service: 'turn_on',
  entityIds: ['light.kitchen', 'light.hall'],
  data: { brightness_pct: 40, color: { name: 'warm white' }, note: 'ünïcødé' },
  proposalId: null,
};

/** A process that begins an entry and is killed before it can finish it, or close the database. */
const CRASH_SCRIPT = `
const { createJournal, openDatabase } = await import(process.argv[1]);
const db = openDatabase(process.argv[2]);
createJournal({ db, now: Date.now }).begin(JSON.parse(process.argv[3]));
process.kill(process.pid, 'SIGKILL');
`;

describe('createJournal', () => {
  const folders: string[] = [];
  const databases: HearthDatabase[] = [];
  let time = T0;
  const now = () => time;
  afterEach(() => {
    time = T0;
    for (const db of databases.splice(0)) if (db.open) db.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const makeFolder = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-journal-'));
    folders.push(folder);
    return folder;
  };
  const openIn = (folder: string): HearthDatabase => {
    const db = openDatabase(folder);
    databases.push(db);
    return db;
  };
  const newJournal = (): Journal => createJournal({ db: openIn(makeFolder()), now });

  it('is the journal the tool add-on asks for', () => {
    const journal: ToolsJournal = newJournal();
    journal.begin(TURN_ON);
    assert.equal(journal.get('op_1')?.state, 'sending');
  });

  it('begins an entry as sending, stamped by the clock, with no detail and no finish time', () => {
    const journal = newJournal();
    journal.begin(TURN_ON);
    const expected = {
      ...TURN_ON,
      state: 'sending',
      detail: '',
      createdAt: '2026-01-08T12:00:00.000Z',
      finishedAt: null,
    };
    assert.deepEqual(journal.get('op_1'), expected);
    assert.deepEqual(journal.recent(10), [expected]);
    assert.equal(journal.get('op_2'), undefined);
  });

  it('keeps the proposal id, and takes only the entry fields', () => {
    const journal = newJournal();
    const extra = { ...TURN_ON, proposalId: 'prop_7', state: 'done', detail: 'ignored' } as NewJournalEntry;
    journal.begin(extra);
    const entry = journal.get('op_1');
    assert.equal(entry?.proposalId, 'prop_7');
    assert.equal(entry?.state, 'sending');
    assert.equal(entry?.detail, '');
  });

  it('has begun the entry, committed, before begin returns: another connection sees it at once', () => {
    const folder = makeFolder();
    const journal = createJournal({ db: openIn(folder), now });
    const other = createJournal({ db: openIn(folder), now });
    journal.begin(TURN_ON);
    assert.equal(other.get('op_1')?.state, 'sending');
  });

  it('keeps a begun entry when its process is killed before finishing; the next start marks it unknown', async () => {
    const folder = makeFolder();
    const args = ['--import', 'tsx', '--input-type=module', '-e', CRASH_SCRIPT, STORAGE_INDEX, folder];
    const crashed = await promisify(execFile)(process.execPath, [...args, JSON.stringify(TURN_ON)]).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.equal((crashed as { signal?: string } | undefined)?.signal, 'SIGKILL');
    const journal = createJournal({ db: openIn(folder), now });
    assert.equal(journal.get('op_1')?.state, 'sending');
    time = T0 + 60_000;
    assert.equal(journal.markInFlightUnknown('hearth stopped while the call was being sent'), 1);
    assert.deepEqual(journal.get('op_1'), {
      ...TURN_ON,
      state: 'unknown',
      detail: 'hearth stopped while the call was being sent',
      createdAt: journal.get('op_1')?.createdAt,
      finishedAt: '2026-01-08T12:01:00.000Z',
    });
  });

  it('refuses an operation id it already has, and keeps the first entry', () => {
    const journal = newJournal();
    journal.begin(TURN_ON);
    journal.finish('op_1', 'done', 'ok');
    const error = thrown(() => journal.begin({ ...TURN_ON, service: 'turn_off' }));
    assert.equal(error.code, 'OPERATION_EXISTS');
    assert.equal(error.kind, 'conflict');
    assert.match(error.message, /op_1/);
    assert.equal(journal.get('op_1')?.service, 'turn_on');
    assert.equal(journal.get('op_1')?.state, 'done');
    assert.equal(journal.recent(10).length, 1);
  });

  it('finishes an entry only once, and only from sending', () => {
    const journal = newJournal();
    for (const [index, state] of (['done', 'failed', 'unknown'] as const).entries()) {
      const operationId = `op_${state}`;
      journal.begin({ ...TURN_ON, operationId });
      time = T0 + 1000 * (index + 1);
      assert.equal(journal.finish(operationId, state, `${state}!`), true);
      const entry = journal.get(operationId);
      assert.deepEqual(
        [entry?.state, entry?.detail, entry?.finishedAt],
        [state, `${state}!`, new Date(time).toISOString()],
      );
      assert.equal(journal.finish(operationId, 'done', 'again'), false);
      assert.equal(journal.get(operationId)?.detail, `${state}!`);
    }
    assert.equal(journal.finish('op_missing', 'done', 'ok'), false);
  });

  it('marks only the entries still sending, of a process that is gone, as unknown, and says how many', () => {
    const db = openIn(makeFolder());
    // A process that has ended: its pid is free (and, for the few milliseconds of this test, not reused).
    const gone = spawnSync(process.execPath, ['-e', '']).pid ?? 0;
    const journal = createJournal({ db, now, pid: gone });
    for (const operationId of ['op_a', 'op_b', 'op_c']) journal.begin({ ...TURN_ON, operationId });
    // Another hearth process that is alive (this one) is sending op_live: it is not touched.
    createJournal({ db, now }).begin({ ...TURN_ON, operationId: 'op_live' });
    journal.finish('op_b', 'failed', 'Home Assistant said no');
    assert.equal(journal.markInFlightUnknown('restarted'), 2);
    assert.deepEqual(
      journal.recent(10).map((entry) => [entry.operationId, entry.state, entry.detail]),
      [
        ['op_live', 'sending', ''],
        ['op_c', 'unknown', 'restarted'],
        ['op_b', 'failed', 'Home Assistant said no'],
        ['op_a', 'unknown', 'restarted'],
      ],
    );
    assert.equal(journal.markInFlightUnknown('again'), 0);
    assert.equal(journal.finish('op_a', 'done', 'late answer'), false, 'an unknown outcome stays unknown');
  });

  it('lists the newest entries first, by time and then by order within one millisecond', () => {
    const journal = newJournal();
    const times = [T0 + 5, T0 + 1, T0 + 5, T0 + 9, T0 + 1];
    for (const [index, at] of times.entries()) {
      time = at;
      journal.begin({ ...TURN_ON, operationId: `op_${index}` });
    }
    const ids = (limit: number) => journal.recent(limit).map((entry) => entry.operationId);
    assert.deepEqual(ids(10), ['op_3', 'op_2', 'op_0', 'op_4', 'op_1']);
    assert.deepEqual(ids(2), ['op_3', 'op_2']);
    assert.deepEqual(ids(0), []);
    assert.throws(() => journal.recent(-1));
    assert.throws(() => journal.recent(1.5));
  });

  it('round-trips entity ids and nested data', () => {
    const journal = newJournal();
    const data = { list: [1, 'two', { three: null }], flag: false, text: 'a "quoted" \\ line\n', empty: {} };
    journal.begin({ ...TURN_ON, entityIds: [], data });
    assert.deepEqual(journal.get('op_1')?.entityIds, []);
    assert.deepEqual(journal.get('op_1')?.data, data);
  });

  it('inside a transaction, an entry commits with it or not at all (a confirmation claims its proposal so)', () => {
    const db = openIn(makeFolder());
    const journal = createJournal({ db, now });
    assert.throws(
      () =>
        db.transaction(() => {
          journal.begin(TURN_ON);
          throw new Error('the claim failed');
        })(),
      /the claim failed/,
    );
    assert.equal(journal.get('op_1'), undefined);
    db.transaction(() => journal.begin(TURN_ON)).immediate();
    assert.equal(journal.get('op_1')?.state, 'sending');
  });

  it('a database that cannot be written is a coded error saying the call was not sent', () => {
    const db = openIn(makeFolder());
    const journal = createJournal({ db, now });
    db.pragma('query_only = ON');
    assert.throws(
      () => journal.begin(TURN_ON),
      (error: unknown) =>
        isHearthError(error) &&
        error.code === 'JOURNAL_UNWRITABLE' &&
        error.kind === 'unavailable' &&
        /^hearth could not record the call in its journal, so it was not sent: /.test(error.message),
    );
  });

  it('an outcome the database cannot take is a coded error naming the operation and the cause', () => {
    const db = openIn(makeFolder());
    const journal = createJournal({ db, now });
    journal.begin(TURN_ON);
    db.pragma('query_only = ON');
    const error = thrown(() => journal.finish('op_1', 'done', 'ok'));
    assert.deepEqual([error.kind, error.code], ['unavailable', 'JOURNAL_UNWRITABLE']);
    assert.match(
      error.message,
      /^hearth could not record the outcome of operation op_1 in its journal: .*SQLITE_READONLY/,
    );
    db.pragma('query_only = OFF');
    assert.equal(journal.get('op_1')?.state, 'sending', 'left sending, to be finished once it can be written');
    assert.equal(journal.finish('op_1', 'done', 'ok'), true);
  });

  it('needs a database that syncs every commit', () => {
    const db = openIn(makeFolder());
    db.pragma('synchronous = NORMAL');
    assert.throws(() => createJournal({ db, now }), /synchronous = FULL/);
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
