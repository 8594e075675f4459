// Backend contract, cancellation: the caller's abort signal stops a call, whatever state it is in.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isHearthError } from '../../src/common/index.ts';
import type { ReplyDelta } from '../../src/conversation/index.ts';
import { firstNextOf, rejectionOf, simpleTurn } from './backend-contract-kit.ts';
import { HANG_GUARD, type SubjectOf } from './backend-contract-subject.ts';

const TURN = simpleTurn();
const STREAM_TURN = simpleTurn({ stream: true });
/** So long that only the caller's abort can end these calls. */
const LONG_TIMEOUT_MS = 60_000;

/** Registers the cancellation cases. */
export function describeCancelContract(subject: SubjectOf): void {
  describe('cancellation', () => {
    it('aborting the caller signal stops a call the server never answers', HANG_GUARD, async () => {
      const { server, createBackend } = subject();
      const backend = createBackend({ readTimeoutMs: LONG_TIMEOUT_MS });
      server.script({ kind: 'hang' });
      const controller = new AbortController();
      const call = backend.complete(TURN, { signal: controller.signal });
      await server.waitForRequests(1);
      controller.abort();
      const error = await rejectionOf(call);
      assert.ok(isHearthError(error), `a HearthError, not ${String(error)}`);
      assert.equal(error.code, 'REQUEST_CANCELLED');
    });

    it('aborting the caller signal mid-stream stops the stream', HANG_GUARD, async () => {
      const { server, createBackend } = subject();
      const backend = createBackend({ readTimeoutMs: LONG_TIMEOUT_MS });
      server.script({ kind: 'text', text: 'one two three', hangAfterFrames: 2 });
      const controller = new AbortController();
      const deltas: ReplyDelta[] = [];
      const error = await rejectionOf(
        (async () => {
          for await (const delta of backend.stream(STREAM_TURN, { signal: controller.signal })) {
            deltas.push(delta);
            controller.abort();
          }
        })(),
      );
      assert.ok(deltas.length > 0, 'the stream had started');
      assert.ok(isHearthError(error), `a HearthError, not ${String(error)}`);
      assert.equal(error.code, 'REQUEST_CANCELLED');
    });

    it('an already aborted signal stops the call before it reaches the server', HANG_GUARD, async () => {
      const { backend, server } = subject();
      const controller = new AbortController();
      controller.abort();
      const completeError = await rejectionOf(backend.complete(TURN, { signal: controller.signal }));
      const streamError = await rejectionOf(firstNextOf(backend.stream(STREAM_TURN, { signal: controller.signal })));
      assert.ok(isHearthError(completeError) && isHearthError(streamError), 'both are HearthErrors');
      assert.deepEqual([completeError.code, streamError.code], ['REQUEST_CANCELLED', 'REQUEST_CANCELLED']);
      assert.equal(server.requests.length, 0, 'the server received nothing');
    });
  });
}
