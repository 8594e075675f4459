// runPipeline with audio: binary frames checked byte by byte on the server, drops mid-audio, and reconnection.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../../src/common/index.ts';
import {
  createHomeAssistantConnection,
  type HomeAssistantConnection,
  openHomeAssistantSocket,
  runPipeline,
} from '../../../src/homeassistant/index.ts';
import {
  commandsOf,
  framesOf,
  intentEnd,
  type PipelineScript,
  runStart,
  type ScriptedPipelineServer,
  startScriptedPipelineServer,
} from './scripted-assist-pipeline.ts';

const STT_RUN = { startStage: 'stt', endStage: 'intent', input: { sample_rate: 16000 } } as const;

async function start(script: PipelineScript): Promise<ScriptedPipelineServer> {
  const server = await startScriptedPipelineServer(script);
  after(() => server.close());
  return server;
}

async function connectTo(server: ScriptedPipelineServer): Promise<HomeAssistantConnection> {
  const connection = createHomeAssistantConnection(
    await openHomeAssistantSocket({ address: server.origin, token: server.token }),
  );
  after(() => connection.close());
  return connection;
}

/** An audio run whose handler id is `handlerId` (not 1: the client must read it), ended by the end-of-audio frame. */
function sttScript(handlerId: number): PipelineScript {
  let runId = 0;
  return {
    command(command, peer) {
      if (command.type !== 'assist_pipeline/run') return;
      runId = command.id;
      peer.succeed(runId);
      // run-start comes a little later, so that the first audio is held until the id is known.
      setTimeout(() => {
        peer.sendEvent(runId, 'run-start', runStart(handlerId));
        peer.sendEvent(runId, 'stt-start', { engine: 'stt.faster_whisper', metadata: { sample_rate: 16000 } });
      }, 30);
    },
    binary(bytes, peer) {
      if (bytes.length !== 1) return;
      peer.sendEvent(runId, 'stt-vad-start', { timestamp: 120 });
      peer.sendEvent(runId, 'stt-vad-end', { timestamp: 900 });
      peer.sendEvent(runId, 'stt-end', { stt_output: { text: 'turn on the kitchen light' } });
      peer.sendEvent(runId, 'intent-start', { engine: 'conversation.home_assistant' });
      peer.sendEvent(runId, 'intent-end', intentEnd('Turned on the light', '01JAUDIOCONVERSATION0000'));
      peer.sendEvent(runId, 'run-end', null);
    },
  };
}

describe('an audio run', () => {
  it('holds audio until run-start, then sends [id] + PCM as given and the end frame [id]', async () => {
    const server = await start(sttScript(7));
    const connection = await connectTo(server);
    const run = runPipeline(connection, STT_RUN);
    run.sendAudio(Uint8Array.of(0x01, 0x02, 0x03, 0x04));
    // An empty chunk would be the id byte alone, which means "end of audio": it is not sent.
    run.sendAudio(new Uint8Array(0));
    assert.equal(await run.handlerId, 7);
    run.sendAudio(Uint8Array.of(0xff, 0x7f, 0x00, 0x80));
    run.endAudio();
    run.endAudio();
    run.sendAudio(Uint8Array.of(0x05, 0x06));
    assert.deepEqual(await run.done, {
      kind: 'finished',
      conversationId: '01JAUDIOCONVERSATION0000',
      sttText: 'turn on the kitchen light',
      speech: 'Turned on the light',
      responseType: 'action_done',
      continueConversation: false,
      processedLocally: true,
      isSpoken: true,
    });
    assert.deepEqual(framesOf(server.peers[0]!), [[7, 0x01, 0x02, 0x03, 0x04], [7, 0xff, 0x7f, 0x00, 0x80], [7]]);
    assert.deepEqual(commandsOf(server.peers[0]!)[0], {
      id: 1,
      type: 'assist_pipeline/run',
      start_stage: 'stt',
      end_stage: 'intent',
      input: { sample_rate: 16000 },
    });
  });

  it('stops listening at stt-vad-end: isListening turns false and later audio is not sent', async () => {
    let runId = 0;
    const server = await start({
      command(command, peer) {
        if (command.type !== 'assist_pipeline/run') return;
        runId = command.id;
        peer.succeed(runId);
        peer.sendEvent(runId, 'run-start', runStart(3));
      },
      binary(_bytes, peer) {
        peer.sendEvent(runId, 'stt-vad-end', { timestamp: 900 });
        peer.sendEvent(runId, 'stt-end', { stt_output: { text: 'hi' } });
        peer.sendEvent(runId, 'run-end', null);
      },
    });
    const connection = await connectTo(server);
    const run = runPipeline(connection, { ...STT_RUN, endStage: 'stt' });
    assert.equal(run.isListening, true);
    run.sendAudio(Uint8Array.of(0x01, 0x02));
    await run.handlerId;
    const vadEnd = new Promise<void>((resolve) => {
      const waiting = setInterval(() => {
        if (run.isListening) return;
        clearInterval(waiting);
        resolve();
      }, 5);
    });
    await vadEnd;
    run.sendAudio(Uint8Array.of(0x03, 0x04));
    run.endAudio();
    assert.deepEqual(await run.done, { kind: 'finished', conversationId: '01JTEXTCONVERSATION000000', sttText: 'hi' });
    assert.deepEqual(framesOf(server.peers[0]!), [[3, 0x01, 0x02]]);
  });

  it('drops the audio of a run that takes none (a null handler id)', async () => {
    const server = await start({
      command(command, peer) {
        peer.succeed(command.id);
        peer.sendEvent(command.id, 'run-start', runStart(null));
        peer.sendEvent(command.id, 'run-end', null);
      },
    });
    const connection = await connectTo(server);
    const run = runPipeline(connection, STT_RUN, { graceMs: 10 });
    run.sendAudio(Uint8Array.of(1, 2));
    run.endAudio();
    assert.equal(await run.handlerId, null);
    assert.deepEqual(await run.done, { kind: 'ended-without-result' });
    assert.deepEqual(framesOf(server.peers[0]!), []);
  });

  it('ends connection-lost promptly when the connection drops mid-audio; later audio is dropped quietly', async () => {
    const server = await start({
      command(command, peer) {
        peer.succeed(command.id);
        peer.sendEvent(command.id, 'run-start', runStart(1));
      },
      binary: (_bytes, peer) => peer.terminate(),
    });
    const connection = await connectTo(server);
    const run = runPipeline(connection, STT_RUN);
    assert.equal(await run.handlerId, 1);
    run.sendAudio(Uint8Array.of(1, 2));
    const started = performance.now();
    const result = await run.done;
    assert.equal(result.kind, 'connection-lost');
    assert.ok(performance.now() - started < 1000);
    run.sendAudio(Uint8Array.of(3, 4));
    run.endAudio();
  });
});

describe('sendBinary', () => {
  it('refuses a zero-length frame, which would make Home Assistant drop the connection', async () => {
    const server = await start({});
    const connection = await connectTo(server);
    assert.throws(
      () => connection.sendBinary(new Uint8Array(0)),
      (error) => error instanceof HearthError && error.code === 'HA_BINARY_FRAME_EMPTY',
    );
    connection.sendBinary(Uint8Array.of(9));
    await connection.ping();
    assert.deepEqual(framesOf(server.peers[0]!), [[9]]);
    connection.close();
    assert.throws(
      () => connection.sendBinary(Uint8Array.of(9)),
      (error) => error instanceof HearthError && error.code === 'HA_CONNECTION_CLOSED',
    );
  });
});
