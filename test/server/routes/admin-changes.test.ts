// /admin/policy, /admin/proposals and /admin/journal in-process: who may read and change, and a person's yes or no.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_POLICY_TEXT } from '../../../src/tools/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../../tools/add-on-harness.ts';
import { createRecordingReader, type RecordingReader } from '../../tools/recording-reader.ts';
import { createHarness } from '../app-harness.ts';

const ADMIN_KEY = 'admin-key-0123456789';
const API_KEY = 'api-key-0123456789ab';
const ADDRESS = 'http://192.168.1.10:8123';

describe('/admin changes', () => {
  let harness: AddOnHarness;
  let reader: RecordingReader;
  let app: ReturnType<typeof createHarness>['app'];

  before(async () => {
    reader = createRecordingReader({
      state: {
        entity_id: 'light.kitchen',
        state: 'off',
        attributes: { friendly_name: 'Kitchen Light' },
        last_changed: '2026-01-08T11:00:00+00:00',
        last_updated: '2026-01-08T11:00:00+00:00',
      },
    });
    harness = createAddOnHarness({ startMs: Date.parse('2026-01-08T12:00:00Z'), openReader: () => reader });
    await harness.addOn.connections.add({ name: 'home', url: ADDRESS, token: 'eyJ-token-for-admin-tests' });
    app = createHarness({ adminKey: ADMIN_KEY, apiKeys: [API_KEY], tools: harness.addOn }).app;
  });
  after(() => harness.close());

  const call = (method: string, path: string, key: string | null, body?: string) =>
    app.fetch(
      new Request(`http://hearth.test${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
        ...(body === undefined ? {} : { body }),
      }),
    );
  const propose = async () => {
    const result = await harness.addOn.guard.call('call-service', {
      instance: ADDRESS,
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
    });
    return JSON.parse(result.text).untrusted_data.proposal_id as string;
  };

  it('the limits: read with any key, saved only with the admin key, refused as a whole when unsafe', async () => {
    assert.equal((await call('GET', '/admin/policy', null)).status, 401);
    const read = await call('GET', '/admin/policy', API_KEY);
    const policy = (await read.json()) as { valid: boolean; policy: { max_entities: number } };
    assert.deepEqual([read.status, policy.valid, policy.policy.max_entities], [200, true, 5]);
    assert.equal((await call('PUT', '/admin/policy', API_KEY, DEFAULT_POLICY_TEXT)).status, 401);
    const unsafe = await call(
      'PUT',
      '/admin/policy',
      ADMIN_KEY,
      '{"version": 1, "services": [{"service": "mqtt.*", "class": "quiet"}]}',
    );
    const error = ((await unsafe.json()) as { error: { message: string } }).error;
    assert.equal(unsafe.status, 400);
    assert.match(
      error.message,
      /^The limits were not saved: the new limits: services\.0\.service: .*mqtt\.\*.*never available/,
    );
    const saved = await call(
      'PUT',
      '/admin/policy',
      ADMIN_KEY,
      DEFAULT_POLICY_TEXT.replace('"max_entities": 5', '"max_entities": 2'),
    );
    assert.equal(saved.status, 200);
    assert.equal(
      ((await (await call('GET', '/admin/policy', ADMIN_KEY)).json()) as typeof policy).policy.max_entities,
      2,
    );
  });

  it('proposals: a person confirms (once) or cancels with the admin key; the journal shows the call', async () => {
    assert.ok(harness.addOn.connections.setWriteMode('home', 'ask-first'));
    const first = await propose();
    const second = await propose();
    assert.equal((await call('POST', `/admin/proposals/${first}/confirm`, API_KEY)).status, 401);
    const listed = (await (await call('GET', '/admin/proposals', ADMIN_KEY)).json()) as {
      proposals: { id: string; status: string }[];
    };
    assert.deepEqual(
      listed.proposals.map((p) => [p.id, p.status]),
      [
        [second, 'open'],
        [first, 'open'],
      ],
    );
    const confirmed = await call('POST', `/admin/proposals/${first}/confirm`, ADMIN_KEY);
    const body = (await confirmed.json()) as { outcome: string; operation_id: string; proposal: { status: string } };
    assert.deepEqual([confirmed.status, body.outcome, body.proposal.status], [200, 'done', 'confirmed']);
    assert.equal((await call('POST', `/admin/proposals/${first}/confirm`, ADMIN_KEY)).status, 409);
    assert.equal((await call('POST', `/admin/proposals/${second}/cancel`, ADMIN_KEY)).status, 200);
    assert.equal((await call('POST', `/admin/proposals/${second}/confirm`, ADMIN_KEY)).status, 409);
    assert.equal((await call('POST', '/admin/proposals/prop_nope/confirm', ADMIN_KEY)).status, 404);
    assert.equal(reader.calls.filter((name) => name === 'callService').length, 1);
    const journal = (await (await call('GET', '/admin/journal', ADMIN_KEY)).json()) as {
      operations: { operation_id: string; state: string; service: string; entity_ids: string[] }[];
    };
    assert.deepEqual(journal.operations, [
      {
        ...journal.operations[0]!,
        operation_id: body.operation_id,
        state: 'done',
        service: 'light.turn_on',
        entity_ids: ['light.kitchen'],
      },
    ]);
  });

  it('a connection’s write mode is set through PATCH, and a bad one is named', async () => {
    const bad = await call('PATCH', '/admin/connections/home', ADMIN_KEY, '{"write_mode": "always"}');
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: { param: string } }).error.param, 'write_mode');
    const good = await call('PATCH', '/admin/connections/home', ADMIN_KEY, '{"write_mode": "act"}');
    assert.equal(((await good.json()) as { connection: { write_mode: string } }).connection.write_mode, 'act');
  });
});
