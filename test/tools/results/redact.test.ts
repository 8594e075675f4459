// Redaction: a row per rule, and properties that no secret key or token-bearing address survives.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { REDACTED, TOO_DEEP, redact, redactText } from '../../../src/tools/index.ts';

describe('redact: keys dropped', () => {
  const rows: { name: string; key: string }[] = [
    { name: 'entity_picture', key: 'entity_picture' },
    { name: 'entity_picture_local', key: 'entity_picture_local' },
    { name: 'access_token', key: 'access_token' },
    { name: 'a key containing token, any case', key: 'Refresh_TOKEN_v2' },
    { name: 'password', key: 'wifi_password' },
    { name: 'secret', key: 'clientSecret' },
    { name: 'latitude', key: 'latitude' },
    { name: 'longitude', key: 'Longitude' },
    { name: 'gps_accuracy', key: 'gps_accuracy' },
    { name: 'altitude', key: 'altitude' },
    { name: 'elevation', key: 'elevation' },
    { name: 'location', key: 'location' },
    { name: 'a prefixed latitude', key: 'home_latitude' },
    { name: 'coordinates', key: 'coordinates' },
    { name: 'an address', key: 'address' },
    { name: 'a camera still image address', key: 'still_image_url' },
    { name: 'a stream source', key: 'stream_source' },
    { name: 'a snapshot key', key: 'last_snapshot' },
  ];
  for (const row of rows) {
    it(row.name, () => {
      assert.deepEqual(redact({ state: 'on', [row.key]: 'x', nested: [{ [row.key]: 1 }] }), {
        state: 'on',
        nested: [{}],
      });
    });
  }

  it('keeps ordinary attributes', () => {
    const value = { friendly_name: 'Kitchen', brightness: 255, current_position: 40, location_name: undefined };
    assert.deepEqual(redact(value), {
      friendly_name: 'Kitchen',
      brightness: 255,
      current_position: 40,
      location_name: null,
    });
  });
});

describe('redact: values replaced', () => {
  const rows: { name: string; text: string; expected: string }[] = [
    { name: 'a camera proxy address', text: '/api/camera_proxy/camera.porch?token=abc', expected: REDACTED },
    { name: 'a camera proxy stream', text: '/api/camera_proxy_stream/camera.porch', expected: REDACTED },
    { name: 'an image proxy address', text: '/api/image_proxy/image.x', expected: REDACTED },
    { name: '?token=', text: 'https://ha.local/x?token=abc', expected: REDACTED },
    { name: 'access_token= after another parameter', text: 'http://h/x?a=1&access_token=abc', expected: REDACTED },
    { name: 'authSig=', text: '/api/hls/x/master.m3u8?authSig=eyJ0', expected: REDACTED },
    { name: 'an api key', text: 'https://api.example.com/v1?api_key=k', expected: REDACTED },
    { name: 'a password in the address', text: 'rtsp://admin:hunter2@192.168.1.4/stream', expected: REDACTED },
    {
      name: 'a JWT in text',
      text: 'token is eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJhYmMifQ.sig here',
      expected: `token is ${REDACTED} here`,
    },
    {
      name: 'only the address inside logbook text',
      text: 'Doorbell rang, see https://ha.local/api/camera_proxy/camera.door?token=t1 now',
      expected: `Doorbell rang, see ${REDACTED} now`,
    },
    {
      name: 'a plain address',
      text: 'https://www.home-assistant.io/integrations/light',
      expected: 'https://www.home-assistant.io/integrations/light',
    },
    { name: 'the word token in a sentence', text: 'the token was rotated', expected: 'the token was rotated' },
  ];
  for (const row of rows) {
    it(row.name, () => {
      assert.equal(redactText(row.text), row.expected);
      assert.deepEqual(redact({ message: row.text, list: [row.text] }), {
        message: row.expected,
        list: [row.expected],
      });
    });
  }
});

describe('redact: shapes', () => {
  it('turns what is not JSON into null and keeps a __proto__ key a key', () => {
    const value = JSON.parse('{"__proto__": {"a": 1}, "n": 1}') as unknown;
    const out = redact(value) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.deepEqual(Object.keys(out), ['__proto__', 'n']);
    assert.deepEqual(redact([Number.NaN, undefined, () => 1, 10n]), [null, null, null, null]);
  });

  it('replaces what is nested deeper than it looks', () => {
    let deep: unknown = { password: 'x' };
    for (let i = 0; i < 10_000; i++) deep = [deep];
    let out: unknown = redact(deep);
    let depth = 0;
    while (Array.isArray(out)) {
      out = out[0];
      depth++;
    }
    assert.equal(out, TOO_DEEP);
    assert.equal(depth, 32);
  });
});

/** Keys that must never survive, mixed with ordinary ones. */
const key = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc
    .tuple(
      fc.string({ maxLength: 4 }),
      fc.constantFrom('token', 'PassWord', 'SECRET', 'access_token'),
      fc.string({ maxLength: 4 }),
    )
    .map((parts) => parts.join('')),
);
/** Strings, some of them addresses carrying a token. */
const text = fc.oneof(
  fc.string(),
  fc
    .tuple(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('https://h/a?token=', 'x?a=1&access_token=', '/api/camera_proxy/camera.x?token=', '?authSig='),
      fc.string({ maxLength: 6 }),
    )
    .map(([before, address, after]) => `${before} ${address}${after}`),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
})).value;

function visit(value: unknown, onKey: (key: string) => void, onString: (text: string) => void): void {
  if (typeof value === 'string') onString(value);
  else if (Array.isArray(value)) for (const item of value) visit(item, onKey, onString);
  else if (typeof value === 'object' && value !== null)
    for (const [k, item] of Object.entries(value)) {
      onKey(k);
      onString(k);
      visit(item, onKey, onString);
    }
}

describe('redact: properties', () => {
  it('leaves no key naming a token, password or secret, and no token-bearing address', () => {
    fc.assert(
      fc.property(json, (value) => {
        visit(
          redact(value),
          (k) => assert.doesNotMatch(k, /token|password|secret/i),
          (s) => {
            assert.doesNotMatch(s, /[?&;#][^=\s]*(token|authsig)[^=\s]*=/i);
            assert.doesNotMatch(s, /\/api\/camera_proxy/i);
          },
        );
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(json, (value) => assert.deepEqual(redact(redact(value)), redact(value))),
      { numRuns: 200 },
    );
  });
});
