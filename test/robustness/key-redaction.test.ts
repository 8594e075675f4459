// Issue 10, row 5: a backend error quoting a partial key ("sk-backend-SE****") reaches neither the client nor the log.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Logger } from '../../src/common/index.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { buildApp } from '../../src/cli/wire.ts';
import { createCountingIds, createFakeClock } from '../fakes/clock/index.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeStep } from '../fakes/backend/index.ts';
import { postChat } from '../server/app-harness.ts';

const KEY = 'sk-backend-SECRET-0123456789';

/** A logger that keeps every line as JSON text. */
function recordingLogger(lines: string[], bindings: Record<string, unknown> = {}): Logger {
  const write = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void lines.push(JSON.stringify({ level, ...bindings, ...fields, message }, errorFields));
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (more) => recordingLogger(lines, { ...bindings, ...more }),
    isLevelEnabled: () => true,
  };
}

/** Errors logged with their message and cause, as pino's serializer writes them. */
function errorFields(_key: string, value: unknown): unknown {
  return value instanceof Error ? { message: value.message, cause: value.cause } : value;
}

/** Key-shaped text the answers below quote: none of it may be seen. */
const LEAKS = ['sk-backend', 'SE****', 'SECRET', 'ab12****', '0123456789abcdef0123456789abcdef', 'Zm9vYmFy'];

const STEPS: { name: string; step: FakeStep; stream?: boolean }[] = [
  {
    name: 'a 401 quoting a masked partial key',
    step: {
      kind: 'http-error',
      status: 401,
      body: { error: { message: 'Incorrect API key provided: sk-backend-SE****' } },
    },
  },
  {
    name: 'a 403 quoting a prefix of the key and a hex token',
    step: { kind: 'http-error', status: 403, body: 'key sk-backend-SEC, session 0123456789abcdef0123456789abcdef' },
  },
  {
    name: 'a 400 quoting a bearer token and a masked secret',
    step: {
      kind: 'http-error',
      status: 400,
      body: { error: 'Authorization: Bearer Zm9vYmFy was refused (ab12****cd34)' },
    },
  },
  {
    name: 'an in-stream error quoting the partial key',
    step: {
      kind: 'raw-stream',
      data: [{ error: { message: 'Incorrect API key provided: sk-backend-SE****' } }],
    },
    stream: true,
  },
];

describe('key-shaped text in backend errors, through the app and the fake OpenAI server', () => {
  let fake: FakeOpenAiServer;
  before(async () => {
    fake = await startFakeOpenAiServer();
  });
  after(async () => {
    await fake.close();
  });

  for (const row of STEPS) {
    it(`${row.name}: redacted in the response and in every log line`, async () => {
      const lines: string[] = [];
      const config = ConfigSchema.parse({ models: { gemma: { base_url: fake.baseUrl, api_key: KEY } } });
      const app = buildApp(config, {
        clock: createFakeClock(),
        ids: createCountingIds(),
        logger: recordingLogger(lines),
      });
      fake.script(row.step);
      const response = await postChat(app, {
        model: 'gemma',
        messages: [{ role: 'user', content: 'hi' }],
        ...(row.stream ? { stream: true } : {}),
      });
      const body = await response.text();
      assert.notEqual(response.status, 500, body);
      assert.match(body, /\[redacted\]/, 'the quoted message is kept, with the secret blotted out');
      for (const leak of LEAKS) {
        assert.ok(!body.includes(leak), `the response shows ${leak}: ${body}`);
        for (const line of lines) assert.ok(!line.includes(leak), `a log line shows ${leak}: ${line}`);
      }
    });
  }
});
