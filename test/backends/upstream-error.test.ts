// Key-shaped text from a backend is redacted before it reaches a client or a log.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactSecrets, wrapStatusError } from '../../src/backends/upstream-error.ts';
import { withoutSecret } from '../../src/backends/upstream-post.ts';

const KEY = 'sk-backend-SECRET-0123456789';

const ROWS: { name: string; text: string; expected: string; key?: string }[] = [
  { name: 'the configured key', text: `bad key ${KEY}`, expected: 'bad key [redacted]', key: KEY },
  {
    name: 'a masked partial key',
    text: 'Incorrect API key provided: sk-backend-SE****',
    expected: 'Incorrect API key provided: [redacted]',
  },
  { name: 'an sk- key', text: 'key sk-proj-abc123 revoked', expected: 'key [redacted] revoked' },
  {
    name: 'a prefix of the configured key',
    text: 'unknown key sk-backe…',
    expected: 'unknown key [redacted]',
    key: KEY,
  },
  { name: 'a prefix inside a token', text: 'auth=sk-backend-SEC failed', expected: '[redacted] failed', key: KEY },
  { name: 'a bearer token', text: 'header Bearer abc.def-ghi rejected', expected: 'header Bearer [redacted] rejected' },
  {
    name: 'a basic credential',
    text: 'Authorization: Basic dXNlcjpwYXNz',
    expected: 'Authorization: Basic [redacted]',
  },
  {
    name: 'a long hex token',
    text: 'token 0123456789abcdef0123456789abcdef revoked',
    expected: 'token [redacted] revoked',
  },
  {
    name: 'a long base64 token',
    text: 'token eyJhbGciOiJIUzI1NiJ9eyJzdWIiOiIxMjM0NTY3ODkwIn0 expired',
    expected: 'token [redacted] expired',
  },
  { name: 'a generic masked secret', text: 'key ab12****cd34 is wrong', expected: 'key [redacted] is wrong' },
  { name: 'inside JSON', text: '{"error":"key sk-x1****"}', expected: '{"error":"key [redacted]"}' },
  {
    name: 'ordinary text and model names stay',
    text: "model 'qwen2.5-7b-instruct-q4_K_M' not found; try /v1/models",
    expected: "model 'qwen2.5-7b-instruct-q4_K_M' not found; try /v1/models",
    key: KEY,
  },
  {
    name: 'a short key is replaced where it appears, with no prefix rule',
    text: 'key abc and ab',
    expected: 'key [redacted] and ab',
    key: 'abc',
  },
];

describe('redactSecrets / withoutSecret', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      assert.equal(row.key === undefined ? redactSecrets(row.text) : withoutSecret(row.text, row.key), row.expected);
    });
  }

  it('is linear on long runs that look almost like secrets', () => {
    const texts = [
      'a'.repeat(200_000),
      `${'ab'.repeat(100_000)}**`,
      `Bearer ${'x'.repeat(200_000)}`,
      '*'.repeat(200_000),
    ];
    for (const text of texts) {
      const started = performance.now();
      withoutSecret(text, KEY);
      assert.ok(performance.now() - started < 500, `took ${Math.round(performance.now() - started)} ms`);
    }
  });
});

describe('wrapStatusError', () => {
  it('quotes no key-shaped text, whoever passed it', () => {
    const error = wrapStatusError(
      'gemma',
      401,
      '{"error":{"message":"Incorrect API key provided: sk-backend-SE****"}}',
    );
    assert.equal(error.message, "Backend 'gemma' answered HTTP 401: Incorrect API key provided: [redacted]");
  });
});
