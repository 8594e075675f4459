// runPipeline over a real socket to a scripted Home Assistant: text runs, every ordering rule of §4.3, listPipelines.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../../src/common/index.ts';
import {
  createHomeAssistantConnection,
  type HomeAssistantConnection,
  listPipelines,
  openHomeAssistantSocket,
  type PipelineEvent,
  type PipelineRunRequest,
  runPipeline,
} from '../../../src/homeassistant/index.ts';
import {
  commandsOf,
  EVENT_TIMESTAMP,
  intentEnd,
  type PipelineCommand,
  type PipelinePeer,
  runStart,
  type ScriptedPipelineServer,
  startScriptedPipelineServer,
} from './scripted-assist-pipeline.ts';

const TEXT_RUN: PipelineRunRequest = { startStage: 'intent', endStage: 'intent', input: { text: 'turn on the light' } };

/** Plays one scripted run: `onRun` gets the run command's id and the peer. */
async function connect(
  onRun: (id: number, peer: PipelinePeer, command: PipelineCommand) => void,
): Promise<{ connection: HomeAssistantConnection; server: ScriptedPipelineServer }> {
  const server = await startScriptedPipelineServer({
    command: (command, peer) => {
      if (command.type === 'assist_pipeline/run') onRun(command.id, peer, command);
    },
  });
  const socket = await openHomeAssistantSocket({ address: server.origin, token: server.token });
  const connection = createHomeAssistantConnection(socket);
  after(async () => {
    connection.close();
    await server.close();
  });
  return { connection, server };
}

/** Sends `steps` one frame at a time, `gapMs` apart. */
function play(peer: PipelinePeer, steps: unknown[], gapMs = 5): void {
  for (const [index, step] of steps.entries()) setTimeout(() => peer.send(step), index * gapMs);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a text run', () => {
  it('sends the command in HA spelling, passes every event as sent, and finishes with the answer', async () => {
    const sent: unknown[] = [];
    const { connection, server } = await connect((id, peer) => {
      const events = [
        peer.event(id, 'run-start', runStart(null)),
        peer.event(id, 'intent-start', { engine: 'conversation.home_assistant', language: 'en', intent_input: 'x' }),
        peer.event(id, 'intent-progress', { chat_log_delta: { role: 'assistant', agent_id: 'conversation.llm' } }),
        peer.event(id, 'intent-progress', { chat_log_delta: { content: 'Turned' } }),
        peer.event(id, 'intent-end', intentEnd('Turned on the light', '01JNEXTCONVERSATION00000')),
        peer.event(id, 'run-end', null),
      ];
      sent.push(...events.map((each) => each.event));
      // The first event shares the result's frame, as a coalescing Home Assistant sends it.
      play(peer, [[{ id, type: 'result', success: true, result: null }, events[0]], ...events.slice(1)]);
    });
    const seen: PipelineEvent[] = [];
    const run = runPipeline(
      connection,
      { ...TEXT_RUN, pipeline: '01JPIPELINE', conversationId: null, deviceId: 'dev1', timeout: 30 },
      { onEvent: (event) => seen.push(event) },
    );
    assert.deepEqual(await run.done, {
      kind: 'finished',
      conversationId: '01JNEXTCONVERSATION00000',
      speech: 'Turned on the light',
      responseType: 'action_done',
      continueConversation: false,
      processedLocally: true,
      isSpoken: true,
    });
    assert.equal(await run.handlerId, null);
    assert.deepEqual(seen, sent);
    assert.equal(seen[0]?.timestamp, EVENT_TIMESTAMP);
    const [command] = commandsOf(server.peers[0]!);
    assert.deepEqual(command, {
      type: 'assist_pipeline/run',
      start_stage: 'intent',
      end_stage: 'intent',
      input: { text: 'turn on the light' },
      pipeline: '01JPIPELINE',
      conversation_id: null,
      device_id: 'dev1',
      timeout: 30,
      id: 1,
    });
  });

  it('omits the optional fields it was not given', async () => {
    const { connection, server } = await connect((id, peer) => peer.fail(id, 'pipeline-not-found', 'x'));
    await runPipeline(connection, TEXT_RUN).done;
    assert.deepEqual(Object.keys(commandsOf(server.peers[0]!)[0]!).sort(), [
      'end_stage',
      'id',
      'input',
      'start_stage',
      'type',
    ]);
  });

  it('releases the subscription once the run is over', async () => {
    const { connection, server } = await connect((id, peer) => {
      peer.succeed(id);
      play(peer, [
        peer.event(id, 'run-start', runStart(null)),
        peer.event(id, 'intent-end', intentEnd('Ok', 'c')),
        peer.event(id, 'run-end', null),
      ]);
    });
    await runPipeline(connection, TEXT_RUN).done;
    await delay(30);
    assert.deepEqual(commandsOf(server.peers[0]!)[1], { id: 2, type: 'unsubscribe_events', subscription: 1 });
  });
});

describe('when the run is over (ha-apis.md §4.3 point 9)', () => {
  it('a stage error waits for the run-end that follows, then reports the error', async () => {
    let isRunEndSent = false;
    const { connection } = await connect((id, peer) => {
      peer.succeed(id);
      play(peer, [peer.event(id, 'run-start', runStart(null)), peer.event(id, 'intent-start', {})]);
      setTimeout(
        () =>
          peer.sendEvent(id, 'error', { code: 'intent-failed', message: 'Unexpected error during intent recognition' }),
        20,
      );
      setTimeout(() => {
        isRunEndSent = true;
        peer.sendEvent(id, 'run-end', null);
      }, 80);
    });
    const result = await runPipeline(connection, TEXT_RUN).done;
    assert.equal(isRunEndSent, true);
    assert.deepEqual(result, {
      kind: 'pipeline-error',
      code: 'intent-failed',
      message: 'Unexpected error during intent recognition',
    });
  });

  it('a run timeout sends run-end first and the timeout error last: reported as timeout', async () => {
    const { connection } = await connect((id, peer) => {
      peer.succeed(id);
      play(peer, [
        peer.event(id, 'run-start', runStart(null)),
        peer.event(id, 'intent-start', {}),
        peer.event(id, 'run-end', null),
        peer.event(id, 'error', { code: 'timeout', message: 'Timeout running pipeline' }),
      ]);
    });
    const result = await runPipeline(connection, TEXT_RUN, { graceMs: 1000 }).done;
    assert.deepEqual(result, { kind: 'pipeline-error', code: 'timeout', message: 'Timeout running pipeline' });
  });

  it('a lone timeout error (cancelled before run-start) ends the run at once', async () => {
    const { connection } = await connect((id, peer) => {
      peer.succeed(id);
      peer.sendEvent(id, 'error', { code: 'timeout', message: 'Timeout running pipeline' });
    });
    const started = performance.now();
    // A grace period of a minute: had the run waited for it, the bound below would fail.
    const run = runPipeline(connection, TEXT_RUN, { graceMs: 60_000 });
    assert.deepEqual(await run.done, { kind: 'pipeline-error', code: 'timeout', message: 'Timeout running pipeline' });
    assert.ok(performance.now() - started < 30_000);
    assert.equal(await run.handlerId, null);
  });

  it('a run-end without the last output waits the grace period, then ends without result', async () => {
    const { connection } = await connect((id, peer) => {
      peer.succeed(id);
      play(peer, [peer.event(id, 'run-start', runStart(null)), peer.event(id, 'run-end', null)]);
    });
    const started = performance.now();
    const result = await runPipeline(connection, { ...TEXT_RUN, endStage: 'intent' }, { graceMs: 120 }).done;
    assert.deepEqual(result, { kind: 'ended-without-result' });
    assert.ok(performance.now() - started >= 100);
  });

  it('the watchdog (timeout + margin) ends a run Home Assistant went silent on', async () => {
    const { connection } = await connect((id, peer) => peer.succeed(id));
    const result = await runPipeline(connection, { ...TEXT_RUN, timeout: 0.05 }, { watchdogMarginMs: 50 }).done;
    // Not Home Assistant's own `timeout`: its own message, which says Home Assistant stopped answering.
    assert.deepEqual(result, {
      kind: 'stopped-answering',
      reason: 'Home Assistant stopped answering: the run did not end within its 0.05 s timeout and 0.05 s more',
    });
  });
});

describe('a refused run (a failed result, no events)', () => {
  const rows = [
    { code: 'pipeline-not-found', message: 'Pipeline not found: id=nope' },
    { code: 'validation-error', message: 'the pipeline does not support speech-to-text' },
    { code: 'unknown_error', message: 'Unknown error' },
    { code: 'invalid_format', message: "extra keys not allowed @ data['input']['no_vad']" },
    { code: 'stt-provider-missing', message: 'No speech-to-text provider for: stt.nope' },
  ];
  for (const row of rows) {
    it(`reports ${row.code} as a pipeline error with HA's code and message`, async () => {
      const { connection } = await connect((id, peer) => peer.fail(id, row.code, row.message));
      const run = runPipeline(connection, TEXT_RUN);
      assert.deepEqual(await run.done, { kind: 'pipeline-error', ...row });
      assert.equal(await run.handlerId, null);
    });
  }

  it('refuses, before sending, an input that does not fit the start stage', async () => {
    const { connection, server } = await connect(() => assert.fail('nothing may be sent'));
    const requests: PipelineRunRequest[] = [
      { startStage: 'stt', endStage: 'intent', input: { text: 'hello' } },
      { startStage: 'intent', endStage: 'intent', input: { sample_rate: 16000 } },
      { startStage: 'wake_word', endStage: 'stt', input: { sample_rate: 16000, noise_suppression_level: 5 } },
      { startStage: 'wake_word', endStage: 'stt', input: { sample_rate: 16000, auto_gain_dbfs: 32 } },
      { startStage: 'stt', endStage: 'stt', input: { sample_rate: 16000, no_vad: true } as never },
    ];
    for (const request of requests) {
      assert.throws(
        () => runPipeline(connection, request),
        (error) => error instanceof HearthError && error.code === 'HA_PIPELINE_REQUEST_INVALID',
      );
    }
    await connection.ping();
    assert.deepEqual(
      commandsOf(server.peers[0]!).map((each) => each.type),
      ['ping'],
    );
  });
});

describe('cancel', () => {
  it('unsubscribes with the run id; the run-end HA still sends is not an answer', async () => {
    const { connection, server } = await connect((id, peer) => {
      peer.succeed(id);
      play(peer, [peer.event(id, 'run-start', runStart(null)), peer.event(id, 'intent-start', {})]);
    });
    const seen: string[] = [];
    const run = runPipeline(connection, TEXT_RUN, { onEvent: (event) => seen.push(event.type) });
    while (seen.length < 2) await delay(5);
    await run.cancel();
    // Home Assistant's `finally` still emits run-end for the now-unknown subscription (§4.3 point 8).
    server.peers[0]!.sendEvent(1, 'run-end', null);
    assert.deepEqual(await run.done, { kind: 'ended-without-result' });
    await connection.ping();
    assert.deepEqual(seen, ['run-start', 'intent-start']);
    assert.deepEqual(commandsOf(server.peers[0]!).slice(1, 2), [
      { id: 2, type: 'unsubscribe_events', subscription: 1 },
    ]);
  });
});

describe('a dropped connection', () => {
  it('ends the run connection-lost at once, never waiting for the watchdog', async () => {
    const { connection } = await connect((id, peer) => {
      peer.succeed(id);
      peer.sendEvent(id, 'run-start', runStart(null));
      setTimeout(() => peer.terminate(), 20);
    });
    const started = performance.now();
    const result = await runPipeline(connection, { ...TEXT_RUN, timeout: 120 }).done;
    assert.equal(result.kind, 'connection-lost');
    // The watchdog would fire after the 120 s timeout and its margin.
    assert.ok(performance.now() - started < 60_000);
  });

  it('ends a run started on a connection that is already closed', async () => {
    const { connection } = await connect(() => {});
    connection.close();
    const result = await runPipeline(connection, TEXT_RUN).done;
    assert.equal(result.kind, 'connection-lost');
  });
});

describe('listPipelines', () => {
  it('reads the pipelines and the preferred id', async () => {
    const pipeline = {
      conversation_engine: 'conversation.home_assistant',
      conversation_language: 'en',
      id: '01JPIPELINE',
      language: 'en',
      name: 'Home Assistant',
      stt_engine: null,
      stt_language: null,
      tts_engine: null,
      tts_language: null,
      tts_voice: null,
      wake_word_entity: null,
      wake_word_id: null,
      prefer_local_intents: false,
    };
    const server = await startScriptedPipelineServer({
      command: (command, peer) =>
        peer.succeed(command.id, { pipelines: [pipeline], preferred_pipeline: '01JPIPELINE' }),
    });
    const connection = createHomeAssistantConnection(
      await openHomeAssistantSocket({ address: server.origin, token: server.token }),
    );
    after(async () => {
      connection.close();
      await server.close();
    });
    const listed = await listPipelines(connection);
    assert.equal(listed.preferred, '01JPIPELINE');
    assert.deepEqual(listed.pipelines, [pipeline]);
    assert.deepEqual(commandsOf(server.peers[0]!)[0], { id: 1, type: 'assist_pipeline/pipeline/list' });
  });

  it('throws a coded error when Home Assistant refuses or answers another shape', async () => {
    const answers = [
      {
        answer: (id: number, peer: PipelinePeer) => peer.fail(id, 'unauthorized', 'Unauthorized'),
        code: 'HA_COMMAND_FAILED',
      },
      { answer: (id: number, peer: PipelinePeer) => peer.succeed(id, { pipelines: 'none' }), code: 'HA_BAD_ANSWER' },
    ];
    for (const { answer, code } of answers) {
      const server = await startScriptedPipelineServer({ command: (command, peer) => answer(command.id, peer) });
      const connection = createHomeAssistantConnection(
        await openHomeAssistantSocket({ address: server.origin, token: server.token }),
      );
      await assert.rejects(listPipelines(connection), (error) => error instanceof HearthError && error.code === code);
      connection.close();
      await server.close();
    }
  });
});
