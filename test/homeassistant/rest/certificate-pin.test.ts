// parseCertificatePin and pinMatches: the strict `host:port=sha256` format and the exact match.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CERTIFICATE_PIN_FORMAT, parseCertificatePin, pinMatches } from '../../../src/homeassistant/rest/index.ts';

const DER = new Uint8Array([0x30, 0x82, 0x01, 0x0a, 1, 2, 3]);
const HEX = createHash('sha256').update(DER).digest('hex');
const COLONS = HEX.toUpperCase().match(/../g)!.join(':');

describe('parseCertificatePin', () => {
  const accepted: [string, { host: string; port: number }][] = [
    [`homeassistant.local:8123=${COLONS}`, { host: 'homeassistant.local', port: 8123 }],
    [`HA.Local:443=${HEX}`, { host: 'ha.local', port: 443 }],
    [`127.0.0.1:8123=${HEX.toUpperCase()}`, { host: '127.0.0.1', port: 8123 }],
    [`[FD00:0::1]:8123=${HEX}`, { host: 'fd00::1', port: 8123 }],
  ];
  for (const [text, target] of accepted) {
    it(`accepts ${text.slice(0, 30)}…`, () =>
      assert.deepEqual(parseCertificatePin(text), { ok: true, pin: { ...target, sha256: HEX } }));
  }

  const refused: [string, string][] = [
    ['ha.local:8123', 'has no "="'],
    [`ha.local=${HEX}`, 'has no port'],
    [`ha.local:0=${HEX}`, 'has no valid port (1–65535)'],
    [`ha.local:65536=${HEX}`, 'has no valid port (1–65535)'],
    [`ha.local:08123=${HEX}`, 'has no valid port (1–65535)'],
    [`:8123=${HEX}`, 'has no valid host'],
    [`ha_local:8123=${HEX}`, 'has no valid host'],
    [`::1:8123=${HEX}`, 'has no valid host'],
    [`[zz::1]:8123=${HEX}`, 'has no valid host'],
    [`ha.local:8123=${HEX.slice(2)}`, 'has no SHA-256 fingerprint'],
    [`ha.local:8123=${HEX}00`, 'has no SHA-256 fingerprint'],
    [`ha.local:8123=sha256/${Buffer.from(HEX, 'hex').toString('base64')}`, 'has no SHA-256 fingerprint'],
    [`ha.local:8123=${COLONS.replace(':', '')}`, 'has no SHA-256 fingerprint'],
    [`ha.local:8123= ${HEX}`, 'has no SHA-256 fingerprint'],
  ];
  for (const [text, why] of refused) {
    it(`refuses ${text.slice(0, 30)}…: ${why}`, () =>
      assert.deepEqual(parseCertificatePin(text), {
        ok: false,
        reason: `the pin ${JSON.stringify(text)} ${why}; write it as ${CERTIFICATE_PIN_FORMAT}`,
      }));
  }
});

describe('pinMatches', () => {
  const parsed = parseCertificatePin(`ha.local:8123=${COLONS}`);
  assert.ok(parsed.ok);
  const pin = parsed.pin;
  const rows: [string, string, number, Uint8Array, boolean][] = [
    ['the pinned certificate at the pinned host:port', 'ha.local', 8123, DER, true],
    ['host case does not matter', 'HA.LOCAL', 8123, DER, true],
    ['another certificate', 'ha.local', 8123, new Uint8Array([...DER, 0]), false],
    ['another port', 'ha.local', 8124, DER, false],
    ['another host', 'ha.lan', 8123, DER, false],
  ];
  for (const [name, host, port, der, expected] of rows) {
    it(`${name}: ${expected}`, () => assert.equal(pinMatches(pin, host, port, der), expected));
  }
});
