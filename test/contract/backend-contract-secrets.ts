// Backend contract, secrets: the API key travels only in the Authorization header and never into an error.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FakeStep } from '../fakes/backend/index.ts';
import { collect, collectUntilError, messagesOf, rawChunk, rejectionOf, simpleTurn } from './backend-contract-kit.ts';
import { CONTRACT_CONFIG, HANG_GUARD, SHORT_READ_TIMEOUT_MS, type SubjectOf } from './backend-contract-subject.ts';
import { FULL_TURN } from './backend-contract-turn.ts';

const KEY = CONTRACT_CONFIG.apiKey;

/** Failures whose error must not contain the key, including servers that echo the key they were sent. */
const FAILURES: { name: string; step: FakeStep; isStream: boolean; readTimeoutMs?: number }[] = [
  {
    name: 'a 401 echoing the key',
    step: { kind: 'http-error', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } },
    isStream: false,
  },
  {
    name: 'a 400 echoing the key',
    step: { kind: 'http-error', status: 400, body: { error: `bad request from Bearer ${KEY}` } },
    isStream: false,
  },
  {
    name: 'a plain-text 500 echoing the key',
    step: { kind: 'http-error', status: 500, body: `auth=${KEY} failed` },
    isStream: false,
  },
  {
    name: 'an in-stream error echoing the key',
    step: { kind: 'raw-stream', data: [rawChunk({ content: 'Hi' }), { error: { message: `key ${KEY} revoked` } }] },
    isStream: true,
  },
  { name: 'a body that is not JSON', step: { kind: 'raw-body', body: `Unauthorized ${KEY}` }, isStream: false },
  { name: 'a timeout', step: { kind: 'hang' }, isStream: false, readTimeoutMs: SHORT_READ_TIMEOUT_MS },
  { name: 'a dropped connection', step: { kind: 'drop' }, isStream: true },
];

/** Registers the secret-handling cases. */
export function describeSecretsContract(subject: SubjectOf): void {
  describe('the API key', () => {
    it('is sent as a bearer token and nowhere else in the request', HANG_GUARD, async () => {
      const { backend, server } = subject();
      await backend.complete(FULL_TURN);
      await collect(backend.stream({ ...FULL_TURN, stream: true }));
      assert.equal(server.requests.length, 2);
      for (const request of server.requests) {
        assert.equal(request.headers.authorization, `Bearer ${KEY}`);
        const elsewhere = { ...request.headers, authorization: undefined, path: request.path, body: request.rawBody };
        assert.ok(!JSON.stringify(elsewhere).includes(KEY), 'the key is in no other header, the path or the body');
      }
    });

    for (const failure of FAILURES) {
      it(`is in no error message after ${failure.name}`, HANG_GUARD, async () => {
        const { server, createBackend } = subject();
        const backend = createBackend({ readTimeoutMs: failure.readTimeoutMs });
        server.script(failure.step);
        const error = failure.isStream
          ? (await collectUntilError(backend.stream(simpleTurn({ stream: true })))).error
          : await rejectionOf(backend.complete(simpleTurn()));
        const messages = messagesOf(error);
        assert.ok(messages.length > 0, 'an Error was thrown');
        for (const message of messages) assert.ok(!message.includes(KEY), `the key leaked into: ${message}`);
      });
    }
  });
}
