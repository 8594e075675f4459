// The fake Home Assistant's REST routes over a real socket: auth, errors, config, states, services and templates.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  HA_VERSIONS,
  INJECTED_LIGHT_NAME,
  NOTABLE_ENTITIES,
  STATES,
  startFakeHomeAssistant,
  USER_TOKEN,
} from './index.ts';

const GUARD = { timeout: 10_000 };
const AREAS_TEMPLATE =
  '{% set ns = namespace(out=[]) %}{% for a in areas() %}{% set ns.out = ns.out + [{"id": a, "name": area_name(a), "entities": area_entities(a), "devices": area_devices(a)}] %}{% endfor %}{{ ns.out | tojson }}';
const LABELS_TEMPLATE =
  '{% set ns = namespace(out=[]) %}{% for l in labels() %}{% set ns.out = ns.out + [{"id": l, "name": label_name(l), "entities": label_entities(l)}] %}{% endfor %}{{ ns.out | tojson }}';

interface Area {
  id: string;
  name: string | null;
  entities: string[];
  devices: string[];
}

function start(options: Partial<FakeHomeAssistantOptions> = {}): Promise<FakeHomeAssistant> {
  return startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...options });
}

function get(fake: FakeHomeAssistant, path: string, token: string | null = ADMIN_TOKEN): Promise<Response> {
  return fetch(`${fake.rootUrl}${path}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

function postTemplate(fake: FakeHomeAssistant, body: string, token = ADMIN_TOKEN): Promise<Response> {
  return fetch(`${fake.rootUrl}/api/template`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
}

async function render(fake: FakeHomeAssistant, template: string): Promise<{ status: number; text: string }> {
  const response = await postTemplate(fake, JSON.stringify({ template }));
  return { status: response.status, text: await response.text() };
}

async function areas(fake: FakeHomeAssistant): Promise<Map<string, Area>> {
  const { status, text } = await render(fake, AREAS_TEMPLATE);
  assert.equal(status, 200, text);
  return new Map((JSON.parse(text) as Area[]).map((area) => [area.id, area]));
}

describe('fake Home Assistant REST', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await start({ nonAdminStates: ['light.kitchen', 'sensor.office_temperature'] });
  });
  after(() => fake.close());

  it('answers GET /api/ with "API running."', GUARD, async () => {
    const response = await get(fake, '/api/');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await response.json(), { message: 'API running.' });
  });

  it('refuses a missing or unknown token with a bare text 401 on every route', GUARD, async () => {
    for (const [path, token] of [
      ['/api/', null],
      ['/api/states', 'not-a-token'],
      ['/api/config', null],
      ['/api/history/period?filter_entity_id=light.kitchen', 'not-a-token'],
    ] as const) {
      const response = await get(fake, path, token);
      assert.equal(response.status, 401, path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
      assert.equal(await response.text(), '401: Unauthorized');
    }
  });

  it('answers an unknown path with a text 404 and a wrong method with 405', GUARD, async () => {
    const unknown = await get(fake, '/api/nothing-here');
    assert.equal(unknown.status, 404);
    assert.equal(await unknown.text(), '404: Not Found');
    const wrong = await fetch(`${fake.rootUrl}/api/config`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(wrong.status, 405);
    assert.equal(await wrong.text(), '405: Method Not Allowed');
  });

  it(
    'routes POST /api/services/<domain>/<service> (service-calls.test.ts covers it); a GET there is a 405',
    GUARD,
    async () => {
      const response = await get(fake, '/api/services/light/turn_on');
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'POST');
    },
  );

  it('sends the whole /api/config, location and paths included, with its version', GUARD, async () => {
    const config = (await (await get(fake, '/api/config')).json()) as Record<string, unknown>;
    assert.equal(config.version, '2025.10.1');
    for (const key of ['latitude', 'longitude', 'location_name', 'internal_url', 'external_url', 'config_dir'])
      assert.ok(config[key] !== undefined && config[key] !== null, key);
    assert.deepEqual(config.allowlist_external_dirs, ['/config/www', '/media']);
    assert.equal(config.time_zone, 'Europe/Amsterdam');
  });

  it('lists every state for an admin, in HA state-object shape', GUARD, async () => {
    const states = (await (await get(fake, '/api/states')).json()) as Record<string, unknown>[];
    assert.deepEqual(
      states.map((state) => state.entity_id),
      STATES.map((state) => state.entity_id),
    );
    const kitchen = states.find((state) => state.entity_id === 'light.kitchen');
    assert.deepEqual(Object.keys(kitchen ?? {}), [
      'entity_id',
      'state',
      'attributes',
      'last_changed',
      'last_reported',
      'last_updated',
      'context',
    ]);
    const unavailable = states.filter((state) => state.state === 'unavailable').map((state) => state.entity_id);
    assert.deepEqual(unavailable, [...NOTABLE_ENTITIES.unavailable]);
  });

  it('lists only the allowed states for a non-admin, and refuses others with 401', GUARD, async () => {
    const states = (await (await get(fake, '/api/states', USER_TOKEN)).json()) as { entity_id: string }[];
    assert.deepEqual(
      states.map((state) => state.entity_id),
      ['light.kitchen', 'sensor.office_temperature'],
    );
    assert.equal((await get(fake, '/api/states/light.kitchen', USER_TOKEN)).status, 200);
    const hidden = await get(fake, '/api/states/lock.front_door', USER_TOKEN);
    assert.equal(hidden.status, 401);
    assert.equal(await hidden.text(), '401: Unauthorized');
  });

  it('answers one state, or a JSON 404 "Entity not found."', GUARD, async () => {
    const camera = (await (await get(fake, '/api/states/camera.driveway')).json()) as {
      attributes: Record<string, string>;
    };
    assert.match(camera.attributes.entity_picture ?? '', /^\/api\/camera_proxy\/camera\.driveway\?token=/);
    assert.ok((camera.attributes.access_token ?? '').length > 20);
    const spot = (await (await get(fake, '/api/states/light.hallway_spot')).json()) as {
      attributes: Record<string, unknown>;
    };
    assert.equal(spot.attributes.friendly_name, INJECTED_LIGHT_NAME);
    const missing = await get(fake, '/api/states/light.nowhere');
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await missing.json(), { message: 'Entity not found.' });
  });

  it(
    'lists services as domains with a services object, `response` only where the service returns data',
    GUARD,
    async () => {
      const domains = (await (await get(fake, '/api/services')).json()) as {
        domain: string;
        services: Record<string, Record<string, unknown>>;
      }[];
      const byDomain = new Map(domains.map((entry) => [entry.domain, entry.services]));
      assert.deepEqual(Object.keys(byDomain.get('light') ?? {}), ['turn_on', 'turn_off', 'toggle']);
      assert.ok('brightness_pct' in ((byDomain.get('light')?.turn_on?.fields as object) ?? {}));
      assert.equal(byDomain.get('light')?.turn_on?.response, undefined);
      assert.deepEqual(byDomain.get('weather')?.get_forecasts?.response, { optional: false });
      assert.deepEqual(Object.keys(byDomain.get('input_boolean') ?? {}), ['turn_on', 'turn_off', 'toggle', 'reload']);
      assert.ok('volume_level' in ((byDomain.get('media_player')?.volume_set?.fields as object) ?? {}));
      for (const domain of [
        'switch',
        'climate',
        'scene',
        'script',
        'lock',
        'notify',
        'homeassistant',
        'cover',
        'camera',
      ])
        assert.ok(byDomain.has(domain), domain);
    },
  );

  it('records every request, refused ones included, with its body', GUARD, async () => {
    fake.log.clear();
    await get(fake, '/api/config', 'wrong');
    await postTemplate(fake, '{"template": "{{ 1 }}"}');
    assert.deepEqual(
      fake.log.requests.map((request) => [request.method, request.path, request.body]),
      [
        ['GET', '/api/config', ''],
        ['POST', '/api/template', '{"template": "{{ 1 }}"}'],
      ],
    );
    assert.equal(fake.log.requests[0]?.headers.authorization, 'Bearer wrong');
    assert.deepEqual(fake.log.templates, [{ via: 'rest', template: '{{ 1 }}' }]);
  });
});

describe('fake Home Assistant POST /api/template', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await start();
  });
  after(() => fake.close());

  it('renders the areas loop with HA membership rules', GUARD, async () => {
    const byId = await areas(fake);
    assert.deepEqual([...byId.keys()], ['living_room', 'kitchen', 'bedroom', 'office', 'garage', 'hallway']);
    assert.equal(byId.get('living_room')?.name, 'Living Room');
    // The power strip is in the living room; its fan socket's own area (bedroom) wins.
    assert.ok(byId.get('living_room')?.devices.includes('dev_power_strip'));
    assert.ok(!byId.get('living_room')?.entities.includes('switch.bedroom_fan'));
    assert.ok(byId.get('bedroom')?.entities.includes('switch.bedroom_fan'));
    assert.deepEqual(byId.get('garage')?.entities, [
      'light.patio',
      'cover.garage_door',
      'sensor.garage_humidity',
      'binary_sensor.garage_window',
      'camera.driveway',
    ]);
    assert.ok(byId.get('hallway')?.entities.includes('light.hallway_spot'));
    const everywhere = [...byId.values()].flatMap((area) => area.entities);
    assert.ok(!everywhere.includes('sensor.yaml_only'), 'a YAML-only entity is in no area');
  });

  it('renders the labels loop without inheriting device labels', GUARD, async () => {
    const { status, text } = await render(fake, LABELS_TEMPLATE);
    assert.equal(status, 200);
    assert.deepEqual(JSON.parse(text), [
      { entities: ['switch.safe_power'], id: 'sensitive', name: 'Sensitive' },
      { entities: ['sensor.outdoor_temperature', 'camera.driveway'], id: 'outdoor', name: 'Outdoor' },
    ]);
  });

  it('writes tojson like json.dumps (sorted keys, ", " and ": ") and to_json compact', GUARD, async () => {
    assert.equal(
      (await render(fake, '{{ {"b": area_name("kitchen"), "a": ["x", "y"]} | tojson }}')).text,
      '{"a": ["x", "y"], "b": "Kitchen"}',
    );
    assert.equal((await render(fake, '{{ {"b": 1, "a": none} | to_json }}')).text, '{"b":1,"a":null}');
  });

  it('renders a list without a JSON filter as Python repr, as text/plain', GUARD, async () => {
    const response = await postTemplate(fake, JSON.stringify({ template: '{{ areas() }}' }));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await response.text(), "['living_room', 'kitchen', 'bedroom', 'office', 'garage', 'hallway']");
    assert.equal((await render(fake, '{{ area_name("nowhere") }}|{{ undefined_variable }}|')).text, 'None||');
  });

  it('refuses a non-admin token with a bare 401', GUARD, async () => {
    const response = await postTemplate(fake, JSON.stringify({ template: '{{ areas() }}' }), USER_TOKEN);
    assert.equal(response.status, 401);
    assert.equal(await response.text(), '401: Unauthorized');
  });

  it('answers 400 when the body is not a JSON object', GUARD, async () => {
    for (const body of ['', '["{{ areas() }}"]', '"{{ areas() }}"']) {
      const response = await postTemplate(fake, body);
      assert.equal(response.status, 400, body);
      assert.deepEqual(await response.json(), { message: 'Template data should be a JSON object' });
    }
  });

  it('answers a template error with 400 "Error rendering template: <Cls>: <msg>"', GUARD, async () => {
    const cases: [string, string][] = [
      ['{{ areas( }}', "TemplateSyntaxError: unexpected 'end of print statement'"],
      ['{% for a in areas() %}{{ a }}', 'TemplateSyntaxError: Unexpected end of template'],
      ['{{ no_such_function() }}', "UndefinedError: 'no_such_function' is undefined"],
      ['{{ areas() | no_such_filter }}', "TemplateAssertionError: No filter named 'no_such_filter'."],
    ];
    for (const [template, error] of cases) {
      const response = await postTemplate(fake, JSON.stringify({ template }));
      assert.equal(response.status, 400, template);
      const { message } = (await response.json()) as { message: string };
      assert.ok(message.startsWith(`Error rendering template: ${error}`), message);
    }
  });
});

describe('fake Home Assistant templates by version and scenario', () => {
  it('has no labels on 2024.3: labels() is an UndefinedError 400, areas() works', GUARD, async () => {
    const fake = await start({ haVersion: HA_VERSIONS.preLabels });
    after(() => fake.close());
    const labels = await render(fake, LABELS_TEMPLATE);
    assert.equal(labels.status, 400);
    assert.deepEqual(JSON.parse(labels.text), {
      message: "Error rendering template: UndefinedError: 'labels' is undefined",
    });
    assert.equal((await areas(fake)).size, 6);
    const config = (await (await get(fake, '/api/config')).json()) as { version: string };
    assert.equal(config.version, '2024.3.3');
    const state = (await (await get(fake, '/api/states/light.kitchen')).json()) as Record<string, unknown>;
    assert.equal('last_reported' in state, false);
  });

  it('has no areas() on 2023.1 (a 400), while area_entities still works', GUARD, async () => {
    const fake = await start({ haVersion: HA_VERSIONS.preAreas });
    after(() => fake.close());
    const result = await render(fake, '{{ areas() | tojson }}');
    assert.equal(result.status, 400);
    assert.deepEqual(JSON.parse(result.text), {
      message: "Error rendering template: UndefinedError: 'areas' is undefined",
    });
    assert.equal(
      (await render(fake, '{{ area_entities("kitchen") | tojson }}')).text,
      '["light.kitchen", "switch.coffee_machine"]',
    );
  });

  it('lets a test switch a single feature against the version', GUARD, async () => {
    const fake = await start({ features: { areasFn: false } });
    after(() => fake.close());
    assert.equal((await render(fake, '{{ areas() }}')).status, 400);
    assert.equal((await render(fake, '{{ labels() | tojson }}')).text, '["sensitive", "outdoor"]');
  });

  it('fails the templates a scripted rule matches', GUARD, async () => {
    const fake = await start({
      templateErrors: [{ matches: (template) => template.includes('garage'), message: 'TemplateError: boom' }],
    });
    after(() => fake.close());
    const result = await render(fake, '{{ area_entities("garage") | tojson }}');
    assert.equal(result.status, 400);
    assert.deepEqual(JSON.parse(result.text), { message: 'Error rendering template: TemplateError: boom' });
    assert.equal((await render(fake, '{{ area_entities("kitchen") | tojson }}')).status, 200);
    assert.equal(fake.log.templates.length, 2);
  });

  it('deletes an area between calls: areas() lists it, the rest answers None and []', GUARD, async () => {
    const fake = await start({ deleteAreaBetweenCalls: 'kitchen' });
    after(() => fake.close());
    const byId = await areas(fake);
    assert.deepEqual(byId.get('kitchen'), { devices: [], entities: [], id: 'kitchen', name: null });
    assert.ok((byId.get('office')?.entities.length ?? 0) > 0);
    assert.equal((await render(fake, '{{ area_name("light.kitchen") }}')).text, 'None');
  });
});
