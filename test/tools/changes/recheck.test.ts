// The confirmation's second look at the home: the guard's decision again, on what Home Assistant says now.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHomeAssistantReader, type HomeAssistantReader } from '../../../src/homeassistant/index.ts';
import { type Proposal, recheckProposal } from '../../../src/tools/index.ts';
import {
  ADMIN_TOKEN,
  type FakeHomeAssistant,
  FIXTURE_TOKENS,
  MODERN_HOME,
  startFakeHomeAssistant,
} from '../../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../add-on-harness.ts';

const KITCHEN: Proposal = {
  id: 'prop_1',
  connection: 'home',
  connectionId: 'c1',
  connectionAddress: 'http://ha.local:8123',
  tool: 'call-service',
  domain: 'light',
  service: 'turn_on',
  entities: [{ entityId: 'light.kitchen', name: 'Kitchen', state: 'off' }],
  data: {},
  serviceClass: 'quiet',
  limitsRevision: 'h',
  status: 'open',
  operationId: null,
  closedReason: null,
  createdAt: '2026-01-08T12:00:00.000Z',
  expiresAt: '2026-01-08T12:15:00.000Z',
};

describe('recheckProposal', () => {
  const fixture = structuredClone(MODERN_HOME);
  let fake: FakeHomeAssistant;
  let harness: AddOnHarness;
  let reader: HomeAssistantReader;

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, home: fixture });
    harness = createAddOnHarness({ openReader: (target) => createHomeAssistantReader(target) });
    reader = createHomeAssistantReader({ address: fake.rootUrl, token: ADMIN_TOKEN });
  });
  after(async () => {
    await reader.close();
    await harness.close();
    await fake.close();
  });

  const recheck = (proposal: Proposal) => {
    const limits = harness.addOn.limits.read();
    assert.ok(limits.kind === 'ok');
    return recheckProposal(proposal, { reader, policy: limits.policy });
  };

  it('passes a change the home still allows', async () => {
    assert.deepEqual(await recheck(KITCHEN), { kind: 'passes' });
  });

  it('refuses one whose entity got an excluded label, one for a door-like cover, and one of the other class', async () => {
    const kitchen = fixture.entities.find((entity) => entity.entity_id === 'light.kitchen');
    kitchen?.labels.push('sensitive');
    const labelled = await recheck(KITCHEN);
    kitchen?.labels.pop();
    assert.match(labelled.kind === 'refused' ? labelled.reason : '', /No entity light\.kitchen is available/);
    const cover = { ...KITCHEN, domain: 'cover', service: 'close_cover' };
    const garage = await recheck({ ...cover, entities: [{ entityId: 'cover.garage_door', name: 'G', state: 'open' }] });
    assert.equal(garage.kind, 'refused');
    const physical = await recheck({ ...KITCHEN, serviceClass: 'confirmed' });
    assert.match(physical.kind === 'refused' ? physical.reason : '', /light\.turn_on is now a quiet change/);
  });
});
