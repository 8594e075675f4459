// The fake Assist pipeline's run lifecycle: the timeout order, a hang before run-start, unsubscribe and broken sockets.

import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { call, connect, dataOf, eventsUntil, isRunEnd, type TestClient, typesOf } from './assist-test-client.ts';
import {
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  startFakeHomeAssistant,
} from './index.ts';

const GUARD = { timeout: 10_000 };
const TEXT_RUN = { type: 'assist_pipeline/run', start_stage: 'intent', end_stage: 'tts', input: { text: 'hi' } };
const AUDIO_RUN = { type: 'assist_pipeline/run', start_stage: 'stt', end_stage: 'tts', input: { sample_rate: 16000 } };
const TIMEOUT_ERROR = { code: 'timeout', message: 'Timeout running pipeline' };

let fake: FakeHomeAssistant | undefined;
let client: TestClient | undefined;

async function start(options: Partial<FakeHomeAssistantOptions> = {}): Promise<TestClient> {
  fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, ...options });
  client = await connect(fake);
  return client;
}

afterEach(async () => {
  client?.socket.terminate();
  await fake?.close();
  fake = undefined;
  client = undefined;
});

const isError = (event: { type: string }) => event.type === 'error';

describe('fake Assist pipeline: timeouts', () => {
  it('sends run-end, then the timeout error, when a stage hangs', GUARD, async () => {
    const ws = await start({ assist: { hangAt: 'intent' } });
    assert.equal((await call(ws, { id: 1, ...TEXT_RUN, timeout: 0.1 })).success, true);
    const events = await eventsUntil(ws, 1, isError);
    assert.deepEqual(typesOf(events), ['run-start', 'intent-start', 'run-end', 'error']);
    assert.deepEqual(dataOf(events, 'error'), TIMEOUT_ERROR);
    assert.equal((dataOf(events, 'run-start').runner_data as { timeout: number }).timeout, 0.1);
    assert.deepEqual(await ws.drain(100), []);
  });

  it('times out a slow stage (stageDelayMs) the same way', GUARD, async () => {
    const ws = await start({ assist: { stageDelayMs: { tts: 1000 } } });
    await call(ws, { id: 1, ...TEXT_RUN, timeout: 0.1 });
    const events = await eventsUntil(ws, 1, isError);
    assert.deepEqual(typesOf(events), ['run-start', 'intent-start', 'intent-end', 'tts-start', 'run-end', 'error']);
  });

  it('sends a lone timeout error when the run hangs before run-start', GUARD, async () => {
    const ws = await start({ assist: { hangAt: 'before-run-start' } });
    assert.equal((await call(ws, { id: 1, ...TEXT_RUN, timeout: 0.05 })).success, true);
    assert.deepEqual(typesOf(await eventsUntil(ws, 1, isError)), ['error']);
    assert.deepEqual(await ws.drain(100), []);
  });

  it('times out an audio run waiting for audio and frees its binary handler', GUARD, async () => {
    const ws = await start();
    await call(ws, { id: 1, ...AUDIO_RUN, timeout: 0.1 });
    const events = await eventsUntil(ws, 1, isError);
    assert.deepEqual(typesOf(events), ['run-start', 'stt-start', 'run-end', 'error']);
    ws.sendAudio(1);
    await ws.drain(50);
    assert.deepEqual(fake?.log.warnings, ['Received binary message for non-existing handler 1']);
  });
});

describe('fake Assist pipeline: cancellation', () => {
  it('answers unsubscribe_events mid-run with its result, then run-end and no error', GUARD, async () => {
    const ws = await start({ assist: { hangAt: 'intent' } });
    await call(ws, { id: 1, ...TEXT_RUN, timeout: 0.3 });
    await eventsUntil(ws, 1, (event) => event.type === 'intent-start');
    assert.deepEqual(await call(ws, { id: 2, type: 'unsubscribe_events', subscription: 1 }), {
      id: 2,
      type: 'result',
      success: true,
      result: null,
    });
    assert.deepEqual(typesOf(await eventsUntil(ws, 1, isRunEnd)), ['run-end']);
    // Past the run's timeout: the cancelled run sends nothing more.
    assert.deepEqual(await ws.drain(400), []);
  });

  it('drops the connection when the scripted stage starts', GUARD, async () => {
    const ws = await start({ assist: { dropAt: 'intent' } });
    await call(ws, { id: 1, ...AUDIO_RUN });
    ws.sendAudio(1);
    const closed = await ws.closed;
    const seen = (await ws.drain(0)).map((message) => (message.event as { type: string }).type);
    assert.equal(closed, 1006);
    assert.deepEqual(seen, ['run-start', 'stt-start', 'stt-end']);
    // The fake lives on for the next connection.
    const again = await connect(fake as FakeHomeAssistant);
    assert.equal((await call(again, { id: 1, type: 'ping' })).type, 'pong');
    again.socket.terminate();
  });

  it(
    'freezes when the scripted stage starts (silentAt): the socket stays open, nothing is answered, pings included',
    GUARD,
    async () => {
      const ws = await start({ assist: { silentAt: 'intent' } });
      await call(ws, { id: 1, ...TEXT_RUN, timeout: 0.05 });
      ws.send({ id: 2, type: 'ping' });
      const seen = (await ws.drain(200)).map(
        (message) => (message.event as { type: string } | undefined)?.type ?? message.type,
      );
      // run-start only: no intent-start, no pong, and not even the run's own timeout.
      assert.deepEqual(seen, ['run-start']);
      assert.equal(ws.socket.readyState, ws.socket.OPEN);
    },
  );

  it('cancels silently when the client closes mid-run', GUARD, async () => {
    const ws = await start({ assist: { hangAt: 'stt' } });
    await call(ws, { id: 1, ...AUDIO_RUN, timeout: 0.1 });
    await eventsUntil(ws, 1, (event) => event.type === 'stt-start');
    ws.socket.close();
    await ws.closed;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const out = fake?.log.ws.filter((frame) => frame.direction === 'out').map((frame) => String(frame.data)) ?? [];
    assert.ok(!out.some((text) => text.includes('"run-end"') || text.includes('"code":"timeout"')));
    assert.deepEqual(fake?.log.warnings, []);
  });
});
