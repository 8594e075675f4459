// The fake Assist pipeline's audio runs: binary handler ids, framing byte by byte, the end frame and VAD (§4.6).

import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import {
  call,
  connect,
  dataOf,
  eventsUntil,
  isRunEnd,
  type PipelineEvent,
  pcm,
  type TestClient,
  typesOf,
} from './assist-test-client.ts';
import {
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  type FakeHomeAssistantOptions,
  startFakeHomeAssistant,
} from './index.ts';

const GUARD = { timeout: 10_000 };
const AUDIO_RUN = { type: 'assist_pipeline/run', start_stage: 'stt', end_stage: 'tts', input: { sample_rate: 16000 } };
const FULL_AUDIO_RUN = [
  'run-start',
  'stt-start',
  'stt-end',
  'intent-start',
  'intent-end',
  'tts-start',
  'tts-end',
  'run-end',
];

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

const handlerIdOf = (events: PipelineEvent[]): number =>
  (dataOf(events, 'run-start').runner_data as { stt_binary_handler_id: number }).stt_binary_handler_id;

describe('fake Assist pipeline: audio runs', () => {
  it(
    'runs STT on the frames up to the one-byte end frame, with handler 1 then 2 on one connection',
    GUARD,
    async () => {
      const heard: number[] = [];
      const transcript = (audio: Buffer) => {
        heard.push(audio.length);
        return 'turn on the kitchen light';
      };
      const ws = await start({ assist: { stt: { transcript } } });
      for (const [id, expectedHandler] of [
        [1, 1],
        [2, 2],
      ] as const) {
        assert.equal((await call(ws, { id, ...AUDIO_RUN })).success, true);
        const [runStart] = await eventsUntil(ws, id, (event) => event.type === 'run-start');
        assert.equal(handlerIdOf([runStart as PipelineEvent]), expectedHandler);
        ws.sendAudio(expectedHandler, pcm(3200, 1));
        ws.sendAudio(expectedHandler, pcm(1600, 2));
        ws.sendAudio(expectedHandler);
        const events = [runStart as PipelineEvent, ...(await eventsUntil(ws, id, isRunEnd))];
        assert.deepEqual(typesOf(events), FULL_AUDIO_RUN);
        assert.deepEqual(dataOf(events, 'stt-end'), { stt_output: { text: 'turn on the kitchen light' } });
        assert.deepEqual(dataOf(events, 'stt-start'), {
          engine: 'stt.faster_whisper',
          metadata: { language: 'en', format: 'wav', codec: 'pcm', bit_rate: 16, sample_rate: 16000, channel: 1 },
        });
        assert.equal(dataOf(events, 'intent-start').intent_input, 'turn on the kitchen light');
      }
      assert.deepEqual(heard, [4800, 4800]);
      const frames = fake?.log.binaryFrames ?? [];
      assert.deepEqual(
        frames.map((frame) => [frame.connection, frame.handlerId, frame.bytes.length]),
        [
          [1, 1, 3200],
          [1, 1, 1600],
          [1, 1, 0],
          [1, 2, 3200],
          [1, 2, 1600],
          [1, 2, 0],
        ],
      );
      assert.deepEqual(frames[0]?.bytes, pcm(3200, 1));
      assert.deepEqual(frames[1]?.bytes, pcm(1600, 2));
    },
  );

  it('queues frames sent before run-start', GUARD, async () => {
    const ws = await start();
    ws.send({ id: 1, ...AUDIO_RUN, end_stage: 'stt' });
    // The handler is registered before the result, so frames sent at once are not lost.
    ws.sendAudio(1, pcm(320));
    ws.sendAudio(1);
    assert.equal((await ws.next()).success, true);
    const events = await eventsUntil(ws, 1, isRunEnd);
    assert.deepEqual(typesOf(events), ['run-start', 'stt-start', 'stt-end', 'run-end']);
    assert.equal(dataOf(events, 'run-start').tts_output, undefined);
  });

  it('logs and drops frames for a handler that is gone once the run ended', GUARD, async () => {
    const ws = await start();
    await call(ws, { id: 1, ...AUDIO_RUN, end_stage: 'stt' });
    ws.sendAudio(1);
    await eventsUntil(ws, 1, isRunEnd);
    ws.sendAudio(1, pcm(10));
    ws.sendAudio(9, pcm(10));
    assert.deepEqual(await ws.drain(100), []);
    assert.deepEqual(fake?.log.warnings, [
      'Received binary message for non-existing handler 1',
      'Received binary message for non-existing handler 9',
    ]);
    // The connection lives on: the next run gets handler 2, not the freed 1.
    await call(ws, { id: 2, ...AUDIO_RUN, end_stage: 'stt' });
    assert.equal(handlerIdOf(await eventsUntil(ws, 2, (event) => event.type === 'run-start')), 2);
  });

  it('ends STT early when the scripted VAD hears silence', GUARD, async () => {
    const vad = { speechAfterBytes: 1000, silenceAfterBytes: 4000 };
    const ws = await start({ assist: { stt: { vad } } });
    await call(ws, { id: 1, ...AUDIO_RUN, end_stage: 'intent' });
    ws.sendAudio(1, pcm(2000));
    ws.sendAudio(1, pcm(2000));
    const events = await eventsUntil(ws, 1, isRunEnd);
    assert.deepEqual(typesOf(events), [
      'run-start',
      'stt-start',
      'stt-vad-start',
      'stt-vad-end',
      'stt-end',
      'intent-start',
      'intent-end',
      'run-end',
    ]);
    // Milliseconds of 16-bit mono audio at 16 kHz.
    assert.deepEqual(dataOf(events, 'stt-vad-start'), { timestamp: 31 });
    assert.deepEqual(dataOf(events, 'stt-vad-end'), { timestamp: 125 });
  });

  it('runs a wake word start through wake_word-start and wake_word-end', GUARD, async () => {
    const ws = await start();
    await call(ws, { id: 1, ...AUDIO_RUN, start_stage: 'wake_word', end_stage: 'stt' });
    ws.sendAudio(1);
    const events = await eventsUntil(ws, 1, isRunEnd);
    assert.deepEqual(typesOf(events), [
      'run-start',
      'wake_word-start',
      'wake_word-end',
      'stt-start',
      'stt-end',
      'run-end',
    ]);
  });

  it('closes the connection on a zero-length binary frame', GUARD, async () => {
    const ws = await start();
    ws.socket.send(Buffer.alloc(0));
    assert.equal(await ws.closed, 1000);
  });
});

describe('fake Assist pipeline: STT errors', () => {
  const cases: [string, Partial<FakeHomeAssistantOptions>][] = [
    ['stt-stream-failed', { assist: { stt: { fail: 'stt-stream-failed' } } }],
    ['stt-no-text-recognized', { assist: { stt: { transcript: '' } } }],
  ];
  for (const [code, options] of cases)
    it(`sends ${code} as an error event, then run-end`, GUARD, async () => {
      const ws = await start(options);
      await call(ws, { id: 1, ...AUDIO_RUN });
      ws.sendAudio(1, pcm(320));
      ws.sendAudio(1);
      const events = await eventsUntil(ws, 1, isRunEnd);
      assert.deepEqual(typesOf(events), ['run-start', 'stt-start', 'error', 'run-end']);
      assert.equal(dataOf(events, 'error').code, code);
      assert.deepEqual(await ws.drain(50), []);
    });
});
