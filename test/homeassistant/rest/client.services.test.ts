// callService of the REST client against the fake Home Assistant over real sockets: done, failed, not-sent, unknown.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHomeAssistantReader, type ServiceCallOutcome } from '../../../src/homeassistant/index.ts';
import {
  createHomeAssistantRest,
  type HomeAssistantRestOptions,
  parseCertificatePin,
} from '../../../src/homeassistant/rest/index.ts';
import { failedBeforeRequest } from '../../../src/homeassistant/rest/failure-reason.ts';
import { HearthError } from '../../../src/common/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  startFakeHomeAssistant,
} from '../../fakes/home-assistant/index.ts';
import { startScriptedHomeAssistant } from '../scripted-home-assistant.ts';

const GUARD = { timeout: 10_000 };
const TLS_DIR = new URL('../../fixtures/tls/', import.meta.url);
const TLS = {
  cert: readFileSync(new URL('localhost-cert.pem', TLS_DIR), 'utf8'),
  key: readFileSync(new URL('localhost-key.pem', TLS_DIR), 'utf8'),
};
const OTHER_CERT = readFileSync(new URL('other-cert.pem', TLS_DIR), 'utf8');
const KITCHEN_ON = { domain: 'light', service: 'turn_on', data: { entity_id: ['light.kitchen'], brightness_pct: 40 } };

/** Every outcome of this file, scanned for the token at the end. */
const seen: ServiceCallOutcome[] = [];

async function startFake(options: Partial<FakeHomeAssistantOptions> = {}): Promise<FakeHomeAssistant> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...options });
  after(() => fake.close());
  return fake;
}

/** Calls once through a fresh client. */
async function call(
  options: Partial<HomeAssistantRestOptions> & { address: string },
  serviceCall: { domain: string; service: string; data: Record<string, unknown> } = KITCHEN_ON,
): Promise<ServiceCallOutcome> {
  const client = createHomeAssistantRest({ token: ADMIN_TOKEN, ...options });
  try {
    const outcome = await client.callService(serviceCall);
    seen.push(outcome);
    return outcome;
  } finally {
    await client.close();
  }
}

function pinFor(port: number, pem: string) {
  const parsed = parseCertificatePin(`127.0.0.1:${port}=${new X509Certificate(pem).fingerprint256}`);
  assert.ok(parsed.ok);
  return parsed.pin;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('callService: done and failed', () => {
  it('posts the data to /api/services/<domain>/<service> and answers done with the changed states', GUARD, async () => {
    const fake = await startFake();
    const outcome = await call({ address: fake.rootUrl });
    assert.equal(outcome.kind, 'done');
    const changed = outcome.kind === 'done' ? outcome.changed : [];
    assert.deepEqual(
      changed.map((state) => [state.entity_id, state.state, state.attributes.brightness]),
      [['light.kitchen', 'on', 102]],
    );
    // Passthrough: keys the schema does not name (the context) are kept.
    assert.equal(
      (changed[0] as { context?: { id: string } } | undefined)?.context?.id,
      fake.log.serviceCalls[0]?.contextId,
    );
    const [request] = fake.log.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, '/api/services/light/turn_on');
    assert.equal(request?.headers.authorization, `Bearer ${ADMIN_TOKEN}`);
    assert.deepEqual(JSON.parse(request?.body ?? ''), KITCHEN_ON.data);
    assert.equal(fake.home.state('light.kitchen')?.state, 'on');
  });

  it('answers done with no states when the targets are missing (Home Assistant only logs them)', GUARD, async () => {
    const fake = await startFake();
    const outcome = await call({ address: fake.rootUrl }, { ...KITCHEN_ON, data: { entity_id: 'light.nope' } });
    assert.deepEqual(outcome, { kind: 'done', changed: [] });
  });

  it('fails on an unknown service and on data that does not fit, both bare 400', GUARD, async () => {
    const fake = await startFake();
    const unknown = await call({ address: fake.rootUrl }, { domain: 'light', service: 'explode', data: {} });
    assert.deepEqual(unknown, {
      kind: 'failed',
      reason:
        'Home Assistant answered HTTP 400 to light.explode: Home Assistant has no such action, or the data does not fit its fields',
    });
    const misfit = await call({ address: fake.rootUrl }, { ...KITCHEN_ON, data: { brightness_pct: 'lots' } });
    assert.equal(misfit.kind, 'failed');
  });

  it('fails with the JSON message of a return_response mismatch', GUARD, async () => {
    const fake = await startFake();
    const outcome = await call(
      { address: fake.rootUrl },
      { domain: 'weather', service: 'get_forecasts', data: { entity_id: 'weather.home', type: 'daily' } },
    );
    assert.deepEqual(outcome, {
      kind: 'failed',
      reason:
        'Home Assistant answered HTTP 400 to weather.get_forecasts: Service call requires responses but caller did not ask for responses. Add ?return_response to query parameters.',
    });
  });

  it('fails on a raising entity, in the bare form (before core PR #181590) and the JSON form', GUARD, async () => {
    const serviceErrors = { 'light.kitchen': 'validation', 'switch.coffee_machine': 'ha_error' } as const;
    const bare = await startFake({ serviceErrors });
    const json = await startFake({ serviceErrors, features: { restServiceErrorsAsJson: true } });
    const coffee = { domain: 'switch', service: 'turn_on', data: { entity_id: 'switch.coffee_machine' } };
    const outcomes = [
      await call({ address: bare.rootUrl }),
      await call({ address: bare.rootUrl }, coffee),
      await call({ address: json.rootUrl }),
      await call({ address: json.rootUrl }, coffee),
    ];
    const bareReason = 'the action raised an error in Home Assistant (a device offline, an unsupported feature, …)';
    assert.deepEqual(outcomes, [
      { kind: 'failed', reason: `Home Assistant answered HTTP 500 to light.turn_on: ${bareReason}` },
      { kind: 'failed', reason: `Home Assistant answered HTTP 500 to switch.turn_on: ${bareReason}` },
      {
        kind: 'failed',
        reason:
          'Home Assistant answered HTTP 400 to light.turn_on: Entity light.kitchen does not support action light.turn_on',
      },
      {
        kind: 'failed',
        reason:
          'Home Assistant answered HTTP 500 to switch.turn_on: Failed to perform the action switch.turn_on: switch.coffee_machine is offline',
      },
    ]);
    assert.equal(bare.home.state('light.kitchen')?.state, 'off');
  });

  it('fails on a refused token and while Home Assistant is stopping', GUARD, async () => {
    const fake = await startFake({ tokens: { 'eyJ-another-token-5e1d': { admin: true } } });
    assert.deepEqual(await call({ address: fake.rootUrl }), { kind: 'failed', reason: 'the token was refused' });
    const stopping = await startFake({ stopping: true });
    assert.deepEqual(await call({ address: stopping.rootUrl }), {
      kind: 'failed',
      reason: 'Home Assistant is starting or stopping (HTTP 503)',
    });
  });
});

describe('callService: not sent', () => {
  it('sends nothing for a domain or service that is not a plain name', GUARD, async () => {
    const fake = await startFake();
    for (const [domain, service] of [
      ['light', 'turn_on/../../states'],
      ['Light', 'turn_on'],
      ['light', ''],
    ]) {
      const outcome = await call({ address: fake.rootUrl }, { domain: domain ?? '', service: service ?? '', data: {} });
      assert.equal(outcome.kind, 'not-sent', `${domain}.${service}`);
    }
    assert.equal(fake.connectionCount, 0);
  });

  it('sends nothing to an address the rules refuse (plain http to a public IP)', GUARD, async () => {
    const outcome = await call({ address: 'http://93.184.216.34:8123' });
    assert.equal(outcome.kind, 'not-sent');
    assert.match(
      outcome.kind === 'not-sent' ? outcome.reason : '',
      /93\.184\.216\.34 is a public address.*nothing was sent$/,
    );
  });

  it('sends nothing when the certificate is not the pinned one, or not trusted', GUARD, async () => {
    const fake = await startFake({ tls: TLS });
    const wrongPin = await call({ address: fake.rootUrl, pin: pinFor(fake.port, OTHER_CERT) });
    assert.deepEqual(wrongPin, {
      kind: 'not-sent',
      reason: `the certificate of 127.0.0.1:${fake.port} is not the pinned one; if it was renewed, pin the new one; nothing was sent`,
    });
    const unpinned = await call({ address: fake.rootUrl });
    assert.equal(unpinned.kind, 'not-sent');
    assert.match(unpinned.kind === 'not-sent' ? unpinned.reason : '', /is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
    assert.ok(fake.connectionCount >= 2, 'the handshakes happened');
    assert.equal(fake.log.requests.length, 0);
    assert.equal(fake.log.serviceCalls.length, 0);
    assert.equal(fake.home.state('light.kitchen')?.state, 'off');
    // The right pin goes through.
    assert.equal((await call({ address: fake.rootUrl, pin: pinFor(fake.port, TLS.cert) })).kind, 'done');
  });

  it('sends nothing when opening the connection fails, whatever the code (the connector gave it)', GUARD, async () => {
    const fake = await startFake();
    const outcome = await call({
      address: `http://ha.local:${fake.port}`,
      resolve: async () => ['127.0.0.1'],
      lookup: (_host, _options, callback) =>
        (callback as (error: Error) => void)(Object.assign(new Error('lookup failed'), { code: 'EAI_FAIL' })),
    });
    assert.equal(outcome.kind, 'not-sent');
    assert.equal(fake.connectionCount, 0);
  });

  it('sends nothing when the port refuses the connection', GUARD, async () => {
    const port = await closedPort();
    assert.deepEqual(await call({ address: `http://127.0.0.1:${port}` }), {
      kind: 'not-sent',
      reason: `Home Assistant at http://127.0.0.1:${port} refused the connection; is it running on that port?; nothing was sent`,
    });
  });
});

describe('callService: unknown', () => {
  it('is unknown when the connection breaks after the call arrived; the effect happened once', GUARD, async () => {
    const fake = await startFake({ dropAfterServiceCall: 'after-effect' });
    const outcome = await call({ address: fake.rootUrl });
    assert.deepEqual(outcome, {
      kind: 'unknown',
      reason: `light.turn_on was sent, but the connection to ${fake.rootUrl} was closed; the call may have been carried out`,
    });
    assert.equal(fake.log.serviceCalls.length, 1, 'sent exactly once, never retried');
    assert.equal(fake.home.state('light.kitchen')?.state, 'on');
  });

  it('is unknown when the answer does not come within the timeout; the effect happened once', GUARD, async () => {
    const fake = await startFake({ serviceDelayMs: 600 });
    const outcome = await call({ address: fake.rootUrl, timeoutMs: 200 });
    assert.deepEqual(outcome, {
      kind: 'unknown',
      reason: `light.turn_on was sent, but Home Assistant at ${fake.rootUrl} did not answer within 200 ms; the call may have been carried out`,
    });
    assert.equal(fake.log.serviceCalls.length, 1);
    assert.equal(fake.home.state('light.kitchen')?.state, 'on');
  });

  it('is unknown when a 200 does not carry the changed states', GUARD, async () => {
    const ha = await startScriptedHomeAssistant({ token: ADMIN_TOKEN, rest: () => ({ status: 200, body: '{"ok":' }) });
    after(() => ha.close());
    const outcome = await call({ address: ha.origin });
    assert.equal(outcome.kind, 'unknown');
    assert.equal(ha.requests.length, 1);
  });
});

describe('callService through createHomeAssistantReader', () => {
  it('is on the client the reader factory returns', GUARD, async () => {
    const fake = await startFake();
    const client = createHomeAssistantReader({ address: fake.rootUrl, token: ADMIN_TOKEN });
    after(() => client.close());
    const outcome = await client.callService({
      domain: 'cover',
      service: 'open_cover',
      data: { entity_id: 'cover.garage_door' },
    });
    seen.push(outcome);
    assert.equal(outcome.kind, 'done');
    assert.equal(
      (await client.getState('cover.garage_door')).ok && fake.home.state('cover.garage_door')?.state,
      'open',
    );
  });
});

describe('which failures prove nothing was sent', () => {
  const coded = (code: string): Error => Object.assign(new Error(code), { code });
  const fetchFailed = (cause: Error): Error => new TypeError('fetch failed', { cause });
  const fromConnector = coded('EHOSTUNREACH');
  const rows: [name: string, error: unknown, isBefore: boolean][] = [
    ['a refused port', fetchFailed(coded('ECONNREFUSED')), true],
    ['a name that does not resolve', fetchFailed(coded('ENOTFOUND')), true],
    ['the connect timeout', fetchFailed(coded('UND_ERR_CONNECT_TIMEOUT')), true],
    ['an untrusted certificate', fetchFailed(coded('DEPTH_ZERO_SELF_SIGNED_CERT')), true],
    ['a wrong pin', fetchFailed(new HearthError('HA_CERT_NOT_PINNED', 'pin')), true],
    ['a public address at connect time', fetchFailed(new HearthError('HA_PUBLIC_ADDRESS', 'x')), true],
    ['any error the connector gave', fetchFailed(fromConnector), true],
    ['the same code from an open connection', fetchFailed(coded('EHOSTUNREACH')), false],
    ['a reset', fetchFailed(coded('ECONNRESET')), false],
    ['the other side closing', fetchFailed(coded('UND_ERR_SOCKET')), false],
    ['a headers timeout', fetchFailed(coded('UND_ERR_HEADERS_TIMEOUT')), false],
    [
      'the abort of the timeout signal',
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      false,
    ],
    ['a failure without a code', new TypeError('fetch failed'), false],
  ];
  for (const [name, error, isBefore] of rows) {
    it(`${isBefore ? 'proves' : 'does not prove'} it for ${name}`, () => {
      assert.equal(
        failedBeforeRequest(error, (link) => link === fromConnector),
        isBefore,
      );
    });
  }
});

describe('the token', () => {
  it('appears in no outcome of this file', () => {
    assert.ok(seen.length >= 20);
    assert.equal(JSON.stringify(seen).includes(ADMIN_TOKEN), false);
  });
});
