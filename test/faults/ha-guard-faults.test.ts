// Home Assistant down, slow, refusing the token, answering 5xx: through the tool add-on's guard and the real reader,
// each tool call is a refusal naming the reason, within the reader's timeout, with no token in it and nothing left
// half done (no journal entry stuck in `sending`, nothing retried); another home's tools keep answering meanwhile.

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createHomeAssistantReader } from '../../src/homeassistant/index.ts';
import { type Caller, refusalText, type ToolCallResult } from '../../src/tools/index.ts';
import {
  ADMIN_TOKEN,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../tools/add-on-harness.ts';
import { recordUnhandledRejections } from './loopback-hearth.ts';
import { type SocketWatch, startSocketWatch } from './socket-watch.ts';

/** The reader's whole-request timeout (ms), as `createHomeAssistantReader({ timeoutMs })` takes it. */
const HA_TIMEOUT_MS = 1500;
/** Room for the loopback and a busy machine beyond the timeout. */
const MARGIN_MS = 1000;
const ATTENDED: Caller = { attended: true };
const KITCHEN_ON = { domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: { brightness_pct: 40 } };

/** The add-on with two homes: `home` (the faulty one, at `address`) and `other`, a healthy fake. */
interface Homes {
  harness: AddOnHarness;
  faulty: FakeHomeAssistant;
  address: string;
  other: FakeHomeAssistant;
  call(tool: string, args: object): Promise<ToolCallResult & { ms: number }>;
  close(): Promise<void>;
}

async function openHomes(
  fakeOptions: Partial<FakeHomeAssistantOptions>,
  reach: (fake: FakeHomeAssistant) => Promise<{ address: string; close?: () => Promise<void> }> = async (fake) => ({
    address: fake.rootUrl,
  }),
): Promise<Homes> {
  const faulty = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...fakeOptions });
  const other = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  const { address, close } = await reach(faulty);
  const harness = createAddOnHarness({
    openReader: (target) => createHomeAssistantReader({ ...target, timeoutMs: HA_TIMEOUT_MS }),
  });
  for (const [name, url] of [
    ['home', address],
    ['other', other.rootUrl],
  ] as const) {
    assert.equal((await harness.addOn.connections.add({ name, url, token: ADMIN_TOKEN })).kind, 'added');
    assert.ok(harness.addOn.connections.setWriteMode(name, 'act'));
  }
  return {
    harness,
    faulty,
    address,
    other,
    async call(tool, args) {
      const started = performance.now();
      const result = await harness.addOn.guard.call(tool, { instance: address, ...args }, ATTENDED);
      return { ...result, ms: performance.now() - started };
    },
    async close() {
      await harness.close();
      await close?.();
      await faulty.close();
      await other.close();
    },
  };
}

/** The other home still answers a read, whatever the faulty one does. */
async function assertOtherServes(homes: Homes): Promise<void> {
  const result = await homes.harness.addOn.guard.call(
    'get-state',
    { instance: homes.other.rootUrl, entity_id: 'light.kitchen' },
    ATTENDED,
  );
  assert.equal(result.isError, false, result.text);
  assert.equal(JSON.parse(result.text).untrusted_data.entity_id, 'light.kitchen');
}

/** A refusal: isError, the reason matched, no token, and (when `boundMs` is given) in time. */
function assertRefused(result: ToolCallResult & { ms: number }, reason: RegExp, boundMs?: number): void {
  assert.equal(result.isError, true, result.text);
  assert.match(result.text, reason);
  assert.equal(result.text.includes(ADMIN_TOKEN), false, 'the token is in the refusal');
  if (boundMs !== undefined) assert.ok(result.ms < boundMs, `refused after ${Math.round(result.ms)} ms`);
}

describe('Home Assistant faults through the guard', () => {
  let unhandled: ReturnType<typeof recordUnhandledRejections>;
  beforeEach(() => {
    unhandled = recordUnhandledRejections();
  });
  afterEach(() => {
    assert.deepEqual(unhandled.stop(), [], 'no unhandled rejection');
  });

  it('down (connection refused): reads and calls are refused naming it, at once; nothing journalled', async () => {
    const homes = await openHomes({}, async (fake) => {
      const address = fake.rootUrl;
      await fake.close();
      return { address };
    });
    try {
      const refused =
        /Home Assistant at http:\/\/127\.0\.0\.1:\d+ refused the connection; is it running on that port\?/;
      assertRefused(await homes.call('get-state', { entity_id: 'light.kitchen' }), refused, HA_TIMEOUT_MS + MARGIN_MS);
      assertRefused(await homes.call('call-service', KITCHEN_ON), refused, HA_TIMEOUT_MS + MARGIN_MS);
      assert.deepEqual(homes.harness.addOn.journal.recent(10), []);
      await assertOtherServes(homes);
    } finally {
      await homes.close();
    }
  });

  describe('slow (accepts the connection, never answers)', () => {
    let stall: SocketWatch;
    const stalled = async () => {
      stall = await startSocketWatch({ mode: 'stall' });
      return { address: stall.rootUrl, close: () => stall.close() };
    };

    it('reads and calls are refused naming the timeout; nothing sent or journalled; the other home answers', async () => {
      const homes = await openHomes({}, stalled);
      try {
        const reading = homes.call('get-state', { entity_id: 'light.kitchen' });
        // While the faulty home holds its call, the other home's tools answer.
        await assertOtherServes(homes);
        const timedOut = new RegExp(`did not answer within ${HA_TIMEOUT_MS} ms`);
        assertRefused(await reading, timedOut);
        assertRefused(await homes.call('call-service', KITCHEN_ON), timedOut);
        assert.deepEqual(homes.harness.addOn.journal.recent(10), []);
        assert.ok(stall.connections.length > 0, 'the reader reached the stalled server');
      } finally {
        await homes.close();
      }
    });

    it('a tool call is refused within one reader timeout', async () => {
      const homes = await openHomes({}, stalled);
      try {
        const result = await homes.call('get-state', { entity_id: 'light.kitchen' });
        assertRefused(result, /did not answer/, HA_TIMEOUT_MS + MARGIN_MS);
      } finally {
        await homes.close();
      }
    });
  });

  it('a slow service call: sent once, reported unknown within the timeout, journalled unknown, not retried', async () => {
    // Longer than the reader waits, short enough that the fake's timer does not keep the test process alive.
    const homes = await openHomes({ serviceDelayMs: HA_TIMEOUT_MS + 1000 });
    try {
      const result = await homes.call('call-service', KITCHEN_ON);
      assertRefused(
        result,
        new RegExp(
          // hearth's reason, then what happened as untrusted data (it may quote Home Assistant).
          `^the outcome of operation op_1 is unknown\\. Home Assistant may have carried it out; it is not retried\\. Read the state to see\\.\n\\{"untrusted_data":"light\\.turn_on was sent, but Home Assistant at http://127\\.0\\.0\\.1:\\d+ did not answer within ${HA_TIMEOUT_MS} ms`,
        ),
        HA_TIMEOUT_MS + MARGIN_MS,
      );
      assert.equal(homes.faulty.log.serviceCalls.length, 1);
      const [entry] = homes.harness.addOn.journal.recent(10);
      assert.deepEqual([entry?.operationId, entry?.state], ['op_1', 'unknown']);
      assert.equal(entry?.detail.includes(ADMIN_TOKEN), false);
      await assertOtherServes(homes);
      assert.equal(homes.faulty.log.serviceCalls.length, 1, 'not retried');
    } finally {
      await homes.close();
    }
  });

  it('401 (the token is refused): reads and calls are refused saying so, without the token', async () => {
    const homes = await openHomes({ tokens: {} });
    try {
      const refused = /Home Assistant refused the token \(Invalid access token or password\)/;
      assertRefused(await homes.call('get-state', { entity_id: 'light.kitchen' }), refused, HA_TIMEOUT_MS + MARGIN_MS);
      assertRefused(await homes.call('call-service', KITCHEN_ON), refused, HA_TIMEOUT_MS + MARGIN_MS);
      assert.deepEqual(homes.faulty.log.serviceCalls, []);
      assert.deepEqual(homes.harness.addOn.journal.recent(10), []);
      await assertOtherServes(homes);
    } finally {
      await homes.close();
    }
  });

  it('500 (the service raised): the call is refused naming HTTP 500, journalled failed, the light unchanged', async () => {
    const homes = await openHomes({ serviceErrors: { 'light.kitchen': 'ha_error' } });
    try {
      const result = await homes.call('call-service', KITCHEN_ON);
      assert.deepEqual(
        { isError: result.isError, text: result.text },
        {
          isError: true,
          text: refusalText({
            reason: 'Home Assistant refused the call (operation op_1)',
            said: 'Home Assistant answered HTTP 500 to light.turn_on: the action raised an error in Home Assistant (a device offline, an unsupported feature, …)',
          }),
        },
      );
      assert.ok(result.ms < HA_TIMEOUT_MS + MARGIN_MS, `refused after ${Math.round(result.ms)} ms`);
      assert.equal(homes.faulty.log.serviceCalls.length, 1);
      assert.equal(homes.faulty.home.state('light.kitchen')?.state, 'off');
      const [entry] = homes.harness.addOn.journal.recent(10);
      assert.deepEqual([entry?.operationId, entry?.state], ['op_1', 'failed']);
      await assertOtherServes(homes);
    } finally {
      await homes.close();
    }
  });

  it('503 (Home Assistant stopping): reads and calls are refused saying so; nothing sent', async () => {
    const homes = await openHomes({ stopping: true });
    try {
      const refused = /Home Assistant is starting or stopping \(HTTP 503\)/;
      assertRefused(await homes.call('get-state', { entity_id: 'light.kitchen' }), refused, HA_TIMEOUT_MS + MARGIN_MS);
      assertRefused(await homes.call('call-service', KITCHEN_ON), refused, HA_TIMEOUT_MS + MARGIN_MS);
      assert.deepEqual(homes.faulty.log.serviceCalls, []);
      assert.deepEqual(homes.harness.addOn.journal.recent(10), []);
      await assertOtherServes(homes);
    } finally {
      await homes.close();
    }
  });
});
