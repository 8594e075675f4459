// The pipeline client against the fake Home Assistant: every documented error code surfaces with its code, the
// timeout orders end as timeouts, and a dropped connection ends the run instead of hanging.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createHomeAssistantConnection,
  openHomeAssistantSocket,
  type PipelineRunRequest,
  type PipelineRunResult,
  runPipeline,
} from '../../../src/homeassistant/index.ts';
import {
  ADMIN_TOKEN,
  type AssistScript,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
} from '../../fakes/home-assistant/index.ts';

const TEXT: PipelineRunRequest = {
  startStage: 'intent',
  endStage: 'tts',
  input: { text: 'turn on the kitchen light' },
};
const AUDIO: PipelineRunRequest = { startStage: 'stt', endStage: 'tts', input: { sample_rate: 16_000 } };

/** ha-apis.md §4.7: every code a run can end with, wake word, STT, intent, TTS and run level. */
const DOCUMENTED_CODES = [
  'pipeline-not-found',
  'validation-error',
  'wake-engine-missing',
  'wake-provider-missing',
  'wake-stream-failed',
  'wake-word-timeout',
  'duplicate_wake_up_detected',
  'wake_word_detection_aborted',
  'stt-provider-missing',
  'stt-provider-unsupported-metadata',
  'stt-stream-failed',
  'stt-no-text-recognized',
  'cloud-auth-failed',
  'intent-not-supported',
  'intent-agent-not-found',
  'intent-failed',
  'tts-not-supported',
  'tts-failed',
];

async function run(
  script: AssistScript,
  request: PipelineRunRequest,
  audio = false,
): Promise<{ result: PipelineRunResult; types: string[] }> {
  const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, assist: script });
  const socket = await openHomeAssistantSocket({ address: fake.rootUrl, token: ADMIN_TOKEN });
  const connection = createHomeAssistantConnection(socket);
  try {
    const types: string[] = [];
    const pipeline = runPipeline(connection, request, { onEvent: (event) => types.push(event.type), graceMs: 100 });
    if (audio) {
      pipeline.sendAudio(new Uint8Array(3200));
      pipeline.endAudio();
    }
    return { result: await pipeline.done, types };
  } finally {
    connection.close();
    await fake.close();
  }
}

describe('the pipeline client against the fake pipeline', () => {
  it('every documented code refused before the run surfaces with that code and no events', async () => {
    for (const code of DOCUMENTED_CODES) {
      const { result, types } = await run({ validationError: { code, message: `scripted ${code}` } }, TEXT);
      assert.deepEqual(result, { kind: 'pipeline-error', code, message: `scripted ${code}` }, code);
      assert.deepEqual(types, [], code);
    }
  });

  const STAGE_ERRORS: [string, AssistScript, boolean, string][] = [
    ['stt-stream-failed', { stt: { fail: 'stt-stream-failed' } }, true, 'stt-start'],
    ['stt-no-text-recognized', { stt: { transcript: '' } }, true, 'stt-start'],
    ['intent-failed', { intent: () => ({ pipelineError: 'intent-failed' }) }, false, 'intent-start'],
    ['intent-not-supported', { intent: () => ({ pipelineError: 'intent-not-supported' }) }, false, 'intent-start'],
    ['tts-failed', { tts: { fail: 'tts-failed' } }, false, 'tts-start'],
  ];
  for (const [code, script, audio, lastStage] of STAGE_ERRORS) {
    it(`a stage error (${code}): error, then run-end, reported with its code`, async () => {
      const { result, types } = await run(script, audio ? AUDIO : TEXT, audio);
      assert.equal(result.kind === 'pipeline-error' && result.code, code);
      assert.deepEqual(types.slice(-3), [lastStage, 'error', 'run-end']);
    });
  }

  it('a run timing out after run-start (run-end, then the timeout error) and before it (a lone error) is a timeout', async () => {
    const late = await run({ hangAt: 'intent' }, { ...TEXT, timeout: 0.2 });
    assert.equal(late.result.kind === 'pipeline-error' && late.result.code, 'timeout');
    assert.deepEqual(late.types, ['run-start', 'intent-start', 'run-end', 'error']);
    const early = await run({ hangAt: 'before-run-start' }, { ...TEXT, timeout: 0.2 });
    assert.equal(early.result.kind === 'pipeline-error' && early.result.code, 'timeout');
    assert.deepEqual(early.types, ['error']);
  });

  it('an agent that failed is a finished run with response type error, not a pipeline error', async () => {
    const { result } = await run(
      { intent: () => ({ agentError: 'no_intent_match', speech: 'Sorry, I could not understand that' }) },
      TEXT,
    );
    assert.deepEqual(
      [result.kind, result.kind === 'finished' && result.responseType, result.kind === 'finished' && result.speech],
      ['finished', 'error', 'Sorry, I could not understand that'],
    );
  });

  it('a connection dropped mid-run ends the run as connection-lost (the run has a 300 s timeout: no hang)', async () => {
    const { result, types } = await run({ dropAt: 'intent' }, TEXT);
    assert.equal(result.kind, 'connection-lost');
    assert.deepEqual(types, ['run-start']);
  });
});
