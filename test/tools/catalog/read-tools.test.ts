// The seven read tools through the guard and the real reader, against the fake Home Assistant over loopback sockets.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHomeAssistantReader } from '../../../src/homeassistant/index.ts';
import { createToolGuard, UNTRUSTED_NOTE } from '../../../src/tools/index.ts';
import { limitsExcluding } from '../limits.ts';
import {
  ADMIN_TOKEN,
  CAMERA_ACCESS_TOKEN,
  FIXTURE_TOKENS,
  HISTORY,
  HOME_LOCATION,
  INJECTED_LIGHT_NAME,
  LOGBOOK_INJECTIONS,
  NOTABLE_ENTITIES,
  STATES,
  startFakeHomeAssistant,
} from '../../fakes/home-assistant/index.ts';

const NOW = Date.parse('2026-01-08T12:00:00Z');

interface Body {
  untrusted_data: Record<string, unknown> & { [key: string]: any };
  note: string;
  notices?: string[];
}

/**
 * The tools over a fake. `withoutMirror` hides the reader's registry mirror, so the facts are read the way they are
 * when the mirror cannot vouch for them: with the fixed templates.
 */
async function open(options: { version?: string; token?: string; exclusions?: unknown; withoutMirror?: boolean } = {}) {
  const fake = await startFakeHomeAssistant({
    tokens: FIXTURE_TOKENS,
    ...(options.version ? { haVersion: options.version } : {}),
  });
  const client = createHomeAssistantReader({ address: fake.rootUrl, token: options.token ?? ADMIN_TOKEN });
  const reader = options.withoutMirror ? { ...client, readRegistries: undefined } : client;
  const guard = createToolGuard({
    connections: () => [{ name: 'home', address: fake.rootUrl, reader, writer: reader, writeMode: 'read-only' }],
    limits: () => limitsExcluding((options.exclusions ?? {}) as Record<string, unknown>),
    clock: { now: () => NOW, monotonic: () => 0 },
  });
  const call = async (name: string, args: object = {}) => guard.call(name, { instance: fake.rootUrl, ...args });
  const data = async (name: string, args: object = {}): Promise<Body> => {
    const result = await call(name, args);
    assert.equal(result.isError, false, result.text);
    const body = JSON.parse(result.text) as Body;
    assert.equal(body.note, UNTRUSTED_NOTE);
    return body;
  };
  return {
    fake,
    reader,
    guard,
    call,
    data,
    close: async () => {
      await reader.close();
      await fake.close();
    },
  };
}

const EXCLUDED = [...NOTABLE_ENTITIES.excludedByDomain, ...NOTABLE_ENTITIES.excludedByLabel];
const VISIBLE = STATES.map((state) => state.entity_id).filter((id) => !EXCLUDED.includes(id as never));

describe('read tools on a modern Home Assistant (default exclusions)', () => {
  let home: Awaited<ReturnType<typeof open>>;
  before(async () => (home = await open()));
  after(() => home.close());

  it('get-config: version, time zone, units, language and state, no location, address or path', async () => {
    const body = await home.data('get-config');
    assert.deepEqual(Object.keys(body.untrusted_data).sort(), [
      'language',
      'state',
      'time_zone',
      'unit_system',
      'version',
    ]);
    assert.equal(body.untrusted_data.version, '2025.10.1');
    assert.doesNotMatch(JSON.stringify(body), /latitude|longitude|config_dir|internal_url|external_url|location_name/);
  });

  it('list-areas: every area, counts without excluded entities, and the entities in no area', async () => {
    const { untrusted_data: areas } = await home.data('list-areas');
    const counted = areas.areas.reduce((sum: number, area: { entities: number }) => sum + area.entities, 0);
    assert.equal(counted + areas.without_area.entities, VISIBLE.length);
    assert.deepEqual(
      areas.areas.map((area: { id: string }) => area.id),
      ['living_room', 'kitchen', 'bedroom', 'office', 'garage', 'hallway'],
    );
    const bedroom = areas.areas.find((area: { id: string }) => area.id === 'bedroom');
    // switch.bedroom_fan's own area (bedroom) overrides its device's (living room).
    assert.deepEqual(bedroom, {
      id: 'bedroom',
      name: 'Bedroom',
      devices: 3,
      entities: 4,
      unavailable: 0,
      domains: { light: 1, switch: 1, sensor: 1, binary_sensor: 1 },
    });
    const unavailable = areas.areas.reduce((sum: number, area: { unavailable: number }) => sum + area.unavailable, 0);
    assert.equal(unavailable + areas.without_area.unavailable, NOTABLE_ENTITIES.unavailable.length);
    assert.doesNotMatch(JSON.stringify(areas), /"lock"|"camera"|"alarm_control_panel"/);
  });

  it('search-entities: by domain, area, words and state; excluded entities never appear', async () => {
    const ids = async (args: object) =>
      (await home.data('search-entities', args)).untrusted_data.entities.map(
        (entity: { entity_id: string }) => entity.entity_id,
      );
    assert.deepEqual(await ids({ domain: 'light' }), [
      'light.bedroom',
      'light.hallway',
      'light.hallway_spot',
      'light.kitchen',
      'light.living_room',
      'light.office_desk',
      'light.patio',
    ]);
    assert.deepEqual(await ids({ area: 'Bedroom' }), [
      'binary_sensor.bedroom_window',
      'light.bedroom',
      'sensor.bedroom_temperature',
      'switch.bedroom_fan',
    ]);
    assert.deepEqual(await ids({ words: 'temperature' }), [
      'sensor.bedroom_temperature',
      'sensor.office_temperature',
      'sensor.outdoor_temperature',
    ]);
    assert.deepEqual(await ids({ state: 'unavailable' }), [...NOTABLE_ENTITIES.unavailable].sort());
    assert.deepEqual(await ids({ domain: 'lock' }), []);
    assert.deepEqual(await ids({ words: 'safe power' }), []);
    const all = await home.data('search-entities');
    assert.equal(all.untrusted_data.total, VISIBLE.length);
    assert.equal(all.untrusted_data.entities.length, Math.min(50, VISIBLE.length));
    const unknownArea = await home.call('search-entities', { area: 'Attic' });
    assert.equal(unknownArea.isError, true);
    assert.equal(unknownArea.text, 'Home Assistant has no area "Attic"; list-areas shows its areas.');
  });

  it('get-state: attributes with locations and secrets removed; excluded and unknown entities answered alike', async () => {
    const person = await home.data('get-state', { entity_id: 'person.alex' });
    assert.equal(person.untrusted_data.state, 'home');
    assert.equal(person.untrusted_data.attributes.friendly_name, 'Alex');
    const text = JSON.stringify(person);
    for (const secret of ['latitude', 'longitude', 'gps_accuracy', String(HOME_LOCATION.latitude)])
      assert.ok(!text.includes(secret), secret);
    for (const entity_id of [...EXCLUDED, 'light.nowhere']) {
      const result = await home.call('get-state', { entity_id });
      assert.deepEqual(result, {
        isError: true,
        text: `${entity_id} is not available to the tools: Home Assistant has no such entity, or hearth's limits exclude it`,
      });
    }
    // Excluded entities are refused before Home Assistant is asked about them.
    const asked = home.fake.log.requests.map((request) => request.path);
    for (const entity_id of EXCLUDED) assert.ok(!asked.some((path) => path.includes(entity_id)), entity_id);
  });

  it('get-history: at most 100 points, evenly spread, with min, max and mean of every reading', async () => {
    const body = await home.data('get-history', { entity_id: 'sensor.office_temperature', hours: 168 });
    const readings = HISTORY['sensor.office_temperature']!.map((row) => Number(row.state));
    const history = body.untrusted_data;
    assert.equal(history.total, readings.length);
    assert.equal(history.points.length, 100);
    assert.equal(history.points[0].state, HISTORY['sensor.office_temperature']![0]!.state);
    assert.equal(history.points[99].state, HISTORY['sensor.office_temperature']!.at(-1)!.state);
    const mean = readings.reduce((sum, value) => sum + value, 0) / readings.length;
    assert.deepEqual(history.numeric, {
      min: Math.min(...readings),
      max: Math.max(...readings),
      mean: Math.round(mean * 1000) / 1000,
      readings: readings.length,
    });
    assert.deepEqual(body.notices, [
      `100 of ${readings.length} state changes are shown, evenly spread over the window.`,
    ]);
    const day = await home.data('get-history', { entity_id: 'light.kitchen' });
    assert.equal(day.untrusted_data.numeric, undefined);
    assert.ok(day.untrusted_data.points.every((point: { state: string }) => ['on', 'off'].includes(point.state)));
    assert.equal((await home.call('get-history', { entity_id: 'lock.front_door' })).isError, true);
  });

  it('get-logbook: the newest 50 entries, newest first; planted instructions stay untrusted data', async () => {
    const body = await home.data('get-logbook', { entity_id: 'light.kitchen', hours: 168 });
    const entries = body.untrusted_data.entries as { when: string; entity_id: string }[];
    assert.equal(entries.length, 50);
    assert.ok(entries.every((entry, index) => index === 0 || entry.when <= entries[index - 1]!.when));
    assert.ok(entries.every((entry) => entry.entity_id === 'light.kitchen'));
    assert.match(body.notices?.[0] ?? '', /^The newest 50 of \d+ entries are shown\.$/);
    const all = JSON.stringify(await home.data('search-entities', { domain: 'logbook' }));
    assert.doesNotMatch(all, /unlock lock\.front_door/);
  });

  it('list-services: only the default allowlist, never reloads, notify, locks or homeassistant; each with its tool', async () => {
    const { untrusted_data } = await home.data('list-services');
    // The two keys call-service takes, as they are.
    const services = untrusted_data.services as { domain: string; service: string; tool: string }[];
    assert.deepEqual(
      services.map((service) => `${service.domain}.${service.service} ${service.tool}`),
      [
        'climate.set_hvac_mode call-physical-service',
        'climate.set_temperature call-physical-service',
        'input_boolean.toggle call-service',
        'input_boolean.turn_off call-service',
        'input_boolean.turn_on call-service',
        'light.toggle call-service',
        'light.turn_off call-service',
        'light.turn_on call-service',
        'media_player.media_next_track call-service',
        'media_player.media_pause call-service',
        'media_player.media_play call-service',
        'media_player.media_play_pause call-service',
        'media_player.media_previous_track call-service',
        'media_player.media_stop call-service',
        'media_player.volume_down call-service',
        'media_player.volume_mute call-service',
        'media_player.volume_set call-service',
        'media_player.volume_up call-service',
        'scene.turn_on call-physical-service',
        'script.turn_on call-physical-service',
        'switch.toggle call-service',
        'switch.turn_off call-service',
        'switch.turn_on call-service',
      ],
    );
  });
});

describe('read tools: injection, redaction and older Home Assistants', () => {
  it('an instruction in a name or a logbook message comes back marked untrusted and bounded', async () => {
    const home = await open();
    try {
      const light = await home.data('get-state', { entity_id: NOTABLE_ENTITIES.injectedName });
      assert.equal(light.untrusted_data.attributes.friendly_name, INJECTED_LIGHT_NAME);
      const digest = await home.data('get-state', { entity_id: NOTABLE_ENTITIES.longAttribute });
      assert.equal(digest.untrusted_data.attributes.digest.length, 200);
      assert.match(digest.notices?.at(-1) ?? '', /The result was cut: the end of 1 text value/);
    } finally {
      await home.close();
    }
    // A lock made readable: its logbook holds a planted instruction, which comes back as data.
    const readable = await open({ exclusions: { domains: [] } });
    try {
      const logbook = await readable.data('get-logbook', { entity_id: 'lock.front_door', hours: 168 });
      const messages = logbook.untrusted_data.entries.map((entry: { message?: string }) => entry.message);
      assert.ok(messages.includes(LOGBOOK_INJECTIONS[0]), JSON.stringify(messages));
    } finally {
      await readable.close();
    }
  });

  it('a camera made readable still loses its picture address and access token', async () => {
    const home = await open({ exclusions: { domains: ['lock', 'alarm_control_panel'] } });
    try {
      const camera = await home.call('get-state', { entity_id: 'camera.driveway' });
      assert.equal(camera.isError, false);
      assert.ok(!camera.text.includes(CAMERA_ACCESS_TOKEN));
      assert.doesNotMatch(camera.text, /entity_picture|access_token|camera_proxy/);
    } finally {
      await home.close();
    }
  });

  it('on 2024.3 (no labels) the label exclusion is not applied, and the result says so', async () => {
    const home = await open({ version: '2024.3.3' });
    try {
      const body = await home.data('get-state', { entity_id: 'switch.safe_power' });
      assert.deepEqual(body.notices, [
        'The label exclusion was not applied: this Home Assistant does not report labels.',
      ]);
      const search = await home.data('search-entities', { domain: 'switch' });
      assert.ok(
        search.notices?.includes('The label exclusion was not applied: this Home Assistant does not report labels.'),
      );
    } finally {
      await home.close();
    }
  });

  it('on 2023.1 (no areas()) the areas come from the registries, the same as on a modern one', async () => {
    // Without the label rule, which 2023.1 cannot apply (it has no labels), both homes show the same entities.
    const modern = await open({ exclusions: { labels: [] } });
    const old = await open({ version: '2023.1.7', exclusions: { labels: [] } });
    try {
      const [a, b] = [await modern.data('list-areas'), await old.data('list-areas')];
      assert.deepEqual(b.untrusted_data, a.untrusted_data);
      assert.ok(
        old.fake.log.ws.some(
          (frame) => frame.direction === 'in' && String(frame.data).includes('config/area_registry/list'),
        ),
      );
    } finally {
      await modern.close();
      await old.close();
    }
  });

  it("a user's token (not an admin) reads areas from the registry mirror over the WebSocket, no template", async () => {
    const { USER_TOKEN } = await import('../../fakes/home-assistant/index.ts');
    const home = await open({ token: USER_TOKEN });
    try {
      // The first call starts the mirror in the background (and reads the templates); once it is ready, it answers.
      await home.data('search-entities', { area: 'kitchen' });
      const ready = async () => (await home.reader.readRegistries?.())?.ok === true;
      for (let attempt = 0; attempt < 400 && !(await ready()); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const templates = home.fake.log.templates.length;
      const body = await home.data('search-entities', { area: 'kitchen' });
      assert.deepEqual(
        body.untrusted_data.entities.map((entity: { entity_id: string }) => entity.entity_id),
        ['light.kitchen', 'switch.coffee_machine'],
      );
      const sent = home.fake.log.ws.filter((frame) => frame.direction === 'in').map((frame) => String(frame.data));
      assert.equal(sent.filter((data) => data.includes('"config/area_registry/list"')).length, 1);
      assert.equal(home.fake.log.templates.length, templates);
    } finally {
      await home.close();
    }
  });

  it("without the mirror, a user's token reads areas over the WebSocket's render_template", async () => {
    const { USER_TOKEN } = await import('../../fakes/home-assistant/index.ts');
    const home = await open({ token: USER_TOKEN, withoutMirror: true });
    try {
      const body = await home.data('search-entities', { area: 'kitchen' });
      assert.deepEqual(
        body.untrusted_data.entities.map((entity: { entity_id: string }) => entity.entity_id),
        ['light.kitchen', 'switch.coffee_machine'],
      );
      assert.ok(
        home.fake.log.ws.some((frame) => frame.direction === 'in' && String(frame.data).includes('render_template')),
      );
    } finally {
      await home.close();
    }
  });

  it('only the fixed templates are ever rendered', async () => {
    const home = await open({ withoutMirror: true });
    try {
      const calls: [string, object][] = [
        ['list-areas', {}],
        ['search-entities', { area: 'kitchen' }],
        ['get-state', { entity_id: 'light.kitchen' }],
        ['get-history', { entity_id: 'light.kitchen' }],
        ['get-logbook', { entity_id: 'light.kitchen' }],
      ];
      for (const [name, args] of calls) assert.equal((await home.call(name, args)).isError, false, name);
      const templates = new Set(home.fake.log.templates.map((entry) => entry.template));
      assert.equal(templates.size, 2);
      for (const template of templates) assert.match(template, /\| tojson \}\}$/);
    } finally {
      await home.close();
    }
  });
});
