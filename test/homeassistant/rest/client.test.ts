// createHomeAssistantRest().getConfig() against the fake Home Assistant over real loopback sockets, http and https.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import {
  createHomeAssistantRest,
  type GetConfigResult,
  type HomeAssistantRestOptions,
  parseCertificatePin,
} from '../../../src/homeassistant/rest/index.ts';
import {
  FAKE_CONFIG,
  type FakeHomeAssistantOptions,
  startFakeHomeAssistant,
} from '../../fakes/home-assistant/index.ts';

const TOKEN = 'eyJ-test-token-7f3a9c1e5b2d';
const TLS_DIR = new URL('../../fixtures/tls/', import.meta.url);
const TLS = {
  cert: readFileSync(new URL('localhost-cert.pem', TLS_DIR), 'utf8'),
  key: readFileSync(new URL('localhost-key.pem', TLS_DIR), 'utf8'),
};
const OTHER_CERT = readFileSync(new URL('other-cert.pem', TLS_DIR), 'utf8');

/** The fake Home Assistant accepting one admin token (TOKEN unless another is named). */
function startFake(options: Partial<FakeHomeAssistantOptions> & { token?: string } = {}) {
  const { token = TOKEN, ...rest } = options;
  return startFakeHomeAssistant({ tokens: { [token]: { admin: true } }, ...rest });
}

/** Everything the client returned in this file, scanned for the token at the end. */
const seen: unknown[] = [];

async function getConfig(options: Partial<HomeAssistantRestOptions> & { address: string }): Promise<GetConfigResult> {
  const client = createHomeAssistantRest({ token: TOKEN, ...options });
  try {
    const result = await client.getConfig();
    seen.push(result);
    return result;
  } finally {
    await client.close();
  }
}

function pinFor(port: number, pem: string) {
  const parsed = parseCertificatePin(`127.0.0.1:${port}=${new X509Certificate(pem).fingerprint256}`);
  assert.ok(parsed.ok);
  return parsed.pin;
}

describe('getConfig over http', () => {
  it('returns version, time zone, units, language and state, and nothing else', async () => {
    const fake = await startFake();
    after(() => fake.close());
    const result = await getConfig({ address: fake.rootUrl });
    assert.deepEqual(result, {
      ok: true,
      config: {
        version: '2025.10.1',
        time_zone: 'Europe/Amsterdam',
        unit_system: FAKE_CONFIG.unit_system,
        language: 'en',
        state: 'RUNNING',
      },
    });
    assert.equal(fake.log.requests.length, 1);
    const [request] = fake.log.requests;
    assert.equal(request?.method, 'GET');
    assert.equal(request?.path, '/api/config');
    assert.equal(request?.headers.authorization, `Bearer ${TOKEN}`);
  });

  it('says the token was refused on a plain-text 401', async () => {
    const fake = await startFake({ token: 'another-token' });
    after(() => fake.close());
    assert.deepEqual(await getConfig({ address: fake.rootUrl }), { ok: false, reason: 'the token was refused' });
  });

  it('refuses a redirect to another host, which receives nothing', async () => {
    const other = await startFake();
    const fake = await startFake({ redirectTo: `${other.rootUrl}/api/config` });
    after(() => Promise.all([fake.close(), other.close()]));
    assert.deepEqual(await getConfig({ address: fake.rootUrl }), {
      ok: false,
      reason: `Home Assistant answered with a redirect to ${other.rootUrl}/api/config; redirects are not followed`,
    });
    assert.equal(other.log.requests.length, 0);
    assert.equal(other.connectionCount, 0);
  });

  it('refuses an address the rules refuse, sending nothing', async () => {
    const fake = await startFake();
    after(() => fake.close());
    const result = await getConfig({ address: `http://ha.local:${fake.port}`, resolve: async () => ['93.184.216.34'] });
    assert.deepEqual(result, {
      ok: false,
      reason: 'ha.local resolves to the public address 93.184.216.34; plain http is refused, use https',
    });
    assert.equal(fake.connectionCount, 0);
  });

  it('refuses a name that rebinds to a public address when the connection opens, before connecting', async () => {
    const fake = await startFake();
    after(() => fake.close());
    // The address rules see a private address; the connection's own lookup then gets a public one.
    const result = await getConfig({
      address: `http://ha.local:${fake.port}`,
      resolve: async () => ['192.168.1.20'],
      lookup: (_host, options, callback) => {
        if ((options as { all?: boolean }).all === true)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address: '93.184.216.34', family: 4 },
          ]);
        else (callback as (e: null, a: string, f: number) => void)(null, '93.184.216.34', 4);
      },
    });
    assert.deepEqual(result, {
      ok: false,
      reason: 'ha.local resolved to the public address 93.184.216.34 when connecting; plain http is refused',
    });
    assert.equal(fake.connectionCount, 0);
  });

  it('connects through the same lookup when the name stays private', async () => {
    const fake = await startFake();
    after(() => fake.close());
    const result = await getConfig({
      address: `http://ha.local:${fake.port}`,
      resolve: async () => ['127.0.0.1'],
      lookup: (_host, options, callback) => {
        if ((options as { all?: boolean }).all === true)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address: '127.0.0.1', family: 4 },
          ]);
        else (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
      },
    });
    assert.equal(result.ok, true);
    assert.equal(fake.log.requests.length, 1);
  });

  it('refuses an answer larger than the body limit without reading it all', async () => {
    const fake = await startFake({
      config: { ...FAKE_CONFIG, padding: 'x'.repeat(5000) },
    });
    after(() => fake.close());
    assert.deepEqual(await getConfig({ address: fake.rootUrl, maxBodyBytes: 1000 }), {
      ok: false,
      reason: `Home Assistant at ${fake.rootUrl} answered more than 1000 bytes; refused`,
    });
  });

  it('says the connection was refused', async () => {
    const port = await closedPort();
    assert.deepEqual(await getConfig({ address: `http://127.0.0.1:${port}` }), {
      ok: false,
      reason: `Home Assistant at http://127.0.0.1:${port} refused the connection; is it running on that port?`,
    });
  });

  it('says it timed out when no answer comes', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    after(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const port = (silent.address() as AddressInfo).port;
    const result = await getConfig({ address: `http://127.0.0.1:${port}`, timeoutMs: 200 });
    assert.deepEqual(result, {
      ok: false,
      reason: `Home Assistant at http://127.0.0.1:${port} did not answer within 200 ms`,
    });
  });
});

describe('getConfig over https with a self-signed certificate', () => {
  it('refuses it when not pinned', async () => {
    const fake = await startFake({ tls: TLS });
    after(() => fake.close());
    assert.deepEqual(await getConfig({ address: fake.rootUrl }), {
      ok: false,
      reason: `the certificate of ${fake.rootUrl} is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT); if it is self-signed, pin it as host:port=sha256-fingerprint`,
    });
    assert.equal(fake.log.requests.length, 0);
  });

  it('accepts it when pinned with its fingerprint', async () => {
    const fake = await startFake({ tls: TLS });
    after(() => fake.close());
    const result = await getConfig({ address: fake.rootUrl, pin: pinFor(fake.port, TLS.cert) });
    assert.equal(result.ok, true);
    assert.equal(result.ok && result.config.version, '2025.10.1');
    assert.equal(fake.log.requests.length, 1);
  });

  it('refuses it when pinned with another fingerprint, before any request byte', async () => {
    const fake = await startFake({ tls: TLS });
    after(() => fake.close());
    const result = await getConfig({ address: fake.rootUrl, pin: pinFor(fake.port, OTHER_CERT) });
    assert.deepEqual(result, {
      ok: false,
      reason: `the certificate of 127.0.0.1:${fake.port} is not the pinned one; if it was renewed, pin the new one`,
    });
    assert.ok(fake.connectionCount >= 1, 'the handshake happened');
    assert.equal(fake.log.requests.length, 0);
  });

  it('verifies normally when the pin is for another host:port', async () => {
    const fake = await startFake({ tls: TLS });
    after(() => fake.close());
    const result = await getConfig({ address: fake.rootUrl, pin: pinFor(fake.port + 1, TLS.cert) });
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.reason, /is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
    assert.equal(fake.log.requests.length, 0);
  });
});

describe('the token', () => {
  it('appears in no result of this file', () => {
    assert.ok(seen.length >= 9);
    assert.equal(JSON.stringify(seen).includes(TOKEN), false);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
