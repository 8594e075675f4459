// The reader's registry mirror against the fake Home Assistant over its real WebSocket: what it sends, how fresh it is,
// and what it does when the connection goes.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createHomeAssistantReader,
  type HaRegistries,
  type HomeAssistantClient,
  type Read,
} from '../../../src/homeassistant/index.ts';
import {
  ADMIN_TOKEN,
  AREAS,
  DEVICES,
  ENTITIES,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeRegistries,
  LABELS,
  startFakeHomeAssistant,
  USER_TOKEN,
} from '../../fakes/home-assistant/index.ts';

/** The commands the reader sent since `from` (auth left out), in order. */
function sentSince(fake: FakeHomeAssistant, from: number): string[] {
  return fake.log.ws
    .slice(from)
    .filter((frame) => frame.direction === 'in' && typeof frame.data === 'string')
    .map((frame) => JSON.parse(frame.data as string) as { type: string; event_type?: string })
    .filter((message) => message.type !== 'auth')
    .map((message) => (message.event_type === undefined ? message.type : `${message.type} ${message.event_type}`));
}

/**
 * The reader's mirror read once it is ready: the first reads start it in the background and answer undefined, so this
 * asks again after a few milliseconds (at most two seconds in all).
 */
async function mirrorOf(reader: HomeAssistantClient): Promise<Read<HaRegistries>> {
  assert.ok(reader.readRegistries !== undefined);
  for (let attempt = 0; attempt < 400; attempt++) {
    const read = await reader.readRegistries();
    if (read !== undefined) return read;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return assert.fail('the mirror never became ready');
}

function value(read: Read<HaRegistries>): HaRegistries {
  assert.equal(read.ok, true, read.ok ? '' : read.reason);
  return (read as { ok: true; value: HaRegistries }).value;
}

/** One change of each registry, what it must show at the next read, and the list that must be read again. */
const CHANGES: {
  name: string;
  change: (registries: FakeRegistries) => void;
  shows: (registries: HaRegistries) => unknown;
  expected: unknown;
  list: string;
}[] = [
  ...ENTITIES.slice(0, 6).map((entity) => ({
    name: `a label on ${entity.entity_id}`,
    change: (registries: FakeRegistries) => registries.updateEntity(entity.entity_id, { labels: ['sensitive'] }),
    shows: (registries: HaRegistries) => registries.entities.find((e) => e.entity_id === entity.entity_id)?.labels,
    expected: ['sensitive'],
    list: 'config/entity_registry/list',
  })),
  ...ENTITIES.slice(6, 12).map((entity) => ({
    name: `${entity.entity_id} moved to the garage`,
    change: (registries: FakeRegistries) => registries.updateEntity(entity.entity_id, { area_id: 'garage' }),
    shows: (registries: HaRegistries) => registries.entities.find((e) => e.entity_id === entity.entity_id)?.area_id,
    expected: 'garage',
    list: 'config/entity_registry/list',
  })),
  ...DEVICES.slice(0, 4).map((device) => ({
    name: `the device ${device.id} moved to the hallway`,
    change: (registries: FakeRegistries) => registries.updateDevice(device.id, { area_id: 'hallway' }),
    shows: (registries: HaRegistries) => registries.devices.find((d) => d.id === device.id)?.area_id,
    expected: 'hallway',
    list: 'config/device_registry/list',
  })),
  ...AREAS.slice(0, 3).map((area) => ({
    name: `the area ${area.area_id} renamed`,
    change: (registries: FakeRegistries) => registries.updateArea(area.area_id, { name: `${area.name} 2` }),
    shows: (registries: HaRegistries) => registries.areas.find((a) => a.area_id === area.area_id)?.name,
    expected: `${area.name} 2`,
    list: 'config/area_registry/list',
  })),
  ...LABELS.map((label) => ({
    name: `the label ${label.label_id} renamed`,
    change: (registries: FakeRegistries) => registries.updateLabel(label.label_id, { name: `${label.name} 2` }),
    shows: (registries: HaRegistries) => registries.labels?.find((l) => l.label_id === label.label_id)?.name,
    expected: `${label.name} 2`,
    list: 'config/label_registry/list',
  })),
];

for (const token of [ADMIN_TOKEN, USER_TOKEN])
  describe(`the registry mirror (${token === ADMIN_TOKEN ? 'admin' : 'user'} token)`, () => {
    let fake: FakeHomeAssistant;
    let reader: HomeAssistantClient;
    before(async () => {
      fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
      reader = createHomeAssistantReader({ address: fake.rootUrl, token });
    });
    after(async () => {
      await reader.close();
      await fake.close();
    });

    it('the first read subscribes to the four registry events, then lists the four registries, then pings', async () => {
      const registries = value(await mirrorOf(reader));
      assert.deepEqual(
        registries.entities.map((entity) => [entity.entity_id, entity.area_id, entity.labels]),
        ENTITIES.map((entity) => [entity.entity_id, entity.area_id, entity.labels]),
      );
      assert.deepEqual(
        registries.labels?.map((label) => label.label_id),
        LABELS.map((label) => label.label_id),
      );
      assert.deepEqual(sentSince(fake, 0), [
        'subscribe_events area_registry_updated',
        'subscribe_events label_registry_updated',
        'subscribe_events device_registry_updated',
        'subscribe_events entity_registry_updated',
        'config/area_registry/list',
        'config/label_registry/list',
        'config/device_registry/list',
        'config/entity_registry/list',
        'ping',
      ]);
    });

    it('a read with no change since sends the barrier alone: one ping', async () => {
      for (let round = 0; round < 3; round++) {
        const from = fake.log.ws.length;
        value(await mirrorOf(reader));
        assert.deepEqual(sentSince(fake, from), ['ping']);
      }
    });

    for (const row of CHANGES)
      it(`${row.name}: the very next read shows it, the changed registry listed once more`, async () => {
        const from = fake.log.ws.length;
        row.change(fake.home.registries);
        assert.deepEqual(row.shows(value(await mirrorOf(reader))), row.expected);
        assert.deepEqual(sentSince(fake, from).sort(), ['ping', row.list].sort());
      });
  });

describe('the registry mirror and a dropped connection', () => {
  for (const entity of ENTITIES.slice(0, 4))
    it(`${entity.entity_id} labelled while the socket is down: never the old labels, then the new ones`, async () => {
      const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
      const reader = createHomeAssistantReader({ address: fake.rootUrl, token: ADMIN_TOKEN });
      try {
        value(await mirrorOf(reader));
        fake.dropWebSockets();
        fake.home.registries.updateEntity(entity.entity_id, { labels: ['outdoor'] });
        const labelsOf = (read: Read<HaRegistries> | undefined) =>
          read?.ok ? read.value.entities.find((e) => e.entity_id === entity.entity_id)?.labels : 'not read';
        // The next read finds the old socket closed (not ready: read again in the background), or still open (its
        // barrier fails); never the labels from before.
        assert.equal(labelsOf(await reader.readRegistries?.()), 'not read');
        assert.deepEqual(labelsOf(await mirrorOf(reader)), ['outdoor']);
      } finally {
        await reader.close();
        await fake.close();
      }
    });

  it('a Home Assistant that stopped: not ready or a failure, never the last mirror', async () => {
    const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    const reader = createHomeAssistantReader({ address: fake.rootUrl, token: ADMIN_TOKEN, timeoutMs: 2000 });
    try {
      value(await mirrorOf(reader));
      await fake.close();
      for (let round = 0; round < 3; round++) {
        const read = await reader.readRegistries?.();
        assert.equal(read === undefined || (!read.ok && read.failure === 'unreachable'), true);
      }
    } finally {
      await reader.close();
    }
  });

  it('on Home Assistant 2024.3 (no label registry) the mirror holds no labels, and entities carry none', async () => {
    const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, haVersion: '2024.3.3' });
    const reader = createHomeAssistantReader({ address: fake.rootUrl, token: USER_TOKEN });
    try {
      const registries = value(await mirrorOf(reader));
      assert.equal(registries.labels, undefined);
      assert.deepEqual(
        registries.entities.filter((entity) => entity.labels !== undefined),
        [],
      );
    } finally {
      await reader.close();
      await fake.close();
    }
  });
});
