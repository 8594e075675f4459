// Tests of the Ollama backend's failures against the fake: HTTP errors, in-stream errors, cut-off streams, timeouts, secrets.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createOllamaBackend, type Backend, type OllamaBackendOptions } from '../../src/backends/index.ts';
import type { ReplyDelta } from '../../src/conversation/index.ts';
import {
  assertHearthError,
  collect,
  collectUntilError,
  firstNextOf,
  messagesOf,
  rejectionOf,
  simpleTurn,
  textOfDeltas,
} from '../contract/backend-contract-kit.ts';
import { startFakeOllama, type FakeOllama, type OllamaChatStep } from '../fakes/ollama/index.ts';

const GUARD = { timeout: 10_000 };
const NAME = 'local-qwen';
const KEY = 'sk-ollama-proxy-secret-42';
const SHORT_READ_TIMEOUT_MS = 300;
const TURN = simpleTurn();
const STREAM_TURN = simpleTurn({ stream: true });
const line = (content: string): Record<string, unknown> => ({
  model: 'm',
  message: { role: 'assistant', content },
  done: false,
});

describe('Ollama backend failures', () => {
  let server: FakeOllama;
  let backend: Backend;
  const create = (overrides: Partial<OllamaBackendOptions> = {}): Backend =>
    createOllamaBackend({
      name: NAME,
      baseUrl: server.baseUrl,
      upstreamModel: 'qwen3:4b',
      apiKey: KEY,
      readTimeoutMs: 5_000,
      fetch: globalThis.fetch,
      newToolCallId: () => 'call_x',
      ...overrides,
    });
  before(async () => {
    server = await startFakeOllama();
    backend = create();
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  describe('HTTP errors', () => {
    it("an HTTP 500 is BACKEND_ERROR naming the backend and quoting Ollama's error", GUARD, async () => {
      server.scriptChat({ kind: 'http-error', status: 500, body: { error: 'llama runner process has terminated' } });
      const error = assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_ERROR');
      assert.ok(
        error.message.includes(NAME) && error.message.includes('llama runner process has terminated'),
        error.message,
      );
    });

    it('an HTTP 400 is BACKEND_REJECTED', GUARD, async () => {
      server.scriptChat({ kind: 'http-error', status: 400, body: { error: 'invalid options' } });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'invalid_request', 'BACKEND_REJECTED');
    });

    it('a model Ollama does not have is an upstream failure quoting its 404', GUARD, async () => {
      const strict = await startFakeOllama({ models: ['llama3.2'], rejectUnknownModels: true });
      try {
        const error = assertHearthError(
          await rejectionOf(create({ baseUrl: strict.baseUrl }).complete(TURN)),
          'upstream_failure',
          'BACKEND_ERROR',
        );
        assert.ok(error.message.includes('HTTP 404') && error.message.includes('not found'), error.message);
      } finally {
        await strict.close();
      }
    });

    it('a stream answered with an HTTP error throws from the first next(), before any delta', GUARD, async () => {
      server.scriptChat({ kind: 'http-error', status: 503, body: 'server busy' });
      assertHearthError(
        await rejectionOf(firstNextOf(backend.stream(STREAM_TURN))),
        'upstream_failure',
        'BACKEND_ERROR',
      );
    });

    it('an error body with HTTP 200 is BACKEND_ERROR', GUARD, async () => {
      server.scriptChat({ kind: 'raw-body', body: '{"error":"unexpected EOF"}' });
      const error = assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_ERROR');
      assert.ok(error.message.includes('unexpected EOF'), error.message);
    });
  });

  describe('streams', () => {
    it('an error line mid-stream is thrown from the iterator after the deltas before it', GUARD, async () => {
      server.scriptChat({
        kind: 'raw-lines',
        lines: [line('Hi'), { error: 'an error was encountered while running the model' }],
      });
      const { deltas, error } = await collectUntilError(backend.stream(STREAM_TURN));
      assert.equal(textOfDeltas(deltas), 'Hi');
      const wrapped = assertHearthError(error, 'upstream_failure', 'BACKEND_ERROR');
      assert.ok(
        wrapped.message.includes('mid-stream') && wrapped.message.includes('while running the model'),
        wrapped.message,
      );
    });

    it('a stream that ends without a done line is BACKEND_BAD_RESPONSE', GUARD, async () => {
      server.scriptChat({ kind: 'raw-lines', lines: [line('Hi'), line(' there')] });
      const { deltas, error } = await collectUntilError(backend.stream(STREAM_TURN));
      assert.equal(textOfDeltas(deltas), 'Hi there');
      assertHearthError(error, 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });

    it('a line that is not JSON, or not a chat line, is BACKEND_BAD_RESPONSE', GUARD, async () => {
      server.scriptChat(
        { kind: 'raw-lines', lines: [line('Hi'), '{"message": {'] },
        { kind: 'raw-lines', lines: [{ message: { content: 'no done flag' } }] },
      );
      assertHearthError(
        (await collectUntilError(backend.stream(STREAM_TURN))).error,
        'upstream_failure',
        'BACKEND_BAD_RESPONSE',
      );
      assertHearthError(
        (await collectUntilError(backend.stream(STREAM_TURN))).error,
        'upstream_failure',
        'BACKEND_BAD_RESPONSE',
      );
    });

    it('a connection dropped mid-stream is BACKEND_DISCONNECTED after the deltas before it', GUARD, async () => {
      server.scriptChat({ kind: 'text', text: 'one two three four', dropAfterLines: 2 });
      const { deltas, error } = await collectUntilError(backend.stream(STREAM_TURN));
      assert.equal(textOfDeltas(deltas), 'one two ');
      assertHearthError(error, 'upstream_failure', 'BACKEND_DISCONNECTED');
    });

    it('stops reading at the done line, whatever follows', GUARD, async () => {
      const done = { model: 'm', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' };
      server.scriptChat({ kind: 'raw-lines', lines: [line('Hi'), done, 'garbage after the end'] });
      assert.deepEqual(await collect(backend.stream(STREAM_TURN)), [{ content: 'Hi' }, { finishReason: 'stop' }]);
    });
  });

  describe('bad bodies and connections', () => {
    it('a body that is not JSON is BACKEND_BAD_RESPONSE', GUARD, async () => {
      server.scriptChat({ kind: 'raw-body', body: '<html>502 Bad Gateway</html>' });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });

    it('an answer not marked done is BACKEND_BAD_RESPONSE', GUARD, async () => {
      server.scriptChat({ kind: 'raw-body', body: JSON.stringify({ ...line('Hi'), done: false }) });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });

    it('an unreachable server is BACKEND_UNREACHABLE', GUARD, async () => {
      const closed = await startFakeOllama();
      await closed.close();
      const unreachable = create({ baseUrl: closed.baseUrl });
      assertHearthError(await rejectionOf(unreachable.complete(TURN)), 'upstream_failure', 'BACKEND_UNREACHABLE');
      assertHearthError(
        await rejectionOf(firstNextOf(unreachable.stream(STREAM_TURN))),
        'upstream_failure',
        'BACKEND_UNREACHABLE',
      );
    });
  });

  describe('timeouts and cancellation', () => {
    it('a server that never answers is BACKEND_TIMEOUT', GUARD, async () => {
      server.scriptChat({ kind: 'hang' });
      assertHearthError(
        await rejectionOf(create({ readTimeoutMs: SHORT_READ_TIMEOUT_MS }).complete(TURN)),
        'upstream_timeout',
        'BACKEND_TIMEOUT',
      );
    });

    it('a stream that stalls after some lines is BACKEND_TIMEOUT from the iterator', GUARD, async () => {
      server.scriptChat({ kind: 'text', text: 'one two three', hangAfterLines: 1 });
      const { deltas, error } = await collectUntilError(
        create({ readTimeoutMs: SHORT_READ_TIMEOUT_MS }).stream(STREAM_TURN),
      );
      assert.equal(textOfDeltas(deltas), 'one ');
      assertHearthError(error, 'upstream_timeout', 'BACKEND_TIMEOUT');
    });

    it(
      'a slow consumer is not a silent server: a long pause between next() calls does not time out',
      GUARD,
      async () => {
        // The server is never silent for long, and is still streaming when the consumer's pause outlasts the timeout.
        const text = 'one two three four five six seven eight';
        server.scriptChat({ kind: 'text', text, chunkDelayMs: SHORT_READ_TIMEOUT_MS / 3 });
        const deltas: ReplyDelta[] = [];
        for await (const delta of create({ readTimeoutMs: SHORT_READ_TIMEOUT_MS }).stream(STREAM_TURN)) {
          if (deltas.length === 0) await new Promise((resolve) => setTimeout(resolve, SHORT_READ_TIMEOUT_MS * 2));
          deltas.push(delta);
        }
        assert.equal(textOfDeltas(deltas), text);
      },
    );

    it('aborting the caller signal mid-stream is REQUEST_CANCELLED', GUARD, async () => {
      server.scriptChat({ kind: 'text', text: 'one two three', hangAfterLines: 1 });
      const controller = new AbortController();
      const error = await rejectionOf(
        (async () => {
          for await (const _ of backend.stream(STREAM_TURN, { signal: controller.signal })) controller.abort();
        })(),
      );
      assertHearthError(error, 'upstream_failure', 'REQUEST_CANCELLED');
    });
  });

  describe('the API key', () => {
    it('is sent as a bearer token and nowhere else', GUARD, async () => {
      await backend.complete(TURN);
      await collect(backend.stream(STREAM_TURN));
      for (const request of server.requests) {
        assert.equal(request.headers.authorization, `Bearer ${KEY}`);
        assert.ok(
          !JSON.stringify({
            ...request.headers,
            authorization: undefined,
            path: request.path,
            body: request.rawBody,
          }).includes(KEY),
        );
      }
    });

    const ECHOES: { name: string; step: OllamaChatStep; isStream: boolean }[] = [
      {
        name: 'a 401 echoing the key',
        step: { kind: 'http-error', status: 401, body: { error: `bad token ${KEY}` } },
        isStream: false,
      },
      {
        name: 'an in-stream error echoing the key',
        step: { kind: 'raw-lines', lines: [line('Hi'), { error: `key ${KEY} revoked` }] },
        isStream: true,
      },
      {
        name: 'a 200 error body echoing the key',
        step: { kind: 'raw-body', body: JSON.stringify({ error: `token ${KEY}` }) },
        isStream: false,
      },
    ];
    for (const echo of ECHOES) {
      it(`is in no error message after ${echo.name}`, GUARD, async () => {
        server.scriptChat(echo.step);
        const error = echo.isStream
          ? (await collectUntilError(backend.stream(STREAM_TURN))).error
          : await rejectionOf(backend.complete(TURN));
        const messages = messagesOf(error);
        assert.ok(
          messages.length > 0 && messages.some((message) => message.includes('[redacted]')),
          messages.join(' | '),
        );
        for (const message of messages) assert.ok(!message.includes(KEY), `the key leaked into: ${message}`);
      });
    }
  });
});
