// The proposal store's pages: newest first, by status, older than a cursor, the next cursor, expiry as it reads.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createProposalStore, type HearthDatabase, openDatabase, type ProposalStore } from '../../src/storage/index.ts';

const T0 = Date.UTC(2026, 0, 8, 12, 0, 0, 0);
const MINUTE = 60_000;

describe('ProposalStore.page', () => {
  let dir: string;
  let db: HearthDatabase;
  let store: ProposalStore;
  let nowMs = T0;

  // prop_1 … prop_7, one a minute (prop_7 the newest); prop_2 expires at T0 + 10 min, the rest in an hour.
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-page-'));
    db = openDatabase(dir);
    store = createProposalStore({ db, now: () => nowMs });
    for (let n = 1; n <= 7; n++) {
      nowMs = T0 + n * MINUTE;
      store.create({
        id: `prop_${n}`,
        connection: 'home',
        connectionId: null,
        connectionAddress: null,
        tool: 'call-service',
        domain: 'light',
        service: 'turn_on',
        entities: [{ entityId: `light.l${n}`, name: `L${n}`, state: 'off' }],
        data: {},
        serviceClass: 'quiet',
        limitsRevision: 'hash-a',
        expiresAt: new Date(T0 + (n === 2 ? 10 : 60) * MINUTE).toISOString(),
      });
    }
    store.claim('prop_3', 'op_1', 'hash-a');
    store.cancel('prop_5');
  });
  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = (page: ReturnType<ProposalStore['page']>) => [page.proposals.map((p) => p.id), page.next];

  it('pages through every proposal, newest first, each page ending with the next cursor', () => {
    assert.deepEqual(ids(store.page({ status: 'all', limit: 3 })), [['prop_7', 'prop_6', 'prop_5'], 'prop_5']);
    assert.deepEqual(ids(store.page({ status: 'all', limit: 3, before: 'prop_5' })), [
      ['prop_4', 'prop_3', 'prop_2'],
      'prop_2',
    ]);
    assert.deepEqual(ids(store.page({ status: 'all', limit: 3, before: 'prop_2' })), [['prop_1'], null]);
    // A page that holds exactly the rest has no next one.
    assert.deepEqual(ids(store.page({ status: 'all', limit: 1, before: 'prop_2' })), [['prop_1'], null]);
  });

  it('filters by status, and an unknown cursor gives an empty page', () => {
    assert.deepEqual(ids(store.page({ status: 'open', limit: 10 })), [
      ['prop_7', 'prop_6', 'prop_4', 'prop_2', 'prop_1'],
      null,
    ]);
    assert.deepEqual(ids(store.page({ status: 'open', limit: 2, before: 'prop_6' })), [['prop_4', 'prop_2'], 'prop_2']);
    assert.deepEqual(ids(store.page({ status: 'confirmed', limit: 10 })), [['prop_3'], null]);
    assert.deepEqual(ids(store.page({ status: 'cancelled', limit: 10 })), [['prop_5'], null]);
    assert.deepEqual(ids(store.page({ status: 'all', limit: 10, before: 'prop_404' })), [[], null]);
  });

  it('expires open proposals past their time as it reads, and stores them so', () => {
    nowMs = T0 + 10 * MINUTE;
    assert.deepEqual(ids(store.page({ status: 'expired', limit: 10 })), [['prop_2'], null]);
    assert.deepEqual(ids(store.page({ status: 'open', limit: 10 })), [['prop_7', 'prop_6', 'prop_4', 'prop_1'], null]);
    assert.equal(store.get('prop_2')?.status, 'expired');
  });
});
