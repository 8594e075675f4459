// Backend contract, failures: HTTP errors, unreachable servers, timeouts, drops and bad answers become coded errors.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startFakeOpenAiServer } from '../fakes/backend/index.ts';
import {
  assertHearthError,
  collectUntilError,
  firstNextOf,
  rawChunk,
  rejectionOf,
  simpleTurn,
  textOfDeltas,
} from './backend-contract-kit.ts';
import { CONTRACT_CONFIG, HANG_GUARD, SHORT_READ_TIMEOUT_MS, type SubjectOf } from './backend-contract-subject.ts';

const TURN = simpleTurn();
const STREAM_TURN = simpleTurn({ stream: true });

/** Registers the failure cases. */
export function describeFailureContract(subject: SubjectOf): void {
  describe('HTTP errors', () => {
    it('an HTTP 500 is an upstream failure (BACKEND_ERROR) naming the backend', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'http-error',
        status: 500,
        body: { error: { message: 'CUDA out of memory', type: 'server_error' } },
      });
      const error = assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_ERROR');
      assert.ok(error.message.includes(CONTRACT_CONFIG.name), error.message);
    });

    it('an HTTP 400 is an invalid request (BACKEND_REJECTED) quoting the upstream message', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'http-error',
        status: 400,
        body: { error: { message: 'context length 4096 exceeded', type: 'invalid_request_error' } },
      });
      const error = assertHearthError(await rejectionOf(backend.complete(TURN)), 'invalid_request', 'BACKEND_REJECTED');
      assert.ok(error.message.includes('context length 4096 exceeded'), error.message);
      assert.ok(error.message.includes(CONTRACT_CONFIG.name), error.message);
    });

    it('a stream answered with an HTTP error throws from the first next(), before any delta', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({ kind: 'http-error', status: 503, body: 'loading model' });
      assertHearthError(
        await rejectionOf(firstNextOf(backend.stream(STREAM_TURN))),
        'upstream_failure',
        'BACKEND_ERROR',
      );
    });

    it('an error object in the middle of a stream is thrown from the iterator', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'raw-stream',
        data: [
          rawChunk({ role: 'assistant', content: 'Hi' }),
          { error: { message: 'slot crashed', code: 500 } },
          '[DONE]',
        ],
      });
      const { deltas, error } = await collectUntilError(backend.stream(STREAM_TURN));
      assert.equal(textOfDeltas(deltas), 'Hi');
      const wrapped = assertHearthError(error, 'upstream_failure', 'BACKEND_ERROR');
      assert.ok(wrapped.message.includes('slot crashed'), wrapped.message);
      assert.ok(wrapped.message.includes('mid-stream'), wrapped.message);
    });
  });

  describe('connection failures', () => {
    it('an unreachable server is an upstream failure (BACKEND_UNREACHABLE)', HANG_GUARD, async () => {
      const closed = await startFakeOpenAiServer();
      await closed.close();
      const backend = subject().createBackend({ baseUrl: closed.baseUrl });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_UNREACHABLE');
      assertHearthError(
        await rejectionOf(firstNextOf(backend.stream(STREAM_TURN))),
        'upstream_failure',
        'BACKEND_UNREACHABLE',
      );
    });

    it('a connection dropped before the answer is an upstream failure', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({ kind: 'drop' });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure');
    });

    it('a connection dropped mid-stream is thrown from the iterator', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({ kind: 'text', text: 'one two three four', dropAfterFrames: 3 });
      const { deltas, error } = await collectUntilError(backend.stream(STREAM_TURN));
      assert.ok(textOfDeltas(deltas).startsWith('one '), 'the deltas before the drop arrived');
      assertHearthError(error, 'upstream_failure', 'BACKEND_DISCONNECTED');
    });
  });

  describe('timeouts', () => {
    it('a server that never answers is an upstream timeout (BACKEND_TIMEOUT)', HANG_GUARD, async () => {
      const { server, createBackend } = subject();
      const backend = createBackend({ readTimeoutMs: SHORT_READ_TIMEOUT_MS });
      server.script({ kind: 'hang' });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_timeout', 'BACKEND_TIMEOUT');
    });

    it('headers later than the read timeout are an upstream timeout from the first next()', HANG_GUARD, async () => {
      const { server, createBackend } = subject();
      const backend = createBackend({ readTimeoutMs: SHORT_READ_TIMEOUT_MS });
      server.script({ kind: 'text', text: 'too late', delayMs: SHORT_READ_TIMEOUT_MS * 20 });
      assertHearthError(
        await rejectionOf(firstNextOf(backend.stream(STREAM_TURN))),
        'upstream_timeout',
        'BACKEND_TIMEOUT',
      );
    });

    it('a stream that stalls after some deltas throws a timeout from the iterator', HANG_GUARD, async () => {
      const { server, createBackend } = subject();
      const backend = createBackend({ readTimeoutMs: SHORT_READ_TIMEOUT_MS });
      server.script({ kind: 'text', text: 'one two three four', hangAfterFrames: 3 });
      const { deltas, error } = await collectUntilError(backend.stream(STREAM_TURN));
      assert.ok(textOfDeltas(deltas).startsWith('one '), 'the deltas before the stall arrived');
      assertHearthError(error, 'upstream_timeout', 'BACKEND_TIMEOUT');
    });
  });

  describe('bad responses', () => {
    it('a body that is not JSON is BACKEND_BAD_RESPONSE', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({ kind: 'raw-body', body: '<html>502 Bad Gateway</html>' });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });

    it('JSON without a choice is BACKEND_BAD_RESPONSE', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({ kind: 'raw-body', body: '{"id":"x","object":"chat.completion","choices":[]}' });
      assertHearthError(await rejectionOf(backend.complete(TURN)), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });

    it('a stream event that is not JSON is BACKEND_BAD_RESPONSE', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'raw-stream',
        data: [rawChunk({ role: 'assistant', content: 'Hi' }), '{"choices": [', '[DONE]'],
      });
      assertHearthError(
        (await collectUntilError(backend.stream(STREAM_TURN))).error,
        'upstream_failure',
        'BACKEND_BAD_RESPONSE',
      );
    });

    it('a stream that ends without a finish reason or [DONE] is BACKEND_BAD_RESPONSE', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'raw-stream',
        data: [rawChunk({ role: 'assistant', content: 'Hi' }), rawChunk({ content: ' there' })],
      });
      const { deltas, error } = await collectUntilError(backend.stream(STREAM_TURN));
      assert.equal(textOfDeltas(deltas), 'Hi there');
      assertHearthError(error, 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });

    it(
      'a stream that says [DONE] without ever giving a finish reason is BACKEND_BAD_RESPONSE',
      HANG_GUARD,
      async () => {
        const { backend, server } = subject();
        server.script({
          kind: 'raw-stream',
          data: [rawChunk({ role: 'assistant', content: 'Hi' }), rawChunk({ content: ' there' }), '[DONE]'],
        });
        const { error } = await collectUntilError(backend.stream(STREAM_TURN));
        assertHearthError(error, 'upstream_failure', 'BACKEND_BAD_RESPONSE');
      },
    );
  });
}
