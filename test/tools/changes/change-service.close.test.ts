// A confirmation that no longer passes closes its proposal (stale, with the reason) instead of leaving it open to be
// confirmed again; one that could not judge (the home unreadable, the limits unusable) leaves it open.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { HomeAssistantReader } from '../../../src/homeassistant/index.ts';
import { createJournal, createProposalStore, openDatabase, openDataDir } from '../../../src/storage/index.ts';
import {
  type ChangeTarget,
  createChangeService,
  type LimitsState,
  type RecheckOutcome,
} from '../../../src/tools/index.ts';
import { createCountingIds, createFakeClock } from '../../fakes/clock/index.ts';

const OK = { kind: 'ok', revision: 'r1' } as LimitsState;
const KITCHEN_ON = {
  connection: 'home',
  domain: 'light',
  service: 'turn_on',
  entityIds: ['light.kitchen'],
  data: {},
};
const TARGET: ChangeTarget = {
  id: 'c1',
  address: 'http://ha.local:8123',
  enabled: true,
  writeMode: 'ask-first',
  reader: {} as HomeAssistantReader,
  writer: { callService: async () => ({ kind: 'done', changed: [] }) },
};

describe('a refused confirmation closes its proposal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-close-'));
  openDataDir(dir, process.platform);
  const db = openDatabase(dir);
  // One source of ids for every row: the rows share the database.
  const ids = createCountingIds();
  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A change service whose connection, recheck and limits a row sets; the proposal it made and its confirmation. */
  async function confirmWith(world: { target?: ChangeTarget; recheck?: RecheckOutcome; limits?: LimitsState }) {
    const clock = createFakeClock(Date.parse('2026-01-08T12:00:00Z'));
    const proposals = createProposalStore({ db, now: clock.now });
    let limits = OK;
    const changes = createChangeService({
      journal: createJournal({ db, now: clock.now }),
      proposals,
      clock,
      ids,
      limits: () => limits,
      connection: () => world.target,
      recheck: async () => world.recheck ?? { kind: 'passes' },
    });
    // Made while the connection was as it was and the limits could be used.
    const made = createChangeService({
      journal: createJournal({ db, now: clock.now }),
      proposals,
      clock,
      ids,
      limits: () => OK,
      connection: () => TARGET,
      recheck: async () => ({ kind: 'passes' }),
    });
    const id = `${made.propose(KITCHEN_ON, { tool: 'call-service', serviceClass: 'quiet', entities: [], revision: 'r1' }).id}`;
    limits = world.limits ?? OK;
    const confirmation = await changes.confirm(id);
    return { confirmation, proposal: proposals.get(id), again: await changes.confirm(id) };
  }

  const rows: Array<[string, Parameters<typeof confirmWith>[0], string]> = [
    ['the connection removed', { target: undefined }, 'the connection home no longer exists'],
    ['the connection disabled', { target: { ...TARGET, enabled: false } }, 'the connection home is disabled'],
    [
      'the connection now read only',
      { target: { ...TARGET, writeMode: 'read-only' } },
      'the connection home is now read only',
    ],
    [
      'another connection under the name',
      { target: { ...TARGET, id: 'c2' } },
      'the connection home is not the one this proposal was made for (it was removed and added again, or its address changed)',
    ],
    [
      'the home no longer passes',
      { target: TARGET, recheck: { kind: 'refused', reason: 'No entity light.kitchen is available to the tools.' } },
      'No entity light.kitchen is available to the tools.',
    ],
  ];
  for (const [name, world, reason] of rows)
    it(`${name}: refused with the reason, closed as stale with it, and refused again as stale`, async () => {
      const { confirmation, proposal, again } = await confirmWith(world);
      assert.deepEqual(
        [confirmation.kind, confirmation.kind === 'refused' && confirmation.reason],
        ['refused', `${reason}; nothing was sent`],
      );
      assert.deepEqual([proposal?.status, proposal?.closedReason], ['stale', reason]);
      assert.equal(
        again.kind === 'refused' && again.reason,
        `the proposal ${proposal?.id} is stale: ${reason}; nothing was sent`,
      );
    });

  it('a home that could not be read, or limits that cannot be used: refused, and the proposal stays open', async () => {
    const unread = await confirmWith({
      target: TARGET,
      recheck: { kind: 'unreadable', reason: 'the states could not be read' },
    });
    assert.equal(unread.confirmation.kind, 'refused');
    assert.equal(unread.proposal?.status, 'open');
    const stopped = await confirmWith({
      target: TARGET,
      limits: { kind: 'invalid', reason: 'policy.json is missing' },
    });
    assert.equal(stopped.confirmation.kind, 'refused');
    assert.equal(stopped.proposal?.status, 'open');
  });
});
