// Changes through the write tools: write modes, proposals (confirm, cancel, expiry, stale), never sent twice.

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createHomeAssistantReader } from '../../../src/homeassistant/index.ts';
import { DEFAULT_POLICY_TEXT, type Caller, type ToolCallResult, UNATTENDED } from '../../../src/tools/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
} from '../../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../add-on-harness.ts';

const ATTENDED: Caller = { attended: true };
const NOW = Date.parse('2026-01-08T12:00:00Z');

interface Home {
  fake: FakeHomeAssistant;
  harness: AddOnHarness;
  call(name: string, args: object, caller?: Caller): Promise<ToolCallResult>;
  sent(): number;
  close(): Promise<void>;
}

async function openHome(
  mode: 'read-only' | 'ask-first' | 'act',
  fakeOptions: Partial<FakeHomeAssistantOptions> = {},
): Promise<Home> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...fakeOptions });
  const harness = createAddOnHarness({ startMs: NOW, openReader: (target) => createHomeAssistantReader(target) });
  const added = await harness.addOn.connections.add({ name: 'home', url: fake.rootUrl, token: ADMIN_TOKEN });
  assert.equal(added.kind, 'added');
  if (mode !== 'read-only') assert.ok(harness.addOn.connections.setWriteMode('home', mode));
  return {
    fake,
    harness,
    call: (name, args, caller = UNATTENDED) =>
      harness.addOn.guard.call(name, { instance: fake.rootUrl, ...args }, caller),
    sent: () => fake.log.serviceCalls.length,
    close: async () => {
      await harness.close();
      await fake.close();
    },
  };
}

const KITCHEN_ON = { domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: { brightness_pct: 40 } };
const HEAT = {
  domain: 'climate',
  service: 'set_temperature',
  entity_id: 'climate.living_room',
  data: { temperature: 21 },
};

function body(result: ToolCallResult): any {
  assert.equal(result.isError, false, result.text);
  return JSON.parse(result.text).untrusted_data;
}

describe('write modes', () => {
  it('read only (the default): both write tools are refused and nothing is sent', async () => {
    const home = await openHome('read-only');
    try {
      for (const [tool, args] of [
        ['call-service', KITCHEN_ON],
        ['call-physical-service', HEAT],
      ] as const) {
        const result = await home.call(tool, args, ATTENDED);
        assert.deepEqual(result, {
          isError: true,
          text: 'the connection home is read only: an administrator can change its write mode',
        });
      }
      assert.equal(home.sent(), 0);
    } finally {
      await home.close();
    }
  });

  it('asks first: a proposal showing each entity with its state; confirmed, it runs exactly once', async () => {
    const home = await openHome('ask-first');
    try {
      const proposal = body(await home.call('call-service', KITCHEN_ON, ATTENDED));
      assert.deepEqual(proposal, {
        status: 'awaiting-confirmation',
        proposal_id: 'prop_1',
        expires_at: new Date(NOW + 2 * 3_600_000).toISOString(),
        service: 'light.turn_on',
        entities: [{ entity_id: 'light.kitchen', name: 'Kitchen Light', state: 'off' }],
        data: { brightness_pct: 40 },
        message: 'The change awaits a person’s confirmation; nothing has been sent. It runs once they confirm it.',
      });
      assert.equal(home.sent(), 0);
      const confirmed = await home.harness.addOn.changes.confirm('prop_1');
      assert.equal(confirmed.kind, 'executed');
      assert.equal(confirmed.kind === 'executed' && confirmed.execution.outcome.kind, 'done');
      assert.equal(home.fake.home.state('light.kitchen')?.state, 'on');
      const again = await home.harness.addOn.changes.confirm('prop_1');
      assert.deepEqual(
        again.kind === 'refused' && again.reason,
        'the proposal prop_1 was already confirmed (operation op_2)',
      );
      assert.equal(home.sent(), 1);
      const [entry] = home.harness.addOn.journal.recent(10);
      assert.deepEqual(
        [entry?.operationId, entry?.state, entry?.proposalId, entry?.entityIds, entry?.data],
        ['op_2', 'done', 'prop_1', ['light.kitchen'], { brightness_pct: 40 }],
      );
    } finally {
      await home.close();
    }
  });

  it('acts without asking: a quiet change from an attended chat runs at once; an unattended one waits', async () => {
    const home = await openHome('act');
    try {
      const waiting = body(await home.call('call-service', KITCHEN_ON, UNATTENDED));
      assert.equal(waiting.status, 'awaiting-confirmation');
      assert.equal(home.sent(), 0);
      const done = body(await home.call('call-service', KITCHEN_ON, ATTENDED));
      assert.equal(done.status, 'done');
      assert.deepEqual(done.changed, [{ entity_id: 'light.kitchen', state: 'on' }]);
      assert.equal(home.sent(), 1);
    } finally {
      await home.close();
    }
  });

  it('a physical change is always a proposal, in every mode that allows changes, attended or not', async () => {
    for (const mode of ['ask-first', 'act'] as const) {
      const home = await openHome(mode);
      try {
        for (const caller of [ATTENDED, UNATTENDED]) {
          const proposal = body(await home.call('call-physical-service', HEAT, caller));
          assert.equal(proposal.status, 'awaiting-confirmation', `${mode} ${caller.attended}`);
          assert.equal(proposal.expires_at, new Date(NOW + 15 * 60_000).toISOString());
        }
        assert.equal(home.sent(), 0);
      } finally {
        await home.close();
      }
    }
  });

  it('each tool calls only its own class of service', async () => {
    const home = await openHome('act');
    try {
      const wrong = await home.call('call-service', HEAT, ATTENDED);
      assert.deepEqual(wrong, { isError: true, text: 'climate.set_temperature is called with call-physical-service' });
      const wrongToo = await home.call('call-physical-service', KITCHEN_ON, ATTENDED);
      assert.deepEqual(wrongToo, { isError: true, text: 'light.turn_on is called with call-service' });
      assert.equal(home.sent(), 0);
    } finally {
      await home.close();
    }
  });
});

describe('elicitation in act mode', () => {
  it('may confirm a quiet change, never a physical one', async () => {
    const home = await openHome('act');
    try {
      const asked: string[] = [];
      // Unattended (so a quiet change is proposed, not run at once), yet able to ask.
      const yes: Caller = {
        attended: false,
        confirm: async (proposal) => {
          asked.push(`${proposal.domain}.${proposal.service}`);
          return 'yes';
        },
      };
      assert.equal(body(await home.call('call-service', KITCHEN_ON, yes)).status, 'done');
      assert.equal(body(await home.call('call-physical-service', HEAT, yes)).status, 'awaiting-confirmation');
      assert.deepEqual(asked, ['light.turn_on']);
      assert.equal(home.sent(), 1);
    } finally {
      await home.close();
    }
  });
});

describe('proposals', () => {
  let home: Home;
  beforeEach(async () => {
    home = await openHome('ask-first');
  });
  afterEach(() => home.close());

  it('cancelled: never runs', async () => {
    const { proposal_id } = body(await home.call('call-service', KITCHEN_ON));
    assert.equal(home.harness.addOn.changes.cancel(proposal_id).kind, 'cancelled');
    const confirmed = await home.harness.addOn.changes.confirm(proposal_id);
    assert.equal(confirmed.kind === 'refused' && confirmed.reason, `the proposal ${proposal_id} was cancelled`);
    assert.equal(home.sent(), 0);
  });

  it('expires: a quiet one after two hours, a physical one after 15 minutes', async () => {
    const quiet = body(await home.call('call-service', KITCHEN_ON)).proposal_id;
    const physical = body(await home.call('call-physical-service', HEAT)).proposal_id;
    home.harness.clock.advance(15 * 60_000);
    const late = await home.harness.addOn.changes.confirm(physical);
    assert.match(late.kind === 'refused' ? late.reason : '', /expired at .*; nothing was sent/);
    home.harness.clock.advance(105 * 60_000 - 1);
    assert.equal((await home.harness.addOn.changes.confirm(quiet)).kind, 'executed');
    const second = body(await home.call('call-service', KITCHEN_ON)).proposal_id;
    home.harness.clock.advance(2 * 3_600_000);
    assert.equal((await home.harness.addOn.changes.confirm(second)).kind, 'refused');
    assert.equal(home.sent(), 1);
  });

  it('goes stale when the limits change: rejected, nothing sent', async () => {
    const { proposal_id } = body(await home.call('call-service', KITCHEN_ON));
    const saved = home.harness.addOn.limits.save(DEFAULT_POLICY_TEXT.replace('"max_entities": 5', '"max_entities": 4'));
    assert.equal(saved.kind, 'saved');
    const confirmed = await home.harness.addOn.changes.confirm(proposal_id);
    assert.equal(
      confirmed.kind === 'refused' && confirmed.reason,
      `the proposal ${proposal_id} is stale: the limits changed after it was made; nothing was sent`,
    );
    assert.equal(home.sent(), 0);
  });

  it('a client that answers for itself (MCP elicitation) is not asked on an ask-first connection: the proposals wait', async () => {
    const asked: string[] = [];
    const yes: Caller = {
      attended: true,
      confirm: async (proposal) => {
        asked.push(proposal.id);
        return 'yes';
      },
    };
    assert.equal(body(await home.call('call-physical-service', HEAT, yes)).status, 'awaiting-confirmation');
    assert.equal(body(await home.call('call-service', KITCHEN_ON, yes)).status, 'awaiting-confirmation');
    assert.deepEqual(asked, []);
    assert.equal(home.sent(), 0);
  });

  it('refuses what the limits never allow, before any proposal', async () => {
    const refusals: [object, RegExp][] = [
      [{ domain: 'lock', service: 'unlock', entity_id: 'lock.front_door' }, /open doors/],
      [
        {
          domain: 'light',
          service: 'turn_on',
          entity_id: [
            'light.kitchen',
            'light.bedroom',
            'light.office_desk',
            'light.patio',
            'light.living_room',
            'light.hallway',
          ],
        },
        /at most 5/,
      ],
      [{ domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: { area_id: 'kitchen' } }, /area_id/],
      [
        { domain: 'notify', service: 'notify', entity_id: 'light.kitchen' },
        /not on the list of services a model may call/,
      ],
      [
        { domain: 'switch', service: 'turn_on', entity_id: 'switch.safe_power' },
        /^No entity switch\.safe_power is available to the tools\.$/,
      ],
      [
        { domain: 'switch', service: 'turn_on', entity_id: 'switch.nowhere' },
        /^No entity switch\.nowhere is available to the tools\.$/,
      ],
    ];
    for (const [args, reason] of refusals) {
      const result = await home.call('call-service', args);
      assert.equal(result.isError, true, JSON.stringify(args));
      assert.match(result.text, reason, JSON.stringify(args));
    }
    assert.deepEqual(home.harness.addOn.proposals.list(), []);
    assert.equal(home.sent(), 0);
  });
});

describe('never twice', () => {
  it('the connection cut after Home Assistant applied the call: unknown, reported so, never retried', async () => {
    const home = await openHome('ask-first', { dropAfterServiceCall: 'after-effect' });
    try {
      const { proposal_id } = body(await home.call('call-service', KITCHEN_ON));
      const confirmed = await home.harness.addOn.changes.confirm(proposal_id);
      assert.equal(confirmed.kind === 'executed' && confirmed.execution.outcome.kind, 'unknown');
      assert.equal(home.fake.home.state('light.kitchen')?.state, 'on');
      assert.equal(home.sent(), 1);
      const [entry] = home.harness.addOn.journal.recent(1);
      assert.equal(entry?.state, 'unknown');
      assert.match(entry?.detail ?? '', /may have carried it out, and it is not retried/);
      assert.equal((await home.harness.addOn.changes.confirm(proposal_id)).kind, 'refused');
      assert.equal(home.sent(), 1);
    } finally {
      await home.close();
    }
  });
});
