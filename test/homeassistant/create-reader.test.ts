// createHomeAssistantReader against a scripted Home Assistant (REST and WebSocket on one port): routing and fallback.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import {
  createHomeAssistantReader,
  type HomeAssistantReaderOptions,
  type Read,
} from '../../src/homeassistant/index.ts';
import {
  json,
  type ReceivedCommand,
  type Reply,
  type ScriptedOptions,
  type ScriptedPeer,
  startScriptedHomeAssistant,
  text,
} from './scripted-home-assistant.ts';

const TOKEN = 'eyJ-reader-test-token-2b8c6e0d4f';

/** Everything the readers returned in this file, scanned for the token at the end. */
const seen: unknown[] = [];

const AREAS = [
  { aliases: [], area_id: 'kitchen', floor_id: 'ground', icon: null, labels: [], name: 'Kitchen', picture: null },
  { aliases: [], area_id: 'office', name: 'Office', picture: null },
];
const DEVICES = [{ id: 'dev1', area_id: 'kitchen', labels: ['outdoor'], name: 'Lamp', manufacturer: 'Hue' }];
const ENTITIES = [
  { entity_id: 'light.kitchen', device_id: 'dev1', area_id: null, labels: [], platform: 'hue' },
  { entity_id: 'sensor.old', device_id: null, area_id: 'office' },
];

interface Setup {
  rest?: (url: string) => Reply;
  command?: (command: ReceivedCommand, peer: ScriptedPeer) => void;
  auth?: ScriptedOptions['auth'];
  reader?: Partial<HomeAssistantReaderOptions>;
}

async function setUp(setup: Setup = {}) {
  const commands: ReceivedCommand[] = [];
  const ha = await startScriptedHomeAssistant({
    token: TOKEN,
    rest: (request) => setup.rest?.(request.url) ?? text(404, '404: Not Found'),
    command: (command, peer) => {
      commands.push(command);
      (setup.command ?? answerAsHomeAssistant)(command, peer);
    },
    ...(setup.auth === undefined ? {} : { auth: setup.auth }),
  });
  const reader = createHomeAssistantReader({ address: ha.origin, token: TOKEN, ...setup.reader });
  after(async () => {
    await reader.close();
    await ha.close();
  });
  return { ha, reader, commands };
}

async function read<T>(pending: Promise<Read<T>>): Promise<Read<T>> {
  const result = await pending;
  seen.push(result);
  return result;
}

const result = (id: number, value: unknown = null) => ({ id, type: 'result', success: true, result: value });
const failed = (id: number, code: string, message: string) => ({
  id,
  type: 'result',
  success: false,
  error: { code, message },
});

/** The registries, render_template (result, then the event in the same frame) and unsubscribe_events. */
function answerAsHomeAssistant(command: ReceivedCommand, peer: ScriptedPeer): void {
  const lists: Record<string, unknown> = {
    'config/area_registry/list': AREAS,
    'config/device_registry/list': DEVICES,
    'config/entity_registry/list': ENTITIES,
  };
  if (command.type in lists) {
    peer.send(result(command.id, lists[command.type]));
  } else if (command.type === 'render_template') {
    peer.send([result(command.id), { id: command.id, type: 'event', event: { result: 'Kitchen', listeners: {} } }]);
  } else if (command.type === 'unsubscribe_events') {
    peer.send(result(command.id));
  } else {
    peer.send(failed(command.id, 'unknown_command', 'Unknown command.'));
  }
}

const refusesTemplate = (url: string): Reply =>
  url === '/api/template' ? text(401, '401: Unauthorized') : text(404, '404: Not Found');

describe('renderTemplate', () => {
  it('uses REST for an admin token and opens no WebSocket', async () => {
    const { ha, reader } = await setUp({ rest: () => text(200, '["kitchen", "office"]') });
    assert.deepEqual(await read(reader.renderTemplate('{{ areas() | tojson }}')), {
      ok: true,
      value: '["kitchen", "office"]',
    });
    assert.equal(ha.upgrades.length, 0);
  });

  it('falls back to render_template over the WebSocket when REST answers 401, then unsubscribes', async () => {
    const { ha, reader, commands } = await setUp({ rest: refusesTemplate });
    assert.deepEqual(await read(reader.renderTemplate('{{ area_name("kitchen") }}')), { ok: true, value: 'Kitchen' });
    assert.equal(ha.requests[0]?.url, '/api/template');
    assert.deepEqual(commands, [
      { id: 1, type: 'render_template', template: '{{ area_name("kitchen") }}', timeout: 3, report_errors: true },
      { id: 2, type: 'unsubscribe_events', subscription: 1 },
    ]);
  });

  it('shows a result HA parsed into a list as JSON text', async () => {
    const { reader } = await setUp({
      rest: refusesTemplate,
      command: (command, peer) => {
        if (command.type !== 'render_template') return peer.send(result(command.id));
        peer.send(result(command.id));
        peer.send({ id: command.id, type: 'event', event: { result: ['kitchen', 'office'], listeners: {} } });
      },
    });
    assert.deepEqual(await read(reader.renderTemplate('{{ areas() | tojson }}')), {
      ok: true,
      value: '["kitchen","office"]',
    });
  });

  it('skips a WARNING event and says template-error for an ERROR event', async () => {
    const { reader } = await setUp({
      rest: refusesTemplate,
      command: (command, peer) => {
        if (command.type !== 'render_template') return peer.send(result(command.id));
        peer.send(result(command.id));
        peer.send({ id: command.id, type: 'event', event: { error: "'foo' is undefined", level: 'WARNING' } });
        peer.send({
          id: command.id,
          type: 'event',
          event: { error: "UndefinedError: 'labels' is undefined", level: 'ERROR' },
        });
      },
    });
    assert.deepEqual(await read(reader.renderTemplate('{{ labels() }}')), {
      ok: false,
      failure: 'template-error',
      reason: "UndefinedError: 'labels' is undefined",
    });
  });

  it('says template-error when HA fails the command (render timeout)', async () => {
    const { reader } = await setUp({
      rest: refusesTemplate,
      command: (command, peer) =>
        peer.send(failed(command.id, 'template_error', 'Exceeded maximum execution time of 3s')),
    });
    assert.deepEqual(await read(reader.renderTemplate('{% for i in range(10**9) %}{% endfor %}')), {
      ok: false,
      failure: 'template-error',
      reason: 'Exceeded maximum execution time of 3s',
    });
  });

  it('says unauthorized when the WebSocket refuses the token too', async () => {
    const { reader } = await setUp({ rest: refusesTemplate, auth: 'invalid' });
    assert.deepEqual(await read(reader.renderTemplate('{{ 1 }}')), {
      ok: false,
      failure: 'unauthorized',
      reason: 'Home Assistant refused the token (Invalid access token or password)',
    });
  });

  it('does not fall back on a REST template error', async () => {
    const message = "Error rendering template: UndefinedError: 'labels' is undefined";
    const { ha, reader } = await setUp({ rest: () => json(400, { message }) });
    assert.deepEqual(await read(reader.renderTemplate('{{ labels() | tojson }}')), {
      ok: false,
      failure: 'template-error',
      reason: message,
    });
    assert.equal(ha.upgrades.length, 0);
  });
});

describe('the registry listings', () => {
  it('lists areas, devices and entities over one WebSocket, keeping the keys HA adds', async () => {
    const { ha, reader, commands } = await setUp();
    assert.deepEqual(await read(reader.listAreas()), { ok: true, value: AREAS });
    assert.deepEqual(await read(reader.listDevices()), { ok: true, value: DEVICES });
    assert.deepEqual(await read(reader.listEntities()), { ok: true, value: ENTITIES });
    assert.equal(ha.upgrades.length, 1);
    assert.deepEqual(
      commands.map((command) => [command.id, command.type]),
      [
        [1, 'config/area_registry/list'],
        [2, 'config/device_registry/list'],
        [3, 'config/entity_registry/list'],
      ],
    );
  });

  it('opens one WebSocket for reads started together', async () => {
    const { ha, reader } = await setUp();
    const results = await Promise.all([
      read(reader.listAreas()),
      read(reader.listDevices()),
      read(reader.listEntities()),
    ]);
    assert.ok(results.every((each) => each.ok));
    assert.equal(ha.upgrades.length, 1);
  });

  it('says unknown-command for a command an older HA does not know', async () => {
    const { reader } = await setUp({
      command: (command, peer) => peer.send(failed(command.id, 'unknown_command', 'Unknown command.')),
    });
    assert.deepEqual(await read(reader.listAreas()), {
      ok: false,
      failure: 'unknown-command',
      reason: 'Home Assistant answered config/area_registry/list with unknown_command: Unknown command.',
    });
  });

  it('says bad-answer for rows without their required keys', async () => {
    const { reader } = await setUp({
      command: (command, peer) => peer.send(result(command.id, [{ name: 'Kitchen' }])),
    });
    const listed = await read(reader.listAreas());
    assert.equal(listed.ok, false);
    assert.match(
      listed.ok ? '' : listed.reason,
      /^Home Assistant's config\/area_registry\/list result is not as expected: 0\.area_id: /,
    );
  });

  it('opens a new WebSocket after HA dropped the last one', async () => {
    let drops = 1;
    const { ha, reader } = await setUp({
      command: (command, peer) => (drops-- > 0 ? peer.terminate() : answerAsHomeAssistant(command, peer)),
    });
    const dropped = await read(reader.listAreas());
    assert.equal(dropped.ok ? '' : dropped.failure, 'unreachable');
    assert.deepEqual(await read(reader.listAreas()), { ok: true, value: AREAS });
    assert.equal(ha.upgrades.length, 2);
  });
});

describe('close', () => {
  it('closes the WebSocket and the REST connections', async () => {
    const { ha, reader } = await setUp({ rest: () => json(200, []) });
    await read(reader.getStates());
    await read(reader.listAreas());
    await reader.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(ha.closeCodes, [1000]);
    assert.equal((await read(reader.listAreas())).ok, false);
  });

  it('passes the injected WebSocket factory and the REST reads through', async () => {
    const urls: string[] = [];
    const { reader } = await setUp({
      rest: (url) => (url === '/api/services' ? json(200, []) : text(404, '404: Not Found')),
      reader: {
        webSocketFactory: (url, options) => {
          urls.push(url);
          return new WebSocket(url, options);
        },
      },
    });
    assert.deepEqual(await read(reader.getServices()), { ok: true, value: [] });
    await read(reader.listDevices());
    assert.equal(urls.length, 1);
    assert.match(urls[0] ?? '', /^ws:\/\/127\.0\.0\.1:\d+\/api\/websocket$/);
  });
});

describe('the token', () => {
  it('appears in no result or reason of this file', () => {
    assert.ok(seen.length >= 20);
    assert.equal(JSON.stringify(seen).includes(TOKEN), false);
  });
});
