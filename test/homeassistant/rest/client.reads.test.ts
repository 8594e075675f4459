// The REST reads of createHomeAssistantRest against a scripted Home Assistant on loopback, with HA's exact wire forms.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createHomeAssistantRest,
  type HomeAssistantRest,
  type HomeAssistantRestOptions,
  parseCertificatePin,
} from '../../../src/homeassistant/rest/index.ts';
import type { Read } from '../../../src/homeassistant/index.ts';
import {
  json,
  type RecordedRequest,
  type Reply,
  startScriptedHomeAssistant,
  text,
} from '../scripted-home-assistant.ts';

const TOKEN = 'eyJ-test-token-3c9e1a7f5d2b';
const TLS_DIR = new URL('../../fixtures/tls/', import.meta.url);
const TLS = {
  cert: readFileSync(new URL('localhost-cert.pem', TLS_DIR), 'utf8'),
  key: readFileSync(new URL('localhost-key.pem', TLS_DIR), 'utf8'),
};

/** Everything the client returned in this file, scanned for the token at the end. */
const seen: unknown[] = [];

const KITCHEN = {
  entity_id: 'light.kitchen',
  state: 'on',
  attributes: { friendly_name: 'Kitchen', brightness: 255, supported_features: 40 },
  last_changed: '2026-01-01T06:00:00.123456+00:00',
  last_reported: '2026-01-01T06:00:00.123456+00:00',
  last_updated: '2026-01-01T06:00:00.123456+00:00',
  context: { id: '01JABC', parent_id: null, user_id: '9f00' },
};

const WINDOW = {
  entityId: 'light.kitchen',
  start: new Date('2026-01-01T00:00:00Z'),
  end: new Date('2026-01-02T00:00:00Z'),
};

/** Starts a scripted HA answering every REST request with `reply`, and a client for it. */
async function serve(
  reply: (request: RecordedRequest) => Reply,
  options: Partial<HomeAssistantRestOptions> & { tls?: boolean } = {},
) {
  const ha = await startScriptedHomeAssistant({ token: TOKEN, rest: reply, ...(options.tls ? { tls: TLS } : {}) });
  const client = createHomeAssistantRest({ address: ha.origin, token: TOKEN, ...options });
  after(async () => {
    await client.close();
    await ha.close();
  });
  return { ha, client };
}

async function read<T>(pending: Promise<Read<T>>): Promise<Read<T>> {
  const result = await pending;
  seen.push(result);
  return result;
}

function failureOf(result: Read<unknown>): { failure: string; reason: string } {
  assert.equal(result.ok, false, 'expected a failure');
  return result.ok ? { failure: '', reason: '' } : { failure: result.failure, reason: result.reason };
}

describe('getStates and getState', () => {
  it('reads the states, keeping the keys HA adds, and sends the token only in Authorization', async () => {
    const { ha, client } = await serve(() => json(200, [KITCHEN]));
    assert.deepEqual(await read(client.getStates()), { ok: true, value: [KITCHEN] });
    const [request] = ha.requests;
    assert.equal(request?.method, 'GET');
    assert.equal(request?.url, '/api/states');
    assert.equal(request?.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(request?.url.includes(TOKEN), false);
    const otherHeaders = Object.entries(request?.headers ?? {}).filter(([name]) => name !== 'authorization');
    assert.equal(JSON.stringify(otherHeaders).includes(TOKEN), false);
  });

  it('reads one state', async () => {
    const { ha, client } = await serve(() => json(200, KITCHEN));
    assert.deepEqual(await read(client.getState('light.kitchen')), { ok: true, value: KITCHEN });
    assert.equal(ha.requests[0]?.url, '/api/states/light.kitchen');
  });

  it("says not-found on HA's 404 {message}", async () => {
    const { client } = await serve(() => json(404, { message: 'Entity not found.' }));
    assert.deepEqual(failureOf(await read(client.getState('light.cellar'))), {
      failure: 'not-found',
      reason: 'Home Assistant answered HTTP 404 to GET /api/states/light.cellar: Entity not found.',
    });
  });

  it('says unauthorized on the bare-text 401', async () => {
    const { client } = await serve(() => text(401, '401: Unauthorized'));
    assert.deepEqual(failureOf(await read(client.getStates())), {
      failure: 'unauthorized',
      reason: 'the token was refused',
    });
  });

  for (const entityId of ['Light.Kitchen', 'light', 'light.kitchen/../../config', 'light.kitchen?x=1', '']) {
    it(`sends nothing for the invalid entity id ${JSON.stringify(entityId)}`, async () => {
      const { ha, client } = await serve(() => json(200, KITCHEN));
      const result = failureOf(await read(client.getState(entityId)));
      assert.equal(result.failure, 'not-found');
      assert.match(result.reason, /is not a valid entity id .*nothing was sent/);
      assert.equal(ha.connectionCount, 0);
    });
  }

  it('says bad-answer for a state without its required keys, and for text that is not JSON', async () => {
    const { client } = await serve((request) =>
      request.url === '/api/states' ? json(200, [{ entity_id: 'light.kitchen' }]) : text(200, '<html>'),
    );
    const shape = failureOf(await read(client.getStates()));
    assert.equal(shape.failure, 'bad-answer');
    assert.match(shape.reason, /^Home Assistant's \/api\/states answer is not as expected: 0\.state: /);
    assert.deepEqual(failureOf(await read(client.getState('light.kitchen'))), {
      failure: 'bad-answer',
      reason: 'Home Assistant answered GET /api/states/light.kitchen with something that is not JSON',
    });
  });
});

describe('getHistory', () => {
  const full = (entityId: string, state: string, at: string) => ({
    entity_id: entityId,
    state,
    attributes: {},
    last_changed: at,
    last_updated: at,
  });

  it('asks with the times encoded (their + too) and returns the rows of the entity, found by entity id', async () => {
    const { ha, client } = await serve(() =>
      json(200, [
        [full('sensor.other', '3', '2026-01-01T00:00:00+00:00')],
        [
          full('light.kitchen', 'off', '2026-01-01T00:00:00+00:00'),
          { state: 'on', last_changed: '2026-01-01T06:00:00.123456+00:00' },
          full('light.kitchen', 'off', '2026-01-01T22:00:00+00:00'),
        ],
      ]),
    );
    assert.deepEqual(await read(client.getHistory(WINDOW)), {
      ok: true,
      value: [
        { state: 'off', last_changed: '2026-01-01T00:00:00+00:00' },
        { state: 'on', last_changed: '2026-01-01T06:00:00.123456+00:00' },
        { state: 'off', last_changed: '2026-01-01T22:00:00+00:00' },
      ],
    });
    const url = ha.requests[0]?.url ?? '';
    assert.equal(
      url,
      '/api/history/period/2026-01-01T00%3A00%3A00.000%2B00%3A00?filter_entity_id=light.kitchen' +
        '&end_time=2026-01-02T00%3A00%3A00.000%2B00%3A00&minimal_response&no_attributes',
    );
    // As HA's server reads it: the + survives decoding instead of becoming a space.
    const parsed = new URL(url, 'http://ha');
    assert.equal(decodeURIComponent(parsed.pathname.split('/').pop() ?? ''), '2026-01-01T00:00:00.000+00:00');
    assert.equal(parsed.searchParams.get('end_time'), '2026-01-02T00:00:00.000+00:00');
  });

  it('returns [] when HA leaves the entity out (no data in the window)', async () => {
    const { client } = await serve(() => json(200, [[full('sensor.other', '3', '2026-01-01T00:00:00+00:00')]]));
    assert.deepEqual(await read(client.getHistory(WINDOW)), { ok: true, value: [] });
  });

  it('passes on the message of a 400', async () => {
    const { client } = await serve(() => json(400, { message: 'Invalid end_time' }));
    assert.deepEqual(failureOf(await read(client.getHistory(WINDOW))), {
      failure: 'unreachable',
      reason:
        'Home Assistant answered HTTP 400 to GET /api/history/period/2026-01-01T00%3A00%3A00.000%2B00%3A00: Invalid end_time',
    });
  });

  it('sends nothing for an invalid entity id or time', async () => {
    const { ha, client } = await serve(() => json(200, []));
    assert.equal(
      failureOf(await read(client.getHistory({ ...WINDOW, entityId: 'kitchen light' }))).failure,
      'not-found',
    );
    assert.equal(failureOf(await read(client.getHistory({ ...WINDOW, end: new Date(Number.NaN) }))).failure, 'refused');
    assert.equal(ha.connectionCount, 0);
  });
});

describe('getLogbook', () => {
  it('asks with the times encoded and returns the entries as HA sends them, state rows without message', async () => {
    const entries = [
      {
        when: '2026-01-01T06:00:00.123456+00:00',
        state: 'on',
        entity_id: 'light.kitchen',
        name: 'Kitchen',
        context_user_id: '9f00',
        context_event_type: 'call_service',
        context_domain: 'light',
        context_service: 'turn_on',
      },
      { when: '2026-01-01T07:00:00+00:00', name: 'Note', message: 'custom text', domain: 'logbook', entity_id: null },
    ];
    const { ha, client } = await serve(() => json(200, entries));
    assert.deepEqual(await read(client.getLogbook(WINDOW)), { ok: true, value: entries });
    assert.equal(
      ha.requests[0]?.url,
      '/api/logbook/2026-01-01T00%3A00%3A00.000%2B00%3A00?entity=light.kitchen&end_time=2026-01-02T00%3A00%3A00.000%2B00%3A00',
    );
  });

  it('says bad-answer for an entry without when', async () => {
    const { client } = await serve(() => json(200, [{ state: 'on' }]));
    assert.equal(failureOf(await read(client.getLogbook(WINDOW))).failure, 'bad-answer');
  });
});

describe('getServices', () => {
  it('reads services as an object keyed by service name, keeping extra keys', async () => {
    const services = [
      {
        domain: 'light',
        services: {
          turn_on: {
            name: 'Turn on',
            description: 'Turns on a light.',
            fields: { brightness_pct: { selector: { number: { min: 0, max: 100 } }, name: 'Brightness' } },
            target: { entity: [{ domain: ['light'] }] },
          },
        },
      },
      {
        domain: 'weather',
        services: { get_forecasts: { name: 'Get forecasts', fields: {}, response: { optional: false } } },
      },
    ];
    const { ha, client } = await serve(() => json(200, services));
    assert.deepEqual(await read(client.getServices()), { ok: true, value: services });
    assert.equal(ha.requests[0]?.url, '/api/services');
  });

  it("says bad-answer for the developer docs' list form", async () => {
    const { client } = await serve(() => json(200, [{ domain: 'light', services: ['turn_on', 'turn_off'] }]));
    assert.equal(failureOf(await read(client.getServices())).failure, 'bad-answer');
  });
});

describe('renderTemplate', () => {
  it('POSTs {"template"} and reads the answer as text, whatever its content type', async () => {
    for (const type of ['text/plain; charset=utf-8', 'application/octet-stream']) {
      const { ha, client } = await serve(() => text(200, '["kitchen", "living_room"]', type));
      assert.deepEqual(await read(client.renderTemplate('{{ areas() | tojson }}')), {
        ok: true,
        value: '["kitchen", "living_room"]',
      });
      const [request] = ha.requests;
      assert.equal(request?.method, 'POST');
      assert.equal(request?.url, '/api/template');
      assert.equal(request?.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(request?.body ?? ''), { template: '{{ areas() | tojson }}' });
    }
  });

  it('says template-error with HA\'s message on "Error rendering template"', async () => {
    const message = "Error rendering template: UndefinedError: 'labels' is undefined";
    const { client } = await serve(() => json(400, { message }));
    assert.deepEqual(failureOf(await read(client.renderTemplate('{{ labels() | tojson }}'))), {
      failure: 'template-error',
      reason: message,
    });
  });

  it('says unauthorized on the bare 401 of a non-admin token, and unreachable on a bare 400', async () => {
    const refused = await serve(() => text(401, '401: Unauthorized'));
    assert.equal(failureOf(await read(refused.client.renderTemplate('{{ 1 }}'))).failure, 'unauthorized');
    const bad = await serve(() => text(400, '400: Bad Request'));
    assert.deepEqual(failureOf(await read(bad.client.renderTemplate('{{ 1 }}'))), {
      failure: 'unreachable',
      reason: 'Home Assistant answered HTTP 400 to POST /api/template',
    });
  });
});

describe('failures common to every read', () => {
  it('does not follow a redirect, which is a failure; the target receives nothing', async () => {
    const other = await startScriptedHomeAssistant({ token: TOKEN, rest: () => json(200, []) });
    after(() => other.close());
    const { client } = await serve(() => ({ status: 302, headers: { location: `${other.origin}/api/states` } }));
    assert.deepEqual(failureOf(await read(client.getStates())), {
      failure: 'unreachable',
      reason: `Home Assistant answered with a redirect to ${other.origin}/api/states; redirects are not followed`,
    });
    assert.equal(other.connectionCount, 0);
  });

  it('says unreachable on 503 without a body and on a bare 500', async () => {
    const stopping = await serve(() => ({ status: 503 }));
    assert.deepEqual(failureOf(await read(stopping.client.getServices())), {
      failure: 'unreachable',
      reason: 'Home Assistant is starting or stopping (HTTP 503)',
    });
    const broken = await serve(() => text(500, '500 Internal Server Error\n\nServer got itself in trouble'));
    assert.deepEqual(failureOf(await read(broken.client.getServices())), {
      failure: 'unreachable',
      reason: 'Home Assistant answered HTTP 500 to GET /api/services',
    });
  });

  it('refuses an answer over the body limit', async () => {
    const { ha, client } = await serve(() => json(200, [KITCHEN, KITCHEN, KITCHEN]), { maxBodyBytes: 500 });
    assert.deepEqual(failureOf(await read(client.getStates())), {
      failure: 'refused',
      reason: `Home Assistant at ${ha.origin} answered more than 500 bytes; refused`,
    });
  });

  it('refuses an address the rules refuse, connecting nowhere', async () => {
    const { ha } = await serve(() => json(200, []));
    const remote = createHomeAssistantRest({
      address: `http://ha.local:${ha.port}`,
      token: TOKEN,
      resolve: async () => ['93.184.216.34'],
    });
    after(() => remote.close());
    assert.deepEqual(failureOf(await read(remote.getStates())), {
      failure: 'refused',
      reason: 'ha.local resolves to the public address 93.184.216.34; plain http is refused, use https',
    });
    assert.equal(ha.connectionCount, 0);
  });

  it('refuses an unpinned self-signed certificate and reads through a pinned one', async () => {
    const { ha, client } = await serve(() => json(200, [KITCHEN]), { tls: true });
    assert.equal(failureOf(await read(client.getStates())).failure, 'refused');
    assert.equal(ha.requests.length, 0);
    const parsed = parseCertificatePin(`127.0.0.1:${ha.port}=${new X509Certificate(TLS.cert).fingerprint256}`);
    assert.ok(parsed.ok);
    const pinned: HomeAssistantRest = createHomeAssistantRest({ address: ha.origin, token: TOKEN, pin: parsed.pin });
    after(() => pinned.close());
    assert.deepEqual(await read(pinned.getStates()), { ok: true, value: [KITCHEN] });
  });

  it('says unreachable when the connection is refused', async () => {
    const { ha, client } = await serve(() => json(200, []));
    await ha.close();
    const result = failureOf(await read(client.getStates()));
    assert.equal(result.failure, 'unreachable');
    assert.match(result.reason, /refused the connection/);
  });
});

describe('the token', () => {
  it('appears in no result of this file', () => {
    assert.ok(seen.length >= 30);
    assert.equal(JSON.stringify(seen).includes(TOKEN), false);
  });
});
