// Who reaches the page's keyed routes without a key: only this machine's own requests, on a loopback listener, with no
// key configured at all; any key, any other listener, another site's page or another host name keeps today's rules.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SILENT_LOGGER } from '../../../src/common/index.ts';
import { ConfigSchema } from '../../../src/cli/config-schema.ts';
import { buildApp } from '../../../src/cli/wire.ts';
import type { App } from '../../../src/server/index.ts';
import { createCountingIds, createFakeClock } from '../../fakes/clock/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../../tools/add-on-harness.ts';
import { createRecordingReader } from '../../tools/recording-reader.ts';

const API_KEY = 'loopback-api-key-0123456789';
const ADMIN_KEY = 'loopback-admin-key-0123456789';

/** Every route the page calls that asks for a key somewhere, with a request that passes once the key check does. */
const KEYED_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/admin/connections' },
  { method: 'GET', path: '/admin/policy' },
  { method: 'GET', path: '/admin/proposals' },
  { method: 'GET', path: '/admin/journal' },
  // Past the key check, these answer 404: no such connection, no such model, no such proposal.
  { method: 'PATCH', path: '/admin/connections/nowhere', body: { enabled: false } },
  { method: 'POST', path: '/admin/proposals/missing/cancel' },
  { method: 'POST', path: '/ui/playground', body: { sentence: 'turn on the kitchen light', home: 'nowhere' } },
  { method: 'POST', path: '/ui/chat', body: { model: 'none', messages: [{ role: 'user', content: 'hi' }] } },
];

/** Whether the answer got past the key check (any status but 401 and 403). */
const isPast = (status: number) => status !== 401 && status !== 403;

describe('the page on a keyless loopback start', () => {
  let harness: AddOnHarness;
  before(() => {
    harness = createAddOnHarness({
      startMs: Date.parse('2026-01-08T12:00:00Z'),
      openReader: () => createRecordingReader(),
    });
  });
  after(() => harness.close());

  function appFor(server: Record<string, unknown>): App {
    const config = ConfigSchema.parse({ server });
    const runtime = { clock: createFakeClock(), ids: createCountingIds(), logger: SILENT_LOGGER };
    return buildApp(config, runtime, { tools: harness.addOn, page: { files: undefined, version: '1' } });
  }
  const send = (
    app: App,
    route: (typeof KEYED_ROUTES)[number],
    options: { base?: string; headers?: Record<string, string> } = {},
  ) =>
    app.fetch(
      new Request(`${options.base ?? 'http://127.0.0.1:8080'}${route.path}`, {
        method: route.method,
        headers: { ...(route.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
      }),
    );
  /** The status of every keyed route for one kind of request. */
  const statuses = async (app: App, options: Parameters<typeof send>[2] = {}): Promise<[string, number][]> =>
    Promise.all(
      KEYED_ROUTES.map(async (route) => [`${route.method} ${route.path}`, (await send(app, route, options)).status]),
    );

  it('every route the page uses answers without a key, as the API does, and the status says so', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      const app = appFor({ host });
      for (const base of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
        for (const [route, status] of await statuses(app, { base }))
          assert.ok(isPast(status), `${route} via ${base} on ${host}: ${status}`);
      }
      const status = (await (await app.fetch(new Request('http://127.0.0.1:8080/ui/status'))).json()) as {
        keyless_loopback: boolean;
      };
      assert.equal(status.keyless_loopback, true);
    }
  });

  it("the page's own requests pass: same origin, or no Origin at all", async () => {
    const app = appFor({});
    const own = { origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' };
    for (const [route, status] of await statuses(app, { headers: own })) assert.ok(isPast(status), `${route}`);
    const typed = { 'sec-fetch-site': 'none' };
    for (const [route, status] of await statuses(app, { headers: typed })) assert.ok(isPast(status), `${route}`);
  });

  it("another site's page, or a name pointed at loopback (DNS rebinding), is refused the opening", async () => {
    const app = appFor({});
    const refused: { base?: string; headers?: Record<string, string> }[] = [
      { headers: { origin: 'http://evil.example' } },
      { headers: { origin: 'http://127.0.0.1:9999' } },
      { headers: { origin: 'null' } },
      { headers: { 'sec-fetch-site': 'cross-site' } },
      { headers: { 'sec-fetch-site': 'same-site' } },
      { base: 'http://evil.example:8080' },
      { headers: { host: 'evil.example:8080' } },
      { base: 'http://127.0.0.1.evil.example:8080' },
    ];
    for (const options of refused) {
      for (const [route, status] of await statuses(app, options))
        assert.ok(status === 403, `${route} with ${JSON.stringify(options)}: ${status}`);
    }
  });

  it('refused, the answer names the key to set', async () => {
    const app = appFor({ host: '0.0.0.0' });
    const read = async (route: (typeof KEYED_ROUTES)[number]) =>
      ((await (await send(app, route)).json()) as { error: { code: string; message: string } }).error;
    const admin = await read(KEYED_ROUTES[0]!);
    assert.deepEqual(
      [admin.code, admin.message],
      ['admin_api_off', 'The admin API is off: set server.admin_key to use it.'],
    );
    const chat = await read(KEYED_ROUTES[7]!);
    assert.deepEqual(
      [chat.code, chat.message],
      ['key_not_configured', 'This needs a key and hearth has none: set server.api_keys or server.admin_key.'],
    );
  });

  it('a listener beyond this machine keeps every key check, even with no key configured', async () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      for (const [route, status] of await statuses(appFor({ host }))) assert.equal(status, 403, `${route} on ${host}`);
      const status = (await (await appFor({ host }).fetch(new Request('http://127.0.0.1:8080/ui/status'))).json()) as {
        keyless_loopback: boolean;
      };
      assert.equal(status.keyless_loopback, false);
    }
  });

  it('any key configured keeps every key check on loopback, and each refusal names the key it needs', async () => {
    const message = async (app: App, route: (typeof KEYED_ROUTES)[number], key?: string) =>
      (
        (await (
          await send(app, route, key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } })
        ).json()) as { error: { message: string } }
      ).error.message;
    const [connections, policy, , , , , , chat] = KEYED_ROUTES as [
      (typeof KEYED_ROUTES)[number],
      (typeof KEYED_ROUTES)[number],
      ...(typeof KEYED_ROUTES)[number][],
    ];
    const both = appFor({ api_keys: [API_KEY], admin_key: ADMIN_KEY });
    for (const [route, status] of await statuses(both)) assert.equal(status, 401, route);
    assert.match(await message(both, connections), /^The admin key \(server\.admin_key\) is required/);
    assert.match(await message(both, connections, API_KEY), /^The admin key is not valid/);
    assert.match(
      await message(both, policy),
      /^This needs an API key \(server\.api_keys\) or the admin key \(server\.admin_key\)/,
    );
    assert.ok(isPast((await send(both, policy, { headers: { authorization: `Bearer ${API_KEY}` } })).status));
    assert.ok(isPast((await send(both, connections, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).status));

    const adminOnly = appFor({ admin_key: ADMIN_KEY });
    for (const [route, status] of await statuses(adminOnly)) assert.equal(status, 401, route);
    assert.match(await message(adminOnly, chat!), /^This needs the admin key \(server\.admin_key\)/);
    assert.ok(isPast((await send(adminOnly, chat!, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).status));

    const apiOnly = appFor({ api_keys: [API_KEY] });
    const open = Object.fromEntries(await statuses(apiOnly, { headers: { authorization: `Bearer ${API_KEY}` } }));
    assert.equal(open['GET /admin/connections'], 403, 'no admin key: the admin API is off');
    assert.ok(isPast(open['GET /admin/policy']!) && isPast(open['POST /ui/chat']!));
    assert.match(await message(apiOnly, chat!), /^An API key is required/);
  });
});
