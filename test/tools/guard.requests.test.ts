// What one tool call costs Home Assistant (issues 25, 29): the guard reads the visible home once per call, the tool and
// the boundary filter share it, and the labels come from the connection's registry mirror: after the first call, a
// proposal and a read each cost one HTTP read (the states) and the mirror's barrier (one WebSocket ping).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHomeAssistantReader, type HomeAssistantClient } from '../../src/homeassistant/index.ts';
import { createToolGuard, type ToolGuard } from '../../src/tools/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type AddOnHarness, createAddOnHarness } from './add-on-harness.ts';

describe('guard: Home Assistant requests per call (default limits)', () => {
  let fake: FakeHomeAssistant;
  let reader: HomeAssistantClient;
  let harness: AddOnHarness;
  let guard: ToolGuard;
  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    reader = createHomeAssistantReader({ address: fake.rootUrl, token: ADMIN_TOKEN });
    harness = createAddOnHarness({
      openReader: () => {
        throw new Error('no connection is opened here');
      },
    });
    guard = createToolGuard({
      connections: () => [{ name: 'home', address: fake.rootUrl, reader, writer: reader, writeMode: 'ask-first' }],
      limits: harness.addOn.limits.read,
      changes: harness.addOn.changes,
      clock: harness.clock,
    });
  });
  after(async () => {
    await reader.close();
    await fake.close();
    await harness.close();
  });

  /** The requests one call sends: HTTP requests and WebSocket commands, as the fake recorded them. */
  async function requestsOf(name: string, args: object): Promise<{ text: string; requests: string[] }> {
    const http = fake.log.requests.length;
    const ws = fake.log.ws.length;
    const result = await guard.call(name, { instance: fake.rootUrl, ...args });
    assert.equal(result.isError, false, result.text);
    const commands = fake.log.ws
      .slice(ws)
      .filter((frame) => frame.direction === 'in' && typeof frame.data === 'string')
      .map((frame) => `ws ${(JSON.parse(frame.data as string) as { type: string }).type}`)
      .filter((type) => type !== 'ws auth');
    const requests = [
      ...fake.log.requests.slice(http).map((request) => `${request.method} ${request.path.split('?')[0]}`),
      ...commands,
    ];
    return { text: result.text, requests: requests.sort() };
  }

  it('the first call reads the labels template (the mirror is not ready); the mirror is read once, in the background', async () => {
    const ws = fake.log.ws.length;
    const { requests } = await requestsOf('get-state', { entity_id: 'light.kitchen' });
    assert.deepEqual(
      requests.filter((request) => !request.startsWith('ws ') && request !== 'GET /api/websocket'),
      ['GET /api/states', 'POST /api/template'],
    );
    for (let attempt = 0; attempt < 400 && (await reader.readRegistries?.()) === undefined; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const commands = fake.log.ws
      .slice(ws)
      .filter((frame) => frame.direction === 'in' && typeof frame.data === 'string')
      .map((frame) => JSON.parse(frame.data as string) as { type: string })
      .filter((message) => message.type !== 'auth' && message.type !== 'ping')
      .map((message) => message.type)
      .sort();
    assert.deepEqual(commands, [
      'config/area_registry/list',
      'config/device_registry/list',
      'config/entity_registry/list',
      'config/label_registry/list',
      'subscribe_events',
      'subscribe_events',
      'subscribe_events',
      'subscribe_events',
    ]);
  });

  it('a proposal: the states and the barrier, nothing else (no second read for the boundary filter)', async () => {
    const { text, requests } = await requestsOf('call-service', {
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
    });
    assert.equal(JSON.parse(text).untrusted_data.status, 'awaiting-confirmation');
    assert.deepEqual(requests, ['GET /api/states', 'ws ping']);
  });

  for (const entityId of ['light.kitchen', 'sensor.office_temperature', 'switch.coffee_machine'])
    it(`a read of one entity (${entityId}): exactly one HTTP read, the states, and the barrier`, async () => {
      const { text, requests } = await requestsOf('get-state', { entity_id: entityId });
      assert.equal(JSON.parse(text).untrusted_data.entity_id, entityId);
      assert.deepEqual(requests, ['GET /api/states', 'ws ping']);
    });

  it('keep-alive: twenty reads open no new connection to Home Assistant', async () => {
    const opened = fake.connectionCount;
    for (let call = 0; call < 20; call++) await requestsOf('get-state', { entity_id: 'light.kitchen' });
    assert.equal(fake.connectionCount, opened);
  });

  it('a read that names no entity asks only for what it shows', async () => {
    const { requests } = await requestsOf('get-config', {});
    assert.deepEqual(requests, ['GET /api/config']);
  });
});
