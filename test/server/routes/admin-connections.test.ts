// /admin/connections in-process: the admin key, adding (tokens in, never out), testing, switching and removing.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AddOnHarness, createAddOnHarness } from '../../tools/add-on-harness.ts';
import { createRecordingReader } from '../../tools/recording-reader.ts';
import { createHarness } from '../app-harness.ts';

const ADMIN_KEY = 'admin-key-0123456789';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-token-payload.signature';

describe('/admin/connections', () => {
  let harness: AddOnHarness;
  let app: ReturnType<typeof createHarness>['app'];
  const opened: string[] = [];

  before(() => {
    harness = createAddOnHarness({
      startMs: Date.parse('2026-01-08T12:00:00Z'),
      openReader: (target) => {
        opened.push(`${target.address} ${target.token === TOKEN ? 'right token' : 'wrong token'}`);
        return createRecordingReader();
      },
    });
    app = createHarness({ adminKey: ADMIN_KEY, tools: harness.addOn }).app;
  });
  after(() => harness.close());

  const call = (method: string, path: string, body?: unknown, key: string | null = ADMIN_KEY) =>
    app.fetch(
      new Request(`http://hearth.test${path}`, {
        method,
        headers: {
          ...(key === null ? {} : { authorization: `Bearer ${key}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );

  it('needs the admin key', async () => {
    assert.equal((await call('GET', '/admin/connections', undefined, null)).status, 401);
    assert.equal((await call('GET', '/admin/connections', undefined, 'wrong-key-0123456789')).status, 401);
    assert.equal((await call('GET', '/admin/connections')).status, 200);
  });

  it('adds a connection, shows it without its token, and tests it', async () => {
    const added = await call('POST', '/admin/connections', {
      name: 'home',
      url: 'http://192.168.1.10:8123/',
      token: TOKEN,
    });
    assert.equal(added.status, 201);
    const text = await added.text();
    assert.doesNotMatch(text, /secret-token/);
    assert.deepEqual(JSON.parse(text), {
      connection: {
        name: 'home',
        address: 'http://192.168.1.10:8123',
        pin: null,
        enabled: true,
        write_mode: 'read-only',
        created_at: '2026-01-08T12:00:00.000Z',
      },
    });
    const listed = await (await call('GET', '/admin/connections')).text();
    assert.doesNotMatch(listed, /secret-token/);
    assert.equal(JSON.parse(listed).connections.length, 1);
    const tested = await call('POST', '/admin/connections/home/test');
    assert.deepEqual(await tested.json(), { ok: true, version: '2025.10.1' });
    assert.deepEqual(opened, ['http://192.168.1.10:8123 right token']);
  });

  it('refuses a bad or taken connection, naming the field', async () => {
    const cases: [unknown, number, string, RegExp][] = [
      [{ name: 'Bad Name', url: 'http://192.168.1.11:8123', token: TOKEN }, 400, 'name', /a-z, 0-9/],
      [{ name: 'cloud', url: 'http://203.0.113.5:8123', token: TOKEN }, 400, 'url', /public address, use https/],
      [{ name: 'cloud', url: 'https://ha.example.org', token: 'two words' }, 400, 'token', /one line/],
      [
        { name: 'cloud', url: 'https://ha.example.org', token: TOKEN, pin: `other.org:443=${'a'.repeat(64)}` },
        400,
        'pin',
        /not for ha\.example\.org:443/,
      ],
      [{ name: 'home', url: 'http://192.168.1.12:8123', token: TOKEN }, 409, 'name', /already exists/],
      [{ name: 'again', url: 'http://192.168.1.10:8123', token: TOKEN }, 409, 'url', /home already has this address/],
      [{ name: 'x', url: 'https://ha.example.org', token: TOKEN, extra: 1 }, 400, 'extra', /Unrecognized key/i],
      [{ name: 'x', url: 'https://ha.example.org' }, 400, 'token', /expected string/],
    ];
    for (const [body, status, param, message] of cases) {
      const response = await call('POST', '/admin/connections', body);
      const error = ((await response.json()) as { error: { param: string; message: string } }).error;
      assert.equal(response.status, status, JSON.stringify(body));
      assert.equal(error.param, param, JSON.stringify(body));
      assert.match(error.message, message, JSON.stringify(body));
    }
  });

  it('switches a connection off and on, removes it, and answers 404 for unknown names', async () => {
    const off = await call('PATCH', '/admin/connections/home', { enabled: false });
    assert.equal(((await off.json()) as { connection: { enabled: boolean } }).connection.enabled, false);
    assert.equal((await call('PATCH', '/admin/connections/nope', { enabled: true })).status, 404);
    assert.equal((await call('POST', '/admin/connections/nope/test')).status, 404);
    assert.equal((await call('DELETE', '/admin/connections/home')).status, 204);
    assert.equal((await call('DELETE', '/admin/connections/home')).status, 404);
    assert.deepEqual(await (await call('GET', '/admin/connections')).json(), { connections: [] });
  });

  it('is off without an admin key, and absent without the tool add-on', async () => {
    const withoutKey = createHarness({ tools: harness.addOn }).app;
    const response = await withoutKey.fetch(
      new Request('http://hearth.test/admin/connections', { headers: { authorization: `Bearer ${ADMIN_KEY}` } }),
    );
    assert.equal(response.status, 403);
    assert.match(((await response.json()) as { error: { message: string } }).error.message, /set server\.admin_key/);
    const bare = createHarness().app;
    assert.equal((await bare.fetch(new Request('http://hearth.test/admin/connections'))).status, 404);
    assert.equal((await bare.fetch(new Request('http://hearth.test/mcp', { method: 'POST' }))).status, 404);
  });
});
