// The fake's server modes over real sockets: redirect, stopping, TLS (https, wss), its connection and request record.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { after, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  startFakeHomeAssistant,
} from './index.ts';

const GUARD = { timeout: 10_000 };
const TLS_DIR = new URL('../../fixtures/tls/', import.meta.url);
const TLS = {
  cert: readFileSync(new URL('localhost-cert.pem', TLS_DIR), 'utf8'),
  key: readFileSync(new URL('localhost-key.pem', TLS_DIR), 'utf8'),
};
const AUTH = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function start(options: Partial<FakeHomeAssistantOptions> = {}): Promise<FakeHomeAssistant> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...options });
  after(() => fake.close());
  return fake;
}

/** What a WebSocket client sees when the upgrade is refused: the HTTP status. */
async function upgradeStatus(url: string): Promise<number> {
  const socket = new WebSocket(url);
  socket.on('error', () => {});
  const [request, response] = (await once(socket, 'unexpected-response')) as [
    { destroy(): void },
    { statusCode: number },
  ];
  request.destroy();
  return response.statusCode;
}

/** GET over https trusting the test certificate. */
function getTrusted(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { ca: TLS.cert, headers: AUTH }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('fake Home Assistant server modes', () => {
  it('answers every request with a 302 in redirect mode, and records it', GUARD, async () => {
    const fake = await start({ redirectTo: 'https://elsewhere.example/api/config' });
    const response = await fetch(`${fake.rootUrl}/api/config`, { headers: AUTH, redirect: 'manual' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), 'https://elsewhere.example/api/config');
    assert.equal(await response.text(), '');
    assert.equal(await upgradeStatus(fake.wsUrl), 302);
    assert.deepEqual(
      fake.log.requests.map((request) => [request.method, request.path]),
      [
        ['GET', '/api/config'],
        ['GET', '/api/websocket'],
      ],
    );
  });

  it('answers every view with a body-less 503 while stopping, token or not', GUARD, async () => {
    const fake = await start({ stopping: true });
    for (const headers of [AUTH, {}]) {
      const response = await fetch(`${fake.rootUrl}/api/states`, { headers });
      assert.equal(response.status, 503);
      assert.equal(await response.text(), '');
    }
    assert.equal((await fetch(`${fake.rootUrl}/api/unknown`, { headers: AUTH })).status, 404);
    assert.equal(await upgradeStatus(fake.wsUrl), 503);
  });

  it('refuses an upgrade on another path with 404', GUARD, async () => {
    const fake = await start();
    assert.equal(await upgradeStatus(fake.wsUrl.replace('/api/websocket', '/api/other')), 404);
  });

  it('serves /api/config as given, replacing the default answer', GUARD, async () => {
    const fake = await start({ config: { version: '2099.1.0', padding: 'x' } });
    const response = await fetch(`${fake.rootUrl}/api/config`, { headers: AUTH });
    assert.deepEqual(await response.json(), { version: '2099.1.0', padding: 'x' });
  });

  it('counts TCP connections', GUARD, async () => {
    const fake = await start();
    assert.equal(fake.connectionCount, 0);
    await (await fetch(`${fake.rootUrl}/api/`, { headers: AUTH })).text();
    assert.ok(fake.connectionCount >= 1);
  });
});

describe('fake Home Assistant over TLS', () => {
  it('serves https and wss with the given certificate', GUARD, async () => {
    const fake = await start({ tls: TLS });
    assert.match(fake.rootUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
    assert.match(fake.wsUrl, /^wss:\/\/127\.0\.0\.1:\d+\/api\/websocket$/);
    assert.deepEqual(await getTrusted(`${fake.rootUrl}/api/`), { status: 200, body: '{"message":"API running."}' });
    const socket = new WebSocket(fake.wsUrl, { ca: TLS.cert });
    const [first] = (await once(socket, 'message')) as [Buffer];
    assert.deepEqual(JSON.parse(first.toString()), { type: 'auth_required', ha_version: '2025.10.1' });
    socket.terminate();
  });

  it('survives a refused handshake, which counts a connection but records no request', GUARD, async () => {
    const fake = await start({ tls: TLS });
    const socket = tlsConnect({ host: '127.0.0.1', port: fake.port });
    const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException];
    assert.equal(error.code, 'DEPTH_ZERO_SELF_SIGNED_CERT');
    assert.equal(fake.connectionCount, 1);
    assert.equal(fake.log.requests.length, 0);
    assert.equal((await getTrusted(`${fake.rootUrl}/api/`)).status, 200);
  });
});
