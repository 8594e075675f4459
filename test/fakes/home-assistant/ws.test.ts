// The fake's WebSocket API over a real socket: the auth phase, the id rules, frames, registries and render_template.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  HA_VERSIONS,
  STATES,
  startFakeHomeAssistant,
  USER_TOKEN,
} from './index.ts';

const GUARD = { timeout: 10_000 };
const AREAS_TEMPLATE =
  '{% set ns = namespace(out=[]) %}{% for a in areas() %}{% set ns.out = ns.out + [{"id": a, "name": area_name(a), "entities": area_entities(a), "devices": area_devices(a)}] %}{% endfor %}{{ ns.out | tojson }}';

type Message = Record<string, unknown>;

/** A test client: messages in arrival order, array frames split, and the close code. */
interface Client {
  socket: WebSocket;
  next(): Promise<Message>;
  send(value: unknown): void;
  closed: Promise<number>;
}

async function open(url: string): Promise<Client> {
  const socket = new WebSocket(url);
  const queue: Message[] = [];
  const waiters: ((message: Message) => void)[] = [];
  socket.on('message', (data) => {
    const parsed = JSON.parse(data.toString()) as Message | Message[];
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const waiter = waiters.shift();
      if (waiter === undefined) queue.push(message);
      else waiter(message);
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await once(socket, 'open');
  return {
    socket,
    next: () => {
      const message = queue.shift();
      return message !== undefined ? Promise.resolve(message) : new Promise((resolve) => waiters.push(resolve));
    },
    send: (value) => socket.send(typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value)),
    closed,
  };
}

async function connect(fake: FakeHomeAssistant, token = ADMIN_TOKEN): Promise<Client> {
  const client = await open(fake.wsUrl);
  assert.equal((await client.next()).type, 'auth_required');
  client.send({ type: 'auth', access_token: token });
  assert.deepEqual(await client.next(), { type: 'auth_ok', ha_version: fake.options.haVersion });
  return client;
}

/** Sends one command and returns the next message. */
async function call(client: Client, message: unknown): Promise<Message> {
  client.send(message);
  return client.next();
}

function start(options: Partial<FakeHomeAssistantOptions> = {}): Promise<FakeHomeAssistant> {
  return startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...options });
}

describe('fake Home Assistant WebSocket: auth phase', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await start({ authTimeoutMs: 100 });
  });
  after(() => fake.close());

  it('sends auth_required with the version, then auth_ok', GUARD, async () => {
    const client = await open(fake.wsUrl);
    assert.deepEqual(await client.next(), { type: 'auth_required', ha_version: '2025.10.1' });
    client.send({ type: 'auth', access_token: USER_TOKEN });
    assert.deepEqual(await client.next(), { type: 'auth_ok', ha_version: '2025.10.1' });
    client.socket.close();
  });

  it('answers a bad token with auth_invalid and closes', GUARD, async () => {
    const client = await open(fake.wsUrl);
    await client.next();
    client.send({ type: 'auth', access_token: 'nope' });
    assert.deepEqual(await client.next(), { type: 'auth_invalid', message: 'Invalid access token or password' });
    assert.equal(await client.closed, 1000);
  });

  it('answers a malformed auth message with the voluptuous text', GUARD, async () => {
    const cases: [unknown, string][] = [
      [{ type: 'auth', token: 'x' }, "extra keys not allowed @ data['token']. Got 'x'"],
      [
        { type: 'login', access_token: ADMIN_TOKEN },
        "not a valid value for dictionary value @ data['type']. Got 'login'",
      ],
      [[1], 'expected a dictionary. Got [1]'],
    ];
    for (const [message, error] of cases) {
      const client = await open(fake.wsUrl);
      await client.next();
      client.send(message);
      assert.deepEqual(await client.next(), {
        type: 'auth_invalid',
        message: `Auth message incorrectly formatted: ${error}`,
      });
      await client.closed;
    }
  });

  it('closes without a word on a binary or non-JSON first frame, and after the auth timeout', GUARD, async () => {
    for (const first of [Buffer.from([1, 2, 3]), 'not json']) {
      const client = await open(fake.wsUrl);
      await client.next();
      client.send(first);
      await client.closed;
    }
    const silent = await open(fake.wsUrl);
    await silent.next();
    const started = Date.now();
    await silent.closed;
    assert.ok(Date.now() - started >= 50);
  });

  it('serves the Supervisor proxy path /core/websocket too', GUARD, async () => {
    const client = await open(fake.wsUrl.replace('/api/websocket', '/core/websocket'));
    assert.equal((await client.next()).type, 'auth_required');
    client.socket.close();
  });
});

describe('fake Home Assistant WebSocket: command phase', () => {
  let fake: FakeHomeAssistant;
  before(async () => {
    fake = await start({ nonAdminStates: ['light.kitchen'] });
  });
  after(() => fake.close());

  it('answers ping with pong and enforces increasing ids', GUARD, async () => {
    const client = await connect(fake);
    assert.deepEqual(await call(client, { id: 1, type: 'ping' }), { id: 1, type: 'pong' });
    assert.deepEqual(await call(client, { id: 1, type: 'ping' }), {
      id: 1,
      type: 'result',
      success: false,
      error: { code: 'id_reuse', message: 'Identifier values have to increase.' },
    });
    // An unknown command does not advance the last id: id 5 is still free afterwards.
    assert.deepEqual(await call(client, { id: 5, type: 'no_such_command' }), {
      id: 5,
      type: 'result',
      success: false,
      error: { code: 'unknown_command', message: 'Unknown command.' },
    });
    assert.deepEqual(await call(client, { id: 5, type: 'ping' }), { id: 5, type: 'pong' });
    client.socket.close();
  });

  it('answers a message without id or type with invalid_format', GUARD, async () => {
    const client = await connect(fake);
    const invalid = {
      success: false,
      type: 'result',
      error: { code: 'invalid_format', message: 'Message incorrectly formatted.' },
    };
    assert.deepEqual(await call(client, { type: 'ping' }), { id: null, ...invalid });
    assert.deepEqual(await call(client, { id: 3 }), { id: 3, ...invalid });
    assert.deepEqual(await call(client, { id: 0, type: 'ping' }), { id: 0, ...invalid });
    assert.deepEqual(await call(client, 7), { id: 0, ...invalid });
    const schema = await call(client, { id: 4, type: 'render_template', template: 5 });
    assert.deepEqual(schema.error, {
      code: 'invalid_format',
      message: "expected str for dictionary value @ data['template']. Got 5",
    });
    client.socket.close();
  });

  it('takes several messages in one array frame', GUARD, async () => {
    const client = await connect(fake);
    client.send([
      { id: 1, type: 'ping' },
      { id: 2, type: 'ping' },
      { id: 2, type: 'ping' },
    ]);
    assert.deepEqual(await client.next(), { id: 1, type: 'pong' });
    assert.deepEqual(await client.next(), { id: 2, type: 'pong' });
    assert.equal(((await client.next()).error as Message).code, 'id_reuse');
    client.socket.close();
  });

  it('answers get_states (per user), get_config and get_services (a dict of dicts)', GUARD, async () => {
    const admin = await connect(fake);
    const states = (await call(admin, { id: 1, type: 'get_states' })).result as Message[];
    assert.equal(states.length, STATES.length);
    const config = (await call(admin, { id: 2, type: 'get_config' })).result as Message;
    assert.equal(config.version, '2025.10.1');
    const services = (await call(admin, { id: 3, type: 'get_services' })).result as Record<
      string,
      Record<string, Message>
    >;
    assert.deepEqual(services.weather?.get_forecasts?.response, { optional: false });
    assert.ok('turn_on' in (services.light ?? {}));
    admin.socket.close();
    const user = await connect(fake, USER_TOKEN);
    const visible = (await call(user, { id: 1, type: 'get_states' })).result as Message[];
    assert.deepEqual(
      visible.map((state) => state.entity_id),
      ['light.kitchen'],
    );
    user.socket.close();
  });

  it('lists the registries with labels and floors', GUARD, async () => {
    const client = await connect(fake);
    const areas = (await call(client, { id: 1, type: 'config/area_registry/list' })).result as Message[];
    assert.deepEqual(areas.find((area) => area.area_id === 'garage')?.labels, ['outdoor']);
    assert.equal(areas.find((area) => area.area_id === 'office')?.floor_id, 'first_floor');
    const entities = (await call(client, { id: 2, type: 'config/entity_registry/list' })).result as Message[];
    const fan = entities.find((entity) => entity.entity_id === 'switch.bedroom_fan');
    assert.deepEqual([fan?.area_id, fan?.device_id, fan?.labels], ['bedroom', 'dev_power_strip', []]);
    assert.equal(
      entities.find((entity) => entity.entity_id === 'sensor.yaml_only'),
      undefined,
    );
    const devices = (await call(client, { id: 3, type: 'config/device_registry/list' })).result as Message[];
    assert.deepEqual(devices.find((device) => device.id === 'dev_patio_light')?.labels, ['outdoor']);
    assert.equal(devices.find((device) => device.id === 'dev_phone')?.area_id, null);
    const labels = (await call(client, { id: 4, type: 'config/label_registry/list' })).result as Message[];
    assert.deepEqual(
      labels.map((label) => label.label_id),
      ['sensitive', 'outdoor'],
    );
    const floors = (await call(client, { id: 5, type: 'config/floor_registry/list' })).result as Message[];
    assert.deepEqual(
      floors.map((floor) => [floor.floor_id, floor.level]),
      [
        ['ground_floor', 0],
        ['first_floor', 1],
      ],
    );
    client.socket.close();
  });

  it('renders a template for a non-admin: a null result, then one event with the parsed result', GUARD, async () => {
    const client = await connect(fake, USER_TOKEN);
    assert.deepEqual(await call(client, { id: 1, type: 'render_template', template: '{{ areas() | tojson }}' }), {
      id: 1,
      type: 'result',
      success: true,
      result: null,
    });
    assert.deepEqual(await client.next(), {
      id: 1,
      type: 'event',
      event: {
        result: ['living_room', 'kitchen', 'bedroom', 'office', 'garage', 'hallway'],
        listeners: { all: false, domains: [], entities: [], time: false },
      },
    });
    await call(client, { id: 2, type: 'render_template', template: AREAS_TEMPLATE });
    const areas = ((await client.next()).event as { result: Message[] }).result;
    assert.deepEqual(areas[1], {
      devices: ['dev_kitchen_light', 'dev_coffee_plug'],
      entities: ['light.kitchen', 'switch.coffee_machine'],
      id: 'kitchen',
      name: 'Kitchen',
    });
    assert.deepEqual(await call(client, { id: 3, type: 'unsubscribe_events', subscription: 2 }), {
      id: 3,
      type: 'result',
      success: true,
      result: null,
    });
    assert.deepEqual((await call(client, { id: 4, type: 'unsubscribe_events', subscription: 2 })).error, {
      code: 'not_found',
      message: 'Subscription not found.',
    });
    assert.deepEqual(
      fake.log.templates.filter((entry) => entry.via === 'ws').map((entry) => entry.template),
      ['{{ areas() | tojson }}', AREAS_TEMPLATE],
    );
    client.socket.close();
  });

  it('answers a template error with template_error, or with report_errors an error event', GUARD, async () => {
    const client = await connect(fake);
    assert.deepEqual(await call(client, { id: 1, type: 'render_template', template: '{{ nope() }}' }), {
      id: 1,
      type: 'result',
      success: false,
      error: { code: 'template_error', message: "UndefinedError: 'nope' is undefined" },
    });
    assert.equal(
      (await call(client, { id: 2, type: 'render_template', template: '{{ nope() }}', report_errors: true })).success,
      true,
    );
    assert.deepEqual(await client.next(), {
      id: 2,
      type: 'event',
      event: { error: "UndefinedError: 'nope' is undefined", level: 'ERROR' },
    });
    client.socket.close();
  });

  it('ignores a binary frame for an unknown handler and closes on a zero-length one', GUARD, async () => {
    const client = await connect(fake);
    client.send(Buffer.from([7, 1, 2]));
    assert.deepEqual(await call(client, { id: 1, type: 'ping' }), { id: 1, type: 'pong' });
    client.send(Buffer.alloc(0));
    await client.closed;
  });

  it('closes on a text frame that is not JSON', GUARD, async () => {
    const client = await connect(fake);
    client.send('{not json');
    await client.closed;
  });

  it('records every frame in and out, per connection', GUARD, async () => {
    fake.log.clear();
    const client = await connect(fake);
    await call(client, { id: 1, type: 'ping' });
    client.socket.close();
    await client.closed;
    const frames = fake.log.ws.map((frame) => [frame.direction, JSON.parse(String(frame.data)).type]);
    assert.deepEqual(frames, [
      ['out', 'auth_required'],
      ['in', 'auth'],
      ['out', 'auth_ok'],
      ['in', 'ping'],
      ['out', 'pong'],
    ]);
    assert.equal(new Set(fake.log.ws.map((frame) => frame.connection)).size, 1);
  });
});

describe('fake Home Assistant WebSocket by version and scenario', () => {
  it('has no label or floor registry on 2024.3, and no labels/floor_id on entries', GUARD, async () => {
    const fake = await start({ haVersion: HA_VERSIONS.preLabels });
    after(() => fake.close());
    const client = await connect(fake);
    for (const [id, type] of [
      [1, 'config/label_registry/list'],
      [2, 'config/floor_registry/list'],
    ] as const)
      assert.deepEqual((await call(client, { id, type })).error, {
        code: 'unknown_command',
        message: 'Unknown command.',
      });
    const areas = (await call(client, { id: 3, type: 'config/area_registry/list' })).result as Message[];
    assert.equal('labels' in (areas[0] ?? {}), false);
    assert.equal('floor_id' in (areas[0] ?? {}), false);
    const entities = (await call(client, { id: 4, type: 'config/entity_registry/list' })).result as Message[];
    assert.equal('labels' in (entities[0] ?? {}), false);
    const states = (await call(client, { id: 5, type: 'get_states' })).result as Message[];
    assert.equal('last_reported' in (states[0] ?? {}), false);
    client.socket.close();
  });

  it('sends a template result with a null as text, since Python cannot read JSON null back', GUARD, async () => {
    const fake = await start({ deleteAreaBetweenCalls: 'kitchen' });
    after(() => fake.close());
    const client = await connect(fake, USER_TOKEN);
    await call(client, { id: 1, type: 'render_template', template: AREAS_TEMPLATE });
    const { result } = (await client.next()).event as { result: unknown };
    assert.equal(typeof result, 'string');
    assert.ok(String(result).includes('{"devices": [], "entities": [], "id": "kitchen", "name": null}'));
    client.socket.close();
  });

  it('ends open WebSocket connections when it closes', GUARD, async () => {
    const fake = await start();
    const client = await connect(fake);
    await fake.close();
    await client.closed;
  });
});
