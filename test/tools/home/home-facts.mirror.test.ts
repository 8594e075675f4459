// The exclusions read from the connection's registry mirror (issue 29): a label or area change made in Home Assistant
// applies to the very next call, the mirror is read again after a reconnect, and a read sends one HTTP request.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHomeAssistantReader, type HomeAssistantClient } from '../../../src/homeassistant/index.ts';
import { createToolGuard, type ToolGuard } from '../../../src/tools/index.ts';
import {
  ADMIN_TOKEN,
  ENTITIES,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  NOTABLE_ENTITIES,
  STATES,
  startFakeHomeAssistant,
  USER_TOKEN,
} from '../../fakes/home-assistant/index.ts';
import { limitsExcluding } from '../limits.ts';

const NOW = Date.parse('2026-01-08T12:00:00Z');
const EXCLUDED = new Set<string>([...NOTABLE_ENTITIES.excludedByDomain, ...NOTABLE_ENTITIES.excludedByLabel]);
const REGISTERED = new Set(ENTITIES.map((entity) => entity.entity_id));

/** The family: every entity the default limits show that a label or an area can be given (it is registered). */
const SUBJECTS = STATES.map((state) => state.entity_id).filter((id) => !EXCLUDED.has(id) && REGISTERED.has(id));
const domainOf = (entityId: string): string => entityId.slice(0, entityId.indexOf('.'));

interface Home {
  fake: FakeHomeAssistant;
  reader: HomeAssistantClient;
  guard: ToolGuard;
  close(): Promise<void>;
}

/** One fake and the guard over it, with the default limits plus `exclude` (e.g. an excluded area). */
async function open(options: { exclude?: Record<string, unknown>; token?: string } = {}): Promise<Home> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
  const reader = createHomeAssistantReader({ address: fake.rootUrl, token: options.token ?? ADMIN_TOKEN });
  const limits = limitsExcluding(options.exclude ?? {});
  const guard = createToolGuard({
    connections: () => [{ name: 'home', address: fake.rootUrl, reader, writer: reader, writeMode: 'read-only' }],
    limits: () => limits,
    clock: { now: () => NOW, monotonic: () => 0 },
  });
  await whenMirrorReady(reader);
  return {
    fake,
    reader,
    guard,
    close: async () => {
      await reader.close();
      await fake.close();
    },
  };
}

/** Waits (a few milliseconds at a time, two seconds at most) until the reader's mirror, read in the background, is ready. */
async function whenMirrorReady(reader: HomeAssistantClient): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if ((await reader.readRegistries?.())?.ok === true) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.fail('the mirror never became ready');
}

/** What a client sees of one entity: its state through get-state, and whether search-entities lists it. */
async function seen(home: Home, entityId: string): Promise<{ state: string; listed: boolean }> {
  const instance = home.fake.rootUrl;
  const read = await home.guard.call('get-state', { instance, entity_id: entityId });
  const search = await home.guard.call('search-entities', { instance, domain: domainOf(entityId) });
  assert.equal(search.isError, false, search.text);
  const listed = (JSON.parse(search.text).untrusted_data.entities as { entity_id: string }[]).some(
    (entity) => entity.entity_id === entityId,
  );
  return { state: read.isError ? read.text : JSON.parse(read.text).untrusted_data.entity_id, listed };
}

/** The refusal get-state gives an entity the tools may not show (the same as for one Home Assistant lacks). */
async function refusalFor(home: Home, entityId: string): Promise<string> {
  const missing = 'light.not_in_this_home';
  const read = await home.guard.call('get-state', { instance: home.fake.rootUrl, entity_id: missing });
  assert.equal(read.isError, true);
  return read.text.replaceAll(missing, entityId);
}

const SHOWN = (entityId: string) => ({ state: entityId, listed: true });

describe('the label exclusion follows a label added in Home Assistant at the very next call', () => {
  let home: Home;
  before(async () => (home = await open()));
  after(() => home.close());

  for (const entityId of SUBJECTS)
    it(`${entityId}: shown; labelled sensitive, refused and unlisted; unlabelled, shown again`, async () => {
      const labels = home.fake.home.registries.current().entities.find((e) => e.entity_id === entityId)?.labels ?? [];
      assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
      home.fake.home.registries.updateEntity(entityId, { labels: [...labels, 'sensitive'] });
      assert.deepEqual(await seen(home, entityId), { state: await refusalFor(home, entityId), listed: false });
      home.fake.home.registries.updateEntity(entityId, { labels });
      assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
    });
});

describe('a label created in Home Assistant and excluded by its name applies at the very next call', () => {
  let home: Home;
  before(async () => (home = await open({ exclude: { labels: ['Private Things'] } })));
  after(() => home.close());

  it('the label is created, then given to entities one by one; each is hidden at once', async () => {
    home.fake.home.registries.createLabel({
      label_id: 'private_things',
      name: 'Private Things',
      color: null,
      icon: null,
      description: null,
    });
    for (const entityId of SUBJECTS) {
      assert.deepEqual(await seen(home, entityId), SHOWN(entityId), entityId);
      home.fake.home.registries.updateEntity(entityId, { labels: ['private_things'] });
      assert.deepEqual(await seen(home, entityId), { state: await refusalFor(home, entityId), listed: false });
    }
  });
});

describe('the area exclusion follows an area change in Home Assistant at the very next call', () => {
  let home: Home;
  // The garage's own entities are hidden from the start; each other entity is moved in and out.
  const inGarage = ['light.patio', 'cover.garage_door', 'sensor.garage_humidity', 'binary_sensor.garage_window'];
  const subjects = SUBJECTS.filter((id) => !inGarage.includes(id));
  before(async () => (home = await open({ exclude: { areas: ['garage'] } })));
  after(() => home.close());

  for (const entityId of subjects)
    it(`${entityId}: moved into the excluded garage, hidden; moved back, shown`, async () => {
      const before = home.fake.home.registries.current().entities.find((e) => e.entity_id === entityId);
      assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
      home.fake.home.registries.updateEntity(entityId, { area_id: 'garage' });
      assert.deepEqual(await seen(home, entityId), { state: await refusalFor(home, entityId), listed: false });
      home.fake.home.registries.updateEntity(entityId, { area_id: before?.area_id ?? null });
      assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
    });

  for (const [deviceId, entityId] of [
    ['dev_kitchen_light', 'light.kitchen'],
    ['dev_office_climate', 'sensor.office_temperature'],
    ['dev_phone', 'device_tracker.phone'],
    ['dev_power_strip', 'switch.tv_socket'],
  ] as const)
    it(`${entityId}: its device ${deviceId} moved into the garage, hidden; moved back, shown`, async () => {
      const before = home.fake.home.registries.current().devices.find((device) => device.id === deviceId);
      assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
      home.fake.home.registries.updateDevice(deviceId, { area_id: 'garage' });
      assert.deepEqual(await seen(home, entityId), { state: await refusalFor(home, entityId), listed: false });
      home.fake.home.registries.updateDevice(deviceId, { area_id: before?.area_id ?? null });
      assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
    });

  it('switch.bedroom_fan keeps its own area when its device moves into the garage', async () => {
    home.fake.home.registries.updateDevice('dev_power_strip', { area_id: 'garage' });
    assert.deepEqual(await seen(home, 'switch.bedroom_fan'), SHOWN('switch.bedroom_fan'));
    home.fake.home.registries.updateDevice('dev_power_strip', { area_id: 'living_room' });
  });
});

describe('an area excluded by its name follows a rename in Home Assistant at the very next call', () => {
  let home: Home;
  before(async () => (home = await open({ exclude: { areas: ['Workshop'] } })));
  after(() => home.close());

  it('the office renamed Workshop hides its entities; renamed back, shows them', async () => {
    const office = ['light.office_desk', 'sensor.office_temperature', 'sensor.office_humidity'];
    for (const entityId of office) assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
    home.fake.home.registries.updateArea('office', { name: 'Workshop' });
    for (const entityId of office)
      assert.deepEqual(await seen(home, entityId), { state: await refusalFor(home, entityId), listed: false });
    home.fake.home.registries.updateArea('office', { name: 'Office' });
    for (const entityId of office) assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
  });
});

describe('after Home Assistant drops the WebSocket, the registries are read again before the mirror answers', () => {
  for (const token of [ADMIN_TOKEN, USER_TOKEN])
    for (const entityId of ['light.kitchen', 'sensor.office_temperature', 'media_player.living_room_tv'])
      it(`${entityId} (${token === ADMIN_TOKEN ? 'admin' : 'user'}): labelled while the socket is down, hidden at the next call`, async () => {
        const home = await open({ token });
        try {
          assert.deepEqual(await seen(home, entityId), SHOWN(entityId));
          const opened = home.fake.log.ws.length;
          home.fake.dropWebSockets();
          home.fake.home.registries.updateEntity(entityId, { labels: ['sensitive'] });
          const refused = { state: await refusalFor(home, entityId), listed: false };
          // At once: the mirror is not ready (its socket is gone), so the call reads the templates.
          assert.deepEqual(await seen(home, entityId), refused);
          // Then from a new connection's mirror, subscribed and listed again from nothing.
          await whenMirrorReady(home.reader);
          const frames = home.fake.log.ws.length;
          assert.deepEqual(await seen(home, entityId), refused);
          const sent = (from: number) =>
            home.fake.log.ws
              .slice(from)
              .filter((frame) => frame.direction === 'in')
              .map((frame) => String(frame.data));
          assert.equal(sent(opened).filter((data) => data.includes('config/entity_registry/list')).length, 1);
          assert.deepEqual(
            sent(frames).map((data) => JSON.parse(data).type),
            ['ping', 'ping'],
          );
        } finally {
          await home.close();
        }
      });
});
