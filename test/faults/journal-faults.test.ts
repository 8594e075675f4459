// A journal write that fails (the database read only, full, or closed) means the service call is not sent: the
// caller gets a clear refusal or error, never a 500 or an unhandled rejection, and nothing is left half done.

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createHomeAssistantReader } from '../../src/homeassistant/index.ts';
import { type Caller, UNATTENDED } from '../../src/tools/index.ts';
import {
  ADMIN_TOKEN,
  type FakeHomeAssistant,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { createJournalFaultHarness, type JournalFault, type JournalFaultHarness } from './journal-fault-harness.ts';
import { assertHaAssistServes, recordUnhandledRejections, startLoopbackHearth } from './loopback-hearth.ts';

const ATTENDED: Caller = { attended: true };
const KITCHEN_ON = { domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: { brightness_pct: 40 } };
const ADMIN_KEY = 'admin-fault-key-0123456789';
const API_KEY = 'api-fault-key-0123456789';
const FAULTS: JournalFault[] = ['read-only', 'full', 'closed'];

interface Home {
  fake: FakeHomeAssistant;
  harness: JournalFaultHarness;
  /** Journal rows hearth wrote for calls (the filler rows of a full database have no connection). */
  journalled(): unknown[];
  close(): Promise<void>;
}

async function openHome(mode: 'act' | 'ask-first'): Promise<Home> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  const harness = createJournalFaultHarness((target) => createHomeAssistantReader(target));
  assert.equal(
    (await harness.addOn.connections.add({ name: 'home', url: fake.rootUrl, token: ADMIN_TOKEN })).kind,
    'added',
  );
  assert.ok(harness.addOn.connections.setWriteMode('home', mode));
  return {
    fake,
    harness,
    journalled: () => harness.db.prepare("SELECT operation_id, state FROM operations WHERE connection <> ''").all(),
    close: async () => {
      await harness.close();
      await fake.close();
    },
  };
}

describe('a journal write that fails', () => {
  let unhandled: ReturnType<typeof recordUnhandledRejections>;
  beforeEach(() => {
    unhandled = recordUnhandledRejections();
  });
  afterEach(() => {
    assert.deepEqual(unhandled.stop(), [], 'no unhandled rejection');
  });

  for (const fault of FAULTS) {
    describe(`(database ${fault})`, () => {
      it('call-service in act mode: refused, the call not sent, nothing journalled, the home unchanged, reads served', async () => {
        const home = await openHome('act');
        try {
          home.harness.breakJournal(fault);
          const result = await home.harness.addOn.guard.call(
            'call-service',
            { instance: home.fake.rootUrl, ...KITCHEN_ON },
            ATTENDED,
          );
          assert.equal(result.isError, true, result.text);
          assert.deepEqual(home.fake.log.serviceCalls, []);
          assert.equal(home.fake.home.state('light.kitchen')?.state, 'off');
          assert.deepEqual(home.journalled(), []);
          const read = await home.harness.addOn.guard.call('get-state', {
            instance: home.fake.rootUrl,
            entity_id: 'light.kitchen',
          });
          assert.equal(read.isError, false, 'the reads still answer');
        } finally {
          await home.close();
        }
      });

      it('call-service in act mode: the refusal says the journal could not be written and nothing was sent', async () => {
        const home = await openHome('act');
        try {
          home.harness.breakJournal(fault);
          const result = await home.harness.addOn.guard.call(
            'call-service',
            { instance: home.fake.rootUrl, ...KITCHEN_ON },
            ATTENDED,
          );
          assert.equal(result.isError, true, result.text);
          assert.match(result.text, /journal/);
          assert.match(result.text, /not sent/);
        } finally {
          await home.close();
        }
      });
    });
  }

  describe('confirming a proposal through the admin API, on the real listening server', () => {
    async function proposeThenBreak(fault: JournalFault) {
      const home = await openHome('ask-first');
      const proposed = await home.harness.addOn.guard.call(
        'call-service',
        { instance: home.fake.rootUrl, ...KITCHEN_ON },
        UNATTENDED,
      );
      assert.equal(proposed.isError, false, proposed.text);
      const proposalId = JSON.parse(proposed.text).untrusted_data.proposal_id as string;
      const hearth = await startLoopbackHearth(
        { server: { admin_key: ADMIN_KEY, api_keys: [API_KEY] } },
        home.harness.addOn,
      );
      home.harness.breakJournal(fault);
      const response = await fetch(`${hearth.url}/admin/proposals/${proposalId}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}` },
      });
      const body = (await response.json()) as { error: { message: string; code: string } };
      return {
        home,
        hearth,
        proposalId,
        status: response.status,
        body,
        close: async () => {
          await hearth.close();
          await home.close();
        },
      };
    }

    for (const fault of FAULTS) {
      it(`(database ${fault}) the call is not sent, nothing is journalled, and hearth keeps serving`, async () => {
        // The status and the proposal left behind are the two tests below.
        const run = await proposeThenBreak(fault);
        try {
          assert.deepEqual(run.home.fake.log.serviceCalls, []);
          assert.deepEqual(run.home.journalled(), []);
          await assertHaAssistServes(run.hearth.url, API_KEY);
        } finally {
          await run.close();
        }
      });

      it(`(database ${fault}) answers 503 naming the journal, not a 500`, async () => {
        const run = await proposeThenBreak(fault);
        try {
          assert.equal(run.status, 503, JSON.stringify(run.body));
          assert.match(run.body.error.message, /journal/);
        } finally {
          await run.close();
        }
      });

      it(`(database ${fault}) leaves the proposal open, to be confirmed once the journal can be written`, async () => {
        const run = await proposeThenBreak(fault);
        try {
          const proposal = run.home.harness.proposals.get(run.proposalId);
          assert.deepEqual([proposal?.status, proposal?.operationId], ['open', null]);
        } finally {
          await run.close();
        }
      });
    }
  });
});
