// The proposal store: create, list and get (expiring as they read), claim and cancel, at most once across processes.

import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HearthError } from '../../src/common/index.ts';
import {
  createProposalStore,
  openDatabase,
  type HearthDatabase,
  type NewProposal,
  type ProposalStore,
} from '../../src/storage/index.ts';
import type { ProposalStore as ToolsProposalStore } from '../../src/tools/index.ts';

const T0 = Date.UTC(2026, 0, 8, 12, 0, 0, 0);
const CREATED = '2026-01-08T12:00:00.000Z';
const MINUTE = 60_000;
const STORAGE_INDEX = new URL('../../src/storage/index.ts', import.meta.url).href;

const DIM: NewProposal = {
  id: 'prop_1',
  connection: 'home',
  connectionId: '3f2a9c0e1b7d4e6fa1c2d3e4f5a6b7c8',
  connectionAddress: 'https://homeassistant.local:8123',
  tool: 'call-service',
  domain: 'light',
  service: 'turn_on',
  entities: [{ entityId: 'light.kitchen', name: 'Kitchen light', state: 'off' }],
  data: { brightness_pct: 40, transition: 2 },
  serviceClass: 'quiet',
  limitsRevision: 'hash-a',
  expiresAt: new Date(T0 + 15 * MINUTE).toISOString(),
};

/**
 * A process that claims `prop_0` … `prop_<count-1>` in order, as soon as the parent says go, and prints for each
 * one what it got: its own operation id when it claimed it, else the one the proposal was claimed with.
 */
const RACE_SCRIPT = `
const { createProposalStore, openDatabase } = await import(process.argv[1]);
const db = openDatabase(process.argv[2]);
const store = createProposalStore({ db, now: Date.now });
const count = Number(process.argv[3]);
process.stdout.write('ready\\n');
process.stdin.once('data', () => {
  const seen = [];
  for (let i = 0; i < count; i += 1) {
    const result = store.claim('prop_' + i, 'op_child_' + i, 'hash-a');
    seen.push(result.kind === 'unknown' ? null : result.kind + ' ' + result.proposal.operationId);
  }
  db.close();
  process.stdout.write(JSON.stringify(seen) + '\\n');
  process.stdin.destroy();
});
`;

describe('createProposalStore', () => {
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
    const folder = mkdtempSync(join(tmpdir(), 'hearth-proposals-'));
    folders.push(folder);
    return folder;
  };
  const openIn = (folder: string): HearthDatabase => {
    const db = openDatabase(folder);
    databases.push(db);
    return db;
  };
  const newStore = (): { db: HearthDatabase; store: ProposalStore } => {
    const db = openIn(makeFolder());
    return { db, store: createProposalStore({ db, now }) };
  };
  const storedStatus = (db: HearthDatabase, id: string): unknown =>
    db.prepare('SELECT status FROM proposals WHERE id = ?').pluck().get(id);

  it('is the proposal store the tool add-on asks for', () => {
    const store: ToolsProposalStore = newStore().store;
    assert.equal(store.create(DIM).status, 'open');
  });

  it('creates an open proposal, stamped by the clock, and gets and lists it', () => {
    const { store } = newStore();
    const expected = { ...DIM, status: 'open', operationId: null, createdAt: CREATED, closedReason: null };
    assert.deepEqual(store.create(DIM), expected);
    assert.deepEqual(store.get('prop_1'), expected);
    assert.deepEqual(store.list(), [expected]);
    assert.equal(store.get('prop_2'), undefined);
  });

  it('refuses a proposal id it already has, and keeps the first proposal', () => {
    const { store } = newStore();
    store.create(DIM);
    const error = thrown(() => store.create({ ...DIM, service: 'turn_off' }));
    assert.equal(error.code, 'PROPOSAL_EXISTS');
    assert.equal(error.kind, 'conflict');
    assert.equal(store.get('prop_1')?.service, 'turn_on');
  });

  it('lists the newest first, by time and then by order within one millisecond', () => {
    const { store } = newStore();
    for (const [index, at] of [T0 + 5, T0 + 1, T0 + 5, T0 + 9].entries()) {
      time = at;
      store.create({ ...DIM, id: `prop_${index}` });
    }
    assert.deepEqual(
      store.list().map((proposal) => proposal.id),
      ['prop_3', 'prop_2', 'prop_0', 'prop_1'],
    );
  });

  it('lists open proposals past their expiry as expired, from the expiry instant on, without writing', () => {
    const { db, store } = newStore();
    store.create({ ...DIM, id: 'prop_soon', expiresAt: new Date(T0 + MINUTE).toISOString() });
    store.create({ ...DIM, id: 'prop_later', expiresAt: new Date(T0 + MINUTE + 1).toISOString() });
    store.create({ ...DIM, id: 'prop_done', expiresAt: new Date(T0 + MINUTE).toISOString() });
    store.claim('prop_done', 'op_1', 'hash-a');
    time = T0 + MINUTE;
    const statuses = () => Object.fromEntries(store.list().map((proposal) => [proposal.id, proposal.status]));
    assert.deepEqual(statuses(), { prop_soon: 'expired', prop_later: 'open', prop_done: 'confirmed' });
    const page = store.page({ status: 'open', limit: 10 });
    assert.deepEqual(
      page.proposals.map((proposal) => proposal.id),
      ['prop_later'],
    );
    assert.deepEqual(
      store.page({ status: 'expired', limit: 10 }).proposals.map((proposal) => proposal.id),
      ['prop_soon'],
    );
    // A read writes nothing (it must work while the database cannot be written); a transition stores the expiry.
    assert.equal(storedStatus(db, 'prop_soon'), 'open');
    assert.equal(store.claim('prop_soon', 'op_2', 'hash-a').kind, 'not-open');
    assert.equal(storedStatus(db, 'prop_soon'), 'expired');
    time = T0 - MINUTE;
    assert.equal(store.get('prop_soon')?.status, 'expired', 'a stored expiry stays expired');
  });

  it('gets an open proposal past its expiry as expired, leaving the stored rows alone', () => {
    const { db, store } = newStore();
    store.create({ ...DIM, id: 'prop_a' });
    store.create({ ...DIM, id: 'prop_b' });
    time = T0 + 15 * MINUTE;
    assert.equal(store.get('prop_a')?.status, 'expired');
    assert.equal(storedStatus(db, 'prop_a'), 'open');
    assert.equal(storedStatus(db, 'prop_b'), 'open');
  });

  it('compares expiry times as times, whatever their ISO spelling, and returns them as given', () => {
    const { store } = newStore();
    // 13:00 at +01:00 is T0; the text sorts after '2026-01-08T12:…', the time does not.
    store.create({ ...DIM, id: 'prop_offset', expiresAt: '2026-01-08T13:00:00+01:00' });
    store.create({ ...DIM, id: 'prop_short', expiresAt: '2026-01-08T12:00:01Z' });
    assert.equal(store.get('prop_offset')?.status, 'expired');
    assert.equal(store.get('prop_offset')?.expiresAt, '2026-01-08T13:00:00+01:00');
    assert.equal(store.get('prop_short')?.status, 'open');
    assert.throws(() => store.create({ ...DIM, id: 'prop_bad', expiresAt: 'in fifteen minutes' }));
  });

  it('claims an open proposal under the same limits once: confirmed, with the operation id', () => {
    const { store } = newStore();
    store.create(DIM);
    const confirmed = { ...DIM, status: 'confirmed', operationId: 'op_1', createdAt: CREATED, closedReason: null };
    assert.deepEqual(store.claim('prop_1', 'op_1', 'hash-a'), { kind: 'done', proposal: confirmed });
    assert.deepEqual(store.get('prop_1'), confirmed);
    assert.deepEqual(store.claim('prop_1', 'op_2', 'hash-a'), { kind: 'not-open', proposal: confirmed });
    assert.deepEqual(store.cancel('prop_1'), { kind: 'not-open', proposal: confirmed });
  });

  it('makes a proposal claimed under other limits stale, for good, and sends nothing', () => {
    const { store } = newStore();
    store.create(DIM);
    const stale = {
      ...DIM,
      status: 'stale',
      operationId: null,
      createdAt: CREATED,
      closedReason: 'the limits changed after it was made',
    };
    assert.deepEqual(store.claim('prop_1', 'op_1', 'hash-b'), { kind: 'not-open', proposal: stale });
    assert.deepEqual(store.claim('prop_1', 'op_2', 'hash-a'), { kind: 'not-open', proposal: stale });
    assert.deepEqual(store.get('prop_1'), stale);
  });

  it('makes a proposal claimed or cancelled past its expiry expired, whatever the limits', () => {
    const { store } = newStore();
    store.create({ ...DIM, id: 'prop_a' });
    store.create({ ...DIM, id: 'prop_b' });
    time = T0 + 15 * MINUTE;
    for (const [id, result] of [
      ['prop_a', store.claim('prop_a', 'op_1', 'hash-b')],
      ['prop_b', store.cancel('prop_b')],
    ] as const) {
      const expired = { ...DIM, id, status: 'expired', operationId: null, createdAt: CREATED, closedReason: null };
      assert.deepEqual(result, { kind: 'not-open', proposal: expired });
    }
  });

  it('cancels an open proposal once; a cancelled one cannot be claimed', () => {
    const { store } = newStore();
    store.create(DIM);
    const cancelled = { ...DIM, status: 'cancelled', operationId: null, createdAt: CREATED, closedReason: null };
    assert.deepEqual(store.cancel('prop_1'), { kind: 'done', proposal: cancelled });
    assert.deepEqual(store.cancel('prop_1'), { kind: 'not-open', proposal: cancelled });
    assert.deepEqual(store.claim('prop_1', 'op_1', 'hash-a'), { kind: 'not-open', proposal: cancelled });
  });

  it('closes an open proposal that no longer passes as stale, keeping why; a closed one cannot be claimed', () => {
    const { store } = newStore();
    store.create(DIM);
    const why = 'the connection home is disabled';
    const closed = { ...DIM, status: 'stale', operationId: null, createdAt: CREATED, closedReason: why };
    assert.deepEqual(store.close('prop_1', why), { kind: 'done', proposal: closed });
    assert.deepEqual(store.close('prop_1', 'another reason'), { kind: 'not-open', proposal: closed });
    assert.deepEqual(store.claim('prop_1', 'op_1', 'hash-a'), { kind: 'not-open', proposal: closed });
    assert.deepEqual(store.close('prop_x', why), { kind: 'unknown' });
  });

  it('knows no proposal it never made', () => {
    const { store } = newStore();
    assert.deepEqual(store.claim('prop_x', 'op_1', 'hash-a'), { kind: 'unknown' });
    assert.deepEqual(store.cancel('prop_x'), { kind: 'unknown' });
  });

  it('round-trips entities and nested data', () => {
    const { store } = newStore();
    const entities = [
      { entityId: 'cover.garage', name: 'Garage "big" door', state: 'closed' },
      { entityId: 'cover.shed', name: 'Schuppentür', state: 'open' },
    ];
    const data = { position: 30, options: { list: [1, null, 'x'], empty: {} } };
    store.create({ ...DIM, entities, data, serviceClass: 'confirmed', tool: 'call-physical-service' });
    const proposal = store.get('prop_1');
    assert.deepEqual(proposal?.entities, entities);
    assert.deepEqual(proposal?.data, data);
    assert.equal(proposal?.serviceClass, 'confirmed');
  });

  it('shares proposals between two connections to one file: the second claim finds it confirmed', () => {
    const folder = makeFolder();
    const first = createProposalStore({ db: openIn(folder), now });
    const second = createProposalStore({ db: openIn(folder), now });
    for (let index = 0; index < 20; index += 1) first.create({ ...DIM, id: `prop_${index}` });
    for (let index = 0; index < 20; index += 1) {
      const [winner, loser] = index % 2 === 0 ? [first, second] : [second, first];
      assert.equal(winner.claim(`prop_${index}`, `op_w${index}`, 'hash-a').kind, 'done');
      const lost = loser.claim(`prop_${index}`, `op_l${index}`, 'hash-a');
      assert.equal(lost.kind === 'not-open' && lost.proposal.operationId, `op_w${index}`);
    }
    assert.ok(second.list().every((proposal) => proposal.status === 'confirmed'));
  });

  it('claims under the write lock: while another connection holds it, a claim waits and changes nothing', () => {
    const folder = makeFolder();
    const holder = openIn(folder);
    const waiting = openIn(folder);
    waiting.pragma('busy_timeout = 50');
    const store = createProposalStore({ db: waiting, now });
    store.create(DIM);
    holder.exec('BEGIN IMMEDIATE');
    assert.throws(() => store.claim('prop_1', 'op_1', 'hash-a'), { code: 'SQLITE_BUSY' });
    holder.exec('COMMIT');
    assert.equal(store.get('prop_1')?.status, 'open');
    assert.equal(store.claim('prop_1', 'op_1', 'hash-a').kind, 'done');
  });

  it('never lets two processes both claim one proposal, racing over many proposals', async () => {
    const folder = makeFolder();
    const count = 300;
    const store = createProposalStore({ db: openIn(folder), now });
    // Far in the future: the child's clock is the real one.
    for (let index = 0; index < count; index += 1) {
      store.create({ ...DIM, id: `prop_${index}`, expiresAt: '2999-01-01T00:00:00.000Z' });
    }
    const args = ['--import', 'tsx', '--input-type=module', '-e', RACE_SCRIPT, STORAGE_INDEX, folder, String(count)];
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = readLines(child.stdout);
    assert.equal(await lines.next(), 'ready');
    // The child claims the same proposals in the same order, from the moment it reads this.
    child.stdin.write('go\n');
    const parentSeen: (string | null)[] = [];
    for (let index = 0; index < count; index += 1) {
      const result = store.claim(`prop_${index}`, `op_parent_${index}`, 'hash-a');
      parentSeen.push(result.kind === 'unknown' ? null : `${result.kind} ${result.proposal.operationId}`);
    }
    const childSeen = JSON.parse(await lines.next()) as (string | null)[];
    const [exitCode] = await once(child, 'exit');
    assert.equal(exitCode, 0);

    const stored = new Map(store.list().map((proposal) => [proposal.id, proposal]));
    for (let index = 0; index < count; index += 1) {
      const proposal = stored.get(`prop_${index}`);
      assert.equal(proposal?.status, 'confirmed');
      const winner = proposal?.operationId;
      assert.ok(winner === `op_parent_${index}` || winner === `op_child_${index}`, String(winner));
      // Exactly one of them got `done`, and the other saw the proposal confirmed with the winner's operation id.
      const expected = (who: string) => `${winner === `op_${who}_${index}` ? 'done' : 'not-open'} ${winner}`;
      assert.equal(parentSeen[index], expected('parent'), `prop_${index}`);
      assert.equal(childSeen[index], expected('child'), `prop_${index}`);
    }
  });
});

/** The lines of a stream, one per `next()`. */
function readLines(stream: NodeJS.ReadableStream): { next(): Promise<string> } {
  const iterator = (async function* () {
    let buffer = '';
    for await (const chunk of stream) {
      buffer += String(chunk);
      let end = buffer.indexOf('\n');
      while (end >= 0) {
        yield buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
      }
    }
  })();
  return {
    async next() {
      const { value, done } = await iterator.next();
      assert.ok(!done, 'the child closed its output early');
      return value;
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
