// openHomeAssistantSocket against a scripted Home Assistant on loopback: address rules, pins, the auth handshake.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket, { type ClientOptions } from 'ws';
import { HearthError } from '../../../src/common/index.ts';
import { parseCertificatePin } from '../../../src/homeassistant/rest/index.ts';
import {
  type HomeAssistantSocket,
  type HomeAssistantSocketOptions,
  openHomeAssistantSocket,
} from '../../../src/homeassistant/ws/socket.ts';
import { HA_VERSION, type ScriptedOptions, startScriptedHomeAssistant } from '../scripted-home-assistant.ts';

const TOKEN = 'eyJ-ws-test-token-8d2f4b6a1c';
const TLS_DIR = new URL('../../fixtures/tls/', import.meta.url);
const TLS = {
  cert: readFileSync(new URL('localhost-cert.pem', TLS_DIR), 'utf8'),
  key: readFileSync(new URL('localhost-key.pem', TLS_DIR), 'utf8'),
};
const OTHER_CERT = readFileSync(new URL('other-cert.pem', TLS_DIR), 'utf8');

/** Every error thrown in this file, scanned for the token at the end. */
const thrown: unknown[] = [];

async function scripted(options: Partial<ScriptedOptions> = {}) {
  const ha = await startScriptedHomeAssistant({ token: TOKEN, ...options });
  after(() => ha.close());
  return ha;
}

async function open(options: Partial<HomeAssistantSocketOptions> & { address: string }): Promise<HomeAssistantSocket> {
  const socket = await openHomeAssistantSocket({ token: TOKEN, ...options });
  after(() => socket.close());
  return socket;
}

/** The coded error `opening` rejects with. */
async function refusal(opening: Promise<unknown>): Promise<HearthError> {
  try {
    await opening;
  } catch (error) {
    thrown.push({ message: (error as Error).message, code: (error as HearthError).code });
    assert.ok(error instanceof HearthError, `a HearthError, not ${String(error)}`);
    return error;
  }
  assert.fail('expected the socket to be refused');
}

function pinFor(port: number, pem: string) {
  const parsed = parseCertificatePin(`127.0.0.1:${port}=${new X509Certificate(pem).fingerprint256}`);
  assert.ok(parsed.ok);
  return parsed.pin;
}

describe('the auth handshake', () => {
  it('waits for auth_required, sends the token as a text auth message, and is open on auth_ok', async () => {
    const ha = await scripted();
    const calls: { url: string; options: ClientOptions }[] = [];
    const socket = await open({
      address: ha.origin,
      webSocketFactory: (url, options) => {
        calls.push({ url, options });
        return new WebSocket(url, options);
      },
    });
    assert.equal(socket.haVersion, HA_VERSION);
    assert.equal(socket.isOpen, true);
    assert.deepEqual(
      ha.frames.map((frame) => JSON.parse(frame)),
      [{ type: 'auth', access_token: TOKEN }],
    );
    assert.equal(calls[0]?.url, `ws://127.0.0.1:${ha.port}/api/websocket`);
    assert.equal(calls[0]?.options.followRedirects, false);
    assert.equal(ha.upgrades[0]?.url, '/api/websocket');
    assert.equal(JSON.stringify(ha.upgrades[0]?.headers).includes(TOKEN), false, 'no token in the upgrade request');
  });

  it('delivers frames that arrive right after auth_ok once a listener is set', async () => {
    const ha = await scripted({ auth: 'ok' });
    const socket = await open({ address: ha.origin });
    socket.send(JSON.stringify({ id: 1, type: 'ping' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const texts: string[] = [];
    socket.listen({ message: (text) => texts.push(text), closed: () => {} });
    assert.deepEqual(texts, [JSON.stringify({ id: 1, type: 'pong' })]);
  });

  it('fails with HA_UNAUTHORIZED on auth_invalid', async () => {
    const ha = await scripted({ auth: 'invalid' });
    const error = await refusal(openHomeAssistantSocket({ address: ha.origin, token: TOKEN }));
    assert.equal(error.code, 'HA_UNAUTHORIZED');
    assert.equal(error.message, 'Home Assistant refused the token (Invalid access token or password)');
  });

  it('times out with HA_TIMEOUT when auth_ok never comes', async () => {
    const ha = await scripted({ auth: 'no-auth-result' });
    const started = Date.now();
    const error = await refusal(openHomeAssistantSocket({ address: ha.origin, token: TOKEN, handshakeTimeoutMs: 150 }));
    assert.equal(error.code, 'HA_TIMEOUT');
    assert.equal(
      error.message,
      `Home Assistant at ws://127.0.0.1:${ha.port} did not finish the WebSocket handshake within 150 ms`,
    );
    assert.ok(Date.now() - started < 10_000);
  });

  it('times out without sending the token when auth_required never comes', async () => {
    const ha = await scripted({ auth: 'no-auth-required' });
    const error = await refusal(openHomeAssistantSocket({ address: ha.origin, token: TOKEN, handshakeTimeoutMs: 150 }));
    assert.equal(error.code, 'HA_TIMEOUT');
    assert.deepEqual(ha.frames, []);
  });

  it('fails with HA_UNREACHABLE when the upgrade is answered with a redirect, which is not followed', async () => {
    const other = await scripted();
    const ha = await scripted({
      upgradeReply: { status: 302, headers: { location: `${other.origin.replace('http', 'ws')}/api/websocket` } },
    });
    const error = await refusal(openHomeAssistantSocket({ address: ha.origin, token: TOKEN }));
    assert.equal(error.code, 'HA_UNREACHABLE');
    assert.match(
      error.message,
      /answered the WebSocket upgrade with a redirect to ws:\/\/127\.0\.0\.1:\d+\/api\/websocket; redirects are not followed/,
    );
    assert.equal(other.connectionCount, 0);
    assert.deepEqual(ha.frames, []);
  });

  it('fails with HA_UNREACHABLE when nothing listens', async () => {
    const ha = await scripted();
    await ha.close();
    const error = await refusal(openHomeAssistantSocket({ address: ha.origin, token: TOKEN }));
    assert.equal(error.code, 'HA_UNREACHABLE');
    assert.match(error.message, /refused the connection/);
  });
});

describe('the address rules', () => {
  it('refuses ws:// to a name that resolves to a public address, connecting nowhere', async () => {
    const ha = await scripted();
    const error = await refusal(
      openHomeAssistantSocket({
        address: `http://ha.local:${ha.port}`,
        token: TOKEN,
        resolve: async () => ['93.184.216.34'],
      }),
    );
    assert.equal(error.code, 'HA_ADDRESS_REFUSED');
    assert.equal(
      error.message,
      'ha.local resolves to the public address 93.184.216.34; plain http is refused, use https',
    );
    assert.equal(ha.connectionCount, 0);
  });

  it('refuses ws:// to a public IP address and to an address with a path', async () => {
    for (const address of ['http://93.184.216.34:8123', 'http://127.0.0.1:8123/api']) {
      const error = await refusal(openHomeAssistantSocket({ address, token: TOKEN }));
      assert.equal(error.code, 'HA_ADDRESS_REFUSED');
    }
  });

  it('refuses a name that rebinds to a public address when the socket connects', async () => {
    const ha = await scripted();
    const error = await refusal(
      openHomeAssistantSocket({
        address: `http://ha.local:${ha.port}`,
        token: TOKEN,
        resolve: async () => ['192.168.1.20'],
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all === true)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: '93.184.216.34', family: 4 },
            ]);
          else (callback as (e: null, a: string, f: number) => void)(null, '93.184.216.34', 4);
        },
      }),
    );
    assert.equal(error.code, 'HA_PUBLIC_ADDRESS');
    assert.equal(
      error.message,
      'ha.local resolved to the public address 93.184.216.34 when connecting; plain http is refused',
    );
    assert.equal(ha.connectionCount, 0);
  });

  it('connects ws:// through the same lookup when the name stays private', async () => {
    const ha = await scripted();
    const socket = await open({
      address: `http://ha.local:${ha.port}`,
      resolve: async () => ['127.0.0.1'],
      lookup: (_host, options, callback) => {
        if ((options as { all?: boolean }).all === true)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address: '127.0.0.1', family: 4 },
          ]);
        else (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
      },
    });
    assert.equal(socket.isOpen, true);
  });
});

describe('wss:// with a self-signed certificate', () => {
  it('refuses it when not pinned, before any HTTP or WebSocket byte', async () => {
    const ha = await scripted({ tls: TLS });
    const error = await refusal(openHomeAssistantSocket({ address: ha.origin, token: TOKEN }));
    assert.equal(error.code, 'HA_CERT_UNTRUSTED');
    assert.equal(
      error.message,
      `the certificate of wss://127.0.0.1:${ha.port} is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT); if it is self-signed, pin it as host:port=sha256-fingerprint`,
    );
    assert.deepEqual(ha.upgrades, []);
    assert.deepEqual(ha.frames, []);
  });

  it('connects and authenticates when pinned with its fingerprint', async () => {
    const ha = await scripted({ tls: TLS });
    const socket = await open({ address: ha.origin, pin: pinFor(ha.port, TLS.cert) });
    assert.equal(socket.haVersion, HA_VERSION);
    assert.equal(ha.upgrades.length, 1);
  });

  it('refuses it when pinned with another fingerprint, before the upgrade request', async () => {
    const ha = await scripted({ tls: TLS });
    const error = await refusal(
      openHomeAssistantSocket({ address: ha.origin, token: TOKEN, pin: pinFor(ha.port, OTHER_CERT) }),
    );
    assert.equal(error.code, 'HA_CERT_NOT_PINNED');
    assert.equal(
      error.message,
      `the certificate of 127.0.0.1:${ha.port} is not the pinned one; if it was renewed, pin the new one`,
    );
    assert.ok(ha.connectionCount >= 1, 'the TLS handshake happened');
    assert.deepEqual(ha.upgrades, []);
    assert.deepEqual(ha.frames, []);
  });

  it('verifies normally when the pin is for another port', async () => {
    const ha = await scripted({ tls: TLS });
    const error = await refusal(
      openHomeAssistantSocket({ address: ha.origin, token: TOKEN, pin: pinFor(ha.port + 1, TLS.cert) }),
    );
    assert.equal(error.code, 'HA_CERT_UNTRUSTED');
    assert.deepEqual(ha.frames, []);
  });
});

describe('the token', () => {
  it('appears in no error of this file', () => {
    assert.ok(thrown.length >= 10);
    assert.equal(JSON.stringify(thrown).includes(TOKEN), false);
  });
});
