// The change service when the journal cannot take a sent call's outcome: a coded answer saying what happened, the
// outcome kept and written once the journal can be written again, and the call never sent twice.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { HearthError, isHearthError } from '../../../src/common/index.ts';
import {
  createHomeAssistantReader,
  type HomeAssistantReader,
  type ServiceCall,
  type ServiceCallOutcome,
} from '../../../src/homeassistant/index.ts';
import {
  createJournal,
  createProposalStore,
  type HearthDatabase,
  openDatabase,
  openDataDir,
} from '../../../src/storage/index.ts';
import {
  type ChangeService,
  createChangeService,
  type Journal,
  type LimitsState,
  type ProposalStore,
} from '../../../src/tools/index.ts';
import { createCountingIds, createFakeClock } from '../../fakes/clock/index.ts';
import { ADMIN_TOKEN, FIXTURE_TOKENS, startFakeHomeAssistant } from '../../fakes/home-assistant/index.ts';
import { createAddOnHarness } from '../add-on-harness.ts';

const LIMITS = { kind: 'ok', revision: 'limits-1' } as LimitsState;
const KITCHEN_ON = {
  connection: 'home',
  domain: 'light',
  service: 'turn_on',
  entityIds: ['light.kitchen'],
  data: { brightness_pct: 40 },
};
const KITCHEN = [{ entityId: 'light.kitchen', name: 'Kitchen', state: 'off' }];
const DONE: ServiceCallOutcome = {
  kind: 'done',
  changed: [
    {
      entity_id: 'light.kitchen',
      state: 'on',
      attributes: {},
      last_changed: '2026-03-14T17:42:07+00:00',
      last_updated: '2026-03-14T17:42:07+00:00',
    },
  ],
};

interface World {
  changes: ChangeService;
  journal: Journal;
  proposals: ProposalStore;
  /** Every call Home Assistant received. */
  sent: ServiceCall[];
  /** From now on the journal's `finish` fails as a full disk makes it (or works again). */
  setFinishBroken(isBroken: boolean): void;
  /** A proposal of KITCHEN_ON, open. */
  propose(): string;
}

describe('the change service when the journal cannot take an outcome', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  function openWorld(outcome: ServiceCallOutcome, journalRetryMs = 60_000): World {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-changes-'));
    openDataDir(dir, process.platform);
    const db: HearthDatabase = openDatabase(dir);
    cleanups.push(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const clock = createFakeClock();
    const stored = createJournal({ db, now: clock.now });
    let isFinishBroken = false;
    const journal: Journal = {
      ...stored,
      finish(...args) {
        if (isFinishBroken) throw new HearthError('JOURNAL_UNWRITABLE', 'the disk is full (SQLITE_FULL)');
        return stored.finish(...args);
      },
    };
    const proposals = createProposalStore({ db, now: clock.now });
    const sent: ServiceCall[] = [];
    const writer = {
      callService: async (call: ServiceCall) => {
        sent.push(call);
        return outcome;
      },
    };
    const changes = createChangeService({
      journal,
      proposals,
      clock,
      ids: createCountingIds(),
      limits: () => LIMITS,
      // These tests are about the journal: the home is not read again (recheck.test.ts and proposals tests cover it).
      connection: () => ({
        id: 'c1',
        address: 'http://ha.local:8123',
        enabled: true,
        writeMode: 'ask-first',
        reader: {} as HomeAssistantReader,
        writer,
      }),
      recheck: async () => ({ kind: 'passes' }),
      atomically: (work) => db.transaction(work).immediate(),
      journalRetryMs,
    });
    return {
      changes,
      journal: stored,
      proposals,
      sent,
      setFinishBroken: (isBroken) => {
        isFinishBroken = isBroken;
      },
      propose: () =>
        changes.propose(KITCHEN_ON, {
          tool: 'call-service',
          serviceClass: 'quiet',
          entities: KITCHEN,
          revision: LIMITS.kind === 'ok' ? LIMITS.revision : '',
        }).id,
    };
  }

  /** The error `promise` rejects with, which must be a HearthError. */
  async function rejection(promise: Promise<unknown>): Promise<HearthError> {
    try {
      await promise;
    } catch (error) {
      assert.ok(isHearthError(error), `expected a HearthError, got ${String(error)}`);
      return error;
    }
    assert.fail('expected a rejection');
  }

  it('a confirmed call Home Assistant carried out: JOURNAL_UNWRITABLE (503) saying it was sent and done', async () => {
    const world = openWorld(DONE);
    const id = world.propose();
    world.setFinishBroken(true);
    const error = await rejection(world.changes.confirm(id));
    assert.deepEqual([error.kind, error.code], ['unavailable', 'JOURNAL_UNWRITABLE']);
    assert.equal(
      error.message,
      'operation op_2 was sent and Home Assistant carried it out (1 state(s) changed); but the journal could not be ' +
        'written (the disk is full (SQLITE_FULL)): hearth keeps this outcome and records it once the journal can be ' +
        'written again, or, if this process stops first, the next start records it unknown',
    );
    assert.equal(world.sent.length, 1);
    assert.equal(world.journal.get('op_2')?.state, 'sending');
    assert.deepEqual([world.proposals.get(id)?.status, world.proposals.get(id)?.operationId], ['confirmed', 'op_2']);
  });

  it('an unknown outcome is reported unknown, with the journal as the reason it is not recorded', async () => {
    const world = openWorld({ kind: 'unknown', reason: 'Home Assistant did not answer within 10000 ms' });
    const id = world.propose();
    world.setFinishBroken(true);
    const error = await rejection(world.changes.confirm(id));
    assert.equal(error.code, 'JOURNAL_UNWRITABLE');
    assert.match(
      error.message,
      /^operation op_2 was sent; its outcome is unknown: Home Assistant did not answer within 10000 ms; Home Assistant may have carried it out, and it is not retried; but the journal could not be written/,
    );
  });

  it('an executed call (act mode) is reported the same way', async () => {
    const world = openWorld(DONE);
    world.setFinishBroken(true);
    const error = await rejection(world.changes.execute(KITCHEN_ON, { callService: async () => DONE }));
    assert.equal(error.code, 'JOURNAL_UNWRITABLE');
    assert.match(error.message, /^operation op_1 was sent and Home Assistant carried it out \(1 state\(s\) changed\)/);
  });

  it('a second confirmation is refused and nothing is sent again', async () => {
    const world = openWorld(DONE);
    const id = world.propose();
    world.setFinishBroken(true);
    await rejection(world.changes.confirm(id));
    const again = await world.changes.confirm(id);
    assert.equal(again.kind, 'refused');
    assert.equal(world.sent.length, 1);
  });

  it('the kept outcome is written before the next call, marked as recorded late; the first call is not resent', async () => {
    const world = openWorld(DONE);
    const id = world.propose();
    world.setFinishBroken(true);
    await rejection(world.changes.confirm(id));
    world.setFinishBroken(false);
    const next = await world.changes.execute(KITCHEN_ON, { callService: async () => DONE });
    assert.equal(next.operationId, 'op_3');
    const repaired = world.journal.get('op_2');
    assert.equal(repaired?.state, 'done');
    assert.equal(
      repaired?.detail,
      'done; 1 state(s) changed with the call; recorded late: the journal could not be written when the call finished',
    );
    assert.equal(world.journal.get('op_3')?.state, 'done');
    assert.equal(world.sent.length, 1, 'the writer of the confirmation was called once');
  });

  it('the kept outcome is written by the retry timer, with no other call, once the journal can be written', async () => {
    const world = openWorld({ kind: 'unknown', reason: 'the connection broke' }, 20);
    const id = world.propose();
    world.setFinishBroken(true);
    await rejection(world.changes.confirm(id));
    await new Promise((resolve) => setTimeout(resolve, 70));
    assert.equal(world.journal.get('op_2')?.state, 'sending', 'still kept while the journal cannot be written');
    world.setFinishBroken(false);
    const deadline = Date.now() + 2000;
    while (world.journal.get('op_2')?.state === 'sending' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(world.journal.get('op_2')?.state, 'unknown');
    assert.match(world.journal.get('op_2')?.detail ?? '', /^unknown: the connection broke; .*; recorded late: /);
    assert.equal(world.sent.length, 1);
  });
});

describe('a write tool whose call left while the journal could not take its outcome (act mode, attended)', () => {
  it('answers an error result saying the call was sent and done; the next call writes the outcome', async () => {
    const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    let journalDb: HearthDatabase | undefined;
    let isBreaking = true;
    const harness = createAddOnHarness({
      openReader: (target) => createHomeAssistantReader(target),
      journalOnOwnConnection: true,
      // Between the journal entry and the send, the journal's connection stops taking writes (as a disk that fills).
      beforeSend: () => {
        if (isBreaking) journalDb?.pragma('query_only = ON');
      },
    });
    journalDb = harness.journalDb;
    try {
      await harness.addOn.connections.add({ name: 'home', url: fake.rootUrl, token: ADMIN_TOKEN });
      assert.ok(harness.addOn.connections.setWriteMode('home', 'act'));
      const call = () =>
        harness.addOn.guard.call(
          'call-service',
          { instance: fake.rootUrl, domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: {} },
          { attended: true },
        );
      const result = await call();
      assert.equal(result.isError, true);
      assert.match(
        result.text,
        /^operation op_\d+ was sent and Home Assistant carried it out \(1 state\(s\) changed\); but the journal could not be written \(.*SQLITE_READONLY.*\): hearth keeps this outcome/,
      );
      assert.equal(fake.log.serviceCalls.length, 1);
      const rows = () => harness.db.prepare('SELECT state FROM operations ORDER BY rowid').pluck().all();
      assert.deepEqual(rows(), ['sending']);
      isBreaking = false;
      journalDb.pragma('query_only = OFF');
      assert.equal((await call()).isError, false);
      assert.deepEqual(rows(), ['done', 'done']);
      assert.equal(fake.log.serviceCalls.length, 2, 'one send per call: the first was not sent again');
    } finally {
      await harness.close();
      await fake.close();
    }
  });
});
