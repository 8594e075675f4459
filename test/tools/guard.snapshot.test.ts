// One limits snapshot per call (issue 25): the call is decided and its proposal stamped under the limits the guard
// read once, and a revision that only grows makes proposals of limits A stale after A → B → A.

import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { HaState, HomeAssistantClient } from '../../src/homeassistant/index.ts';
import { DEFAULT_POLICY_TEXT } from '../../src/tools/index.ts';
import { type AddOnHarness, createAddOnHarness } from './add-on-harness.ts';
import { createRecordingReader } from './recording-reader.ts';

const ADDRESS = 'http://192.168.1.10:8123';
const at = '2026-01-08T11:00:00+00:00';
const KITCHEN: HaState = {
  entity_id: 'light.kitchen',
  state: 'off',
  attributes: { friendly_name: 'Kitchen' },
  last_changed: at,
  last_updated: at,
};
const B = JSON.stringify({ ...JSON.parse(DEFAULT_POLICY_TEXT), max_entities: 4 });

let harness: AddOnHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** An ask-first home whose every read waits for `release` once `hold` is set. */
async function open() {
  let hold: Promise<void> | undefined;
  const wait = async () => {
    if (hold) await hold;
  };
  const reader = (): HomeAssistantClient => ({
    ...createRecordingReader({ state: KITCHEN }),
    getStates: async () => {
      await wait();
      return { ok: true, value: [KITCHEN] };
    },
    getState: async () => {
      await wait();
      return { ok: true, value: KITCHEN };
    },
  });
  const h = createAddOnHarness({ openReader: reader });
  harness = h;
  assert.equal(
    (await h.addOn.connections.add({ name: 'home', url: ADDRESS, token: 'token-0123456789abcdef' })).kind,
    'added',
  );
  assert.ok(h.addOn.connections.setWriteMode('home', 'ask-first'));
  const propose = () =>
    h.addOn.guard.call('call-service', {
      instance: ADDRESS,
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
    });
  const holdReads = () => {
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    return release;
  };
  return { h, propose, holdReads };
}

function revision(h: AddOnHarness): string {
  const state = h.addOn.limits.read();
  assert.equal(state.kind, 'ok');
  return state.kind === 'ok' ? state.revision : '';
}

function proposalId(text: string): string {
  return JSON.parse(text).untrusted_data.proposal_id;
}

describe('guard: one limits snapshot per call', () => {
  it('limits saved while the call waits on Home Assistant: the proposal carries the revision it was decided under', async () => {
    const { h, propose, holdReads } = await open();
    const before = revision(h);
    const release = holdReads();
    const pending = propose();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(h.addOn.limits.save(B).kind, 'saved');
    release();
    const result = await pending;
    assert.equal(result.isError, false, result.text);
    const stored = h.proposals.get(proposalId(result.text));
    assert.equal(stored?.limitsRevision, before);
    assert.notEqual(revision(h), before);
    const confirmed = await h.addOn.changes.confirm(stored?.id ?? '');
    assert.equal(confirmed.kind, 'refused');
    assert.match(confirmed.kind === 'refused' ? confirmed.reason : '', /is stale: the limits changed/);
  });

  it('limits A → B → A: a proposal made under the first A is stale', async () => {
    const { h, propose } = await open();
    const first = await propose();
    const id = proposalId(first.text);
    assert.equal(h.addOn.limits.save(B).kind, 'saved');
    assert.equal(h.addOn.limits.save(DEFAULT_POLICY_TEXT).kind, 'saved');
    const confirmed = await h.addOn.changes.confirm(id);
    assert.equal(confirmed.kind, 'refused');
    assert.match(confirmed.kind === 'refused' ? confirmed.reason : '', /is stale: the limits changed/);
  });
});
