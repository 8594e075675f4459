// A backend that is down, slow, answers garbage or closes mid-stream, and a client that leaves mid-stream: each ends
// in a clear error within the backend's read timeout, leaves no backend request running, and Home Assistant's
// HA-Assist requests to the same hearth are answered 200 meanwhile. The real wiring (buildApp, listen) over loopback.

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { Listening } from '../../src/cli/listen.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../fakes/backend/index.ts';
import {
  assertHaAssistServes,
  postJson,
  recordUnhandledRejections,
  startLoopbackHearth,
  within,
} from './loopback-hearth.ts';
import { type SocketWatch, startSocketWatch, type WatchedConnection } from './socket-watch.ts';

/** `models.gemma.timeouts.read`, in seconds: every fault below must be over well within it plus the margin. */
const READ_S = 1;
/** Room for the loopback, the event loop and a busy two-core machine, beyond a configured timeout. */
const MARGIN_MS = 3000;
/** The read timeout of `patient`: long enough that only a cancellation can end its backend request in a test. */
const PATIENT_READ_S = 120;

interface ErrorBody {
  error: { message: string; type: string; param: null; code: string };
}

/** The OpenAI error object of a failed backend, as hearth sends it. */
function upstreamError(code: string, message: string): ErrorBody['error'] {
  return { message, type: 'upstream_error', param: null, code };
}

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A pass-through chat for `model`, marked so that the relayed connection carrying it can be found. */
function chat(model: string, marker: string, stream = false) {
  return { model, stream, messages: [{ role: 'user', content: `Say something (${marker}).` }] };
}

/** Status, body and how long the answer took. */
async function timedPost(url: string, body: unknown, init: RequestInit = {}) {
  const started = performance.now();
  const response = await postJson(url, '/v1/chat/completions', body, init);
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

function errorOf(text: string): ErrorBody['error'] {
  return (JSON.parse(text) as ErrorBody).error;
}

/** The `data:` payloads of an SSE body. */
function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length));
}

describe('backend faults, with HA-Assist served on the same hearth', () => {
  let fake: FakeOpenAiServer;
  let watch: SocketWatch;
  let hearth: Listening;
  let unhandled: ReturnType<typeof recordUnhandledRejections>;
  const timeouts = { read: READ_S, connect: 1 };

  before(async () => {
    fake = await startFakeOpenAiServer();
    watch = await startSocketWatch({ mode: 'relay', targetPort: fake.port });
    hearth = await startLoopbackHearth({
      models: {
        gemma: { base_url: `${watch.rootUrl}/v1`, timeouts },
        patient: { base_url: `${watch.rootUrl}/v1`, timeouts: { read: PATIENT_READ_S, connect: 1 } },
        down: { base_url: `http://127.0.0.1:${await closedPort()}/v1`, timeouts },
      },
    });
  });
  after(async () => {
    await hearth.close();
    await watch.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    unhandled = recordUnhandledRejections();
  });
  afterEach(() => {
    assert.deepEqual(unhandled.stop(), [], 'no unhandled rejection');
  });

  /** The relayed connection that carried the request marked `marker`. */
  function connectionOf(marker: string): WatchedConnection {
    const found = watch.connections.find((connection) => connection.received().includes(marker));
    assert.ok(found, `a backend connection carried ${marker}`);
    return found;
  }

  it('down (connection refused): 502 backend_unreachable naming the backend, at once', async () => {
    const [failed] = await Promise.all([
      timedPost(hearth.url, chat('down', 'refused')),
      assertHaAssistServes(hearth.url),
    ]);
    assert.equal(failed.status, 502, failed.text);
    assert.deepEqual(
      errorOf(failed.text),
      upstreamError('backend_unreachable', "Backend 'down' is unreachable (ECONNREFUSED)."),
    );
    assert.ok(failed.ms < 1000 + MARGIN_MS, `answered after ${Math.round(failed.ms)} ms`);
    await assertHaAssistServes(hearth.url);
  });

  it('slower than its read timeout: 504 backend_timeout within it, and hearth closes the backend connection', async () => {
    fake.script({ kind: 'text', text: 'Too late.', delayMs: 30_000 });
    const slow = timedPost(hearth.url, chat('gemma', 'slow'));
    await fake.waitForRequests(1);
    // The backend holds the request now: Home Assistant's request is answered meanwhile.
    await assertHaAssistServes(hearth.url);
    const failed = await slow;
    assert.equal(failed.status, 504, failed.text);
    assert.deepEqual(errorOf(failed.text), upstreamError('backend_timeout', "Backend 'gemma' did not answer in time."));
    assert.ok(failed.ms < READ_S * 1000 + MARGIN_MS, `answered after ${Math.round(failed.ms)} ms`);
    assert.equal(await within(MARGIN_MS, 'closing the backend connection', connectionOf('slow').closed), 'client');
    await assertHaAssistServes(hearth.url);
  });

  const GARBAGE = [
    { name: 'a body that is not JSON', body: 'Internal proxy page: <html>oops</html>', why: 'the body is not JSON' },
    {
      name: 'JSON of the wrong shape',
      body: '{"object":"list","data":[{"id":"gemma"}]}',
      why: 'choices: Invalid input: expected array, received undefined',
    },
  ];
  for (const { name, body, why } of GARBAGE) {
    it(`garbage (${name}): 502 backend_bad_response naming the backend`, async () => {
      fake.script({ kind: 'raw-body', body });
      const [failed] = await Promise.all([
        timedPost(hearth.url, chat('gemma', `garbage ${name}`)),
        assertHaAssistServes(hearth.url),
      ]);
      assert.equal(failed.status, 502, failed.text);
      assert.deepEqual(
        errorOf(failed.text),
        upstreamError('backend_bad_response', `Backend 'gemma' sent an invalid response: ${why}`),
      );
      assert.ok(failed.ms < READ_S * 1000 + MARGIN_MS, `answered after ${Math.round(failed.ms)} ms`);
      await assertHaAssistServes(hearth.url);
    });
  }

  it('garbage mid-stream: the deltas before it, then the documented in-stream error and [DONE]', async () => {
    const first = { choices: [{ index: 0, delta: { role: 'assistant', content: 'Hello' }, finish_reason: null }] };
    fake.script({ kind: 'raw-stream', data: [first, '{"choices": [ not json'] });
    const [answer] = await Promise.all([
      timedPost(hearth.url, chat('gemma', 'garbage stream', true)),
      assertHaAssistServes(hearth.url),
    ]);
    assert.equal(answer.status, 200, answer.text);
    const frames = sseData(answer.text);
    assert.equal(frames.at(-1), '[DONE]');
    assert.deepEqual(
      errorOf(frames.at(-2)!),
      upstreamError('backend_bad_response', "Backend 'gemma' sent an invalid response: the body is not JSON"),
    );
    assert.ok(frames.slice(0, -2).some((frame) => frame.includes('"content":"Hello"')));
  });

  it('closing mid-stream: the stream ends with the in-stream error; closing before a plain answer is a 502', async () => {
    fake.script({ kind: 'text', text: 'one two three four five six', dropAfterFrames: 3 }, { kind: 'drop' });
    const [streamed] = await Promise.all([
      timedPost(hearth.url, chat('gemma', 'drop stream', true)),
      assertHaAssistServes(hearth.url),
    ]);
    assert.equal(streamed.status, 200, streamed.text);
    const frames = sseData(streamed.text);
    assert.equal(frames.at(-1), '[DONE]');
    assert.ok(
      frames.slice(0, -2).some((frame) => frame.includes('"content":"one ')),
      'the deltas before the drop',
    );
    assert.deepEqual(
      errorOf(frames.at(-2)!),
      upstreamError('backend_disconnected', "Backend 'gemma' closed the connection before its answer was complete."),
    );
    assert.ok(streamed.ms < READ_S * 1000 + MARGIN_MS, `answered after ${Math.round(streamed.ms)} ms`);
    const plain = await timedPost(hearth.url, chat('gemma', 'drop plain'));
    assert.equal(plain.status, 502, plain.text);
    // Closed before any byte of the answer: the request phase, which hearth reports as unreachable (UND_ERR_SOCKET).
    assert.deepEqual(
      errorOf(plain.text),
      upstreamError('backend_unreachable', "Backend 'gemma' is unreachable (UND_ERR_SOCKET)."),
    );
    await assertHaAssistServes(hearth.url);
  });

  it('a client that leaves mid-stream: hearth cancels the backend request (closes its connection)', async () => {
    // `patient` would wait two minutes for the silent backend: only the cancellation can end its request here.
    fake.script({ kind: 'text', text: 'one two three four five six', hangAfterFrames: 2 });
    const leaving = new AbortController();
    const response = await postJson(hearth.url, '/v1/chat/completions', chat('patient', 'leaver', true), {
      signal: leaving.signal,
    });
    assert.equal(response.status, 200);
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    assert.match(new TextDecoder().decode(value), /^data: /);
    const backend = connectionOf('leaver');
    assert.equal(backend.closedBy, undefined, 'the backend request is still open while the client reads');
    await assertHaAssistServes(hearth.url);
    leaving.abort();
    await reader.cancel().catch(() => {});
    assert.equal(await within(MARGIN_MS, 'cancelling the backend request', backend.closed), 'client');
    await assertHaAssistServes(hearth.url);
  });

  it('a client that leaves while hearth waits for a plain answer: hearth cancels the backend request', async () => {
    fake.script({ kind: 'text', text: 'Too late.', delayMs: 60_000 });
    const leaving = new AbortController();
    const answer = postJson(hearth.url, '/v1/chat/completions', chat('patient', 'impatient'), {
      signal: leaving.signal,
    });
    await fake.waitForRequests(1);
    const backend = connectionOf('impatient');
    await assertHaAssistServes(hearth.url);
    assert.equal(backend.closedBy, undefined, 'the backend request is still open while the client waits');
    leaving.abort();
    await assert.rejects(answer, { name: 'AbortError' });
    assert.equal(await within(MARGIN_MS, 'cancelling the backend request', backend.closed), 'client');
    await assertHaAssistServes(hearth.url);
  });
});
