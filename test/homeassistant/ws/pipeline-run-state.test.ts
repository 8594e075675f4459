// nextRunState, table-driven: sequences of results and events (ha-apis.md §4.3) and the state each leaves.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  initialRunState,
  nextRunState,
  type PipelineEndStage,
  type RunInput,
  type RunState,
} from '../../../src/homeassistant/index.ts';

const ok: RunInput = { kind: 'result-ok' };
const event = (type: string, data: unknown = {}): RunInput => ({
  kind: 'event',
  event: { type, data, timestamp: '2026-01-01T06:00:00.123456+00:00' },
});
const runStart = (handlerId: number | null = null) =>
  event('run-start', { conversation_id: 'c1', runner_data: { stt_binary_handler_id: handlerId, timeout: 300 } });
const runEnd = event('run-end', null);
const timeoutError = event('error', { code: 'timeout', message: 'Timeout running pipeline' });
const intentEnd = (speech: string) =>
  event('intent-end', {
    intent_output: {
      response: { speech: { plain: { speech } }, response_type: 'action_done' },
      conversation_id: 'c2',
      continue_conversation: true,
    },
  });
const intentEndWith = (response: Record<string, unknown>, data: Record<string, unknown> = {}) =>
  event('intent-end', { ...data, intent_output: { response, conversation_id: 'c2' } });
const TIMEOUT = { kind: 'pipeline-error', code: 'timeout', message: 'Timeout running pipeline' };
const WITHOUT = { kind: 'ended-without-result' };

function play(endStage: PipelineEndStage, inputs: RunInput[]): RunState {
  return inputs.reduce(nextRunState, initialRunState(endStage));
}

/** The result once ended, else the state's kind. */
function outcome(state: RunState): unknown {
  return state.kind === 'ended' ? state.result : state.kind;
}

describe('nextRunState', () => {
  const rows: { name: string; endStage?: PipelineEndStage; inputs: RunInput[]; expected: unknown }[] = [
    { name: 'nothing yet', inputs: [], expected: 'awaiting-result' },
    { name: 'a success result', inputs: [ok], expected: 'running' },
    {
      name: 'a failed result',
      inputs: [{ kind: 'result-failed', code: 'pipeline-not-found', message: 'Pipeline not found: id=x' }],
      expected: { kind: 'pipeline-error', code: 'pipeline-not-found', message: 'Pipeline not found: id=x' },
    },
    { name: 'an event before the result (same frame)', inputs: [runStart(), ok], expected: 'running' },
    {
      name: 'a text run to intent',
      inputs: [ok, runStart(), event('intent-start'), event('intent-progress'), intentEnd('Done'), runEnd],
      expected: {
        kind: 'finished',
        conversationId: 'c2',
        speech: 'Done',
        responseType: 'action_done',
        continueConversation: true,
        isSpoken: true,
      },
    },
    {
      name: 'an audio run to stt',
      endStage: 'stt',
      inputs: [ok, runStart(1), event('stt-start'), event('stt-end', { stt_output: { text: 'hello' } }), runEnd],
      expected: { kind: 'finished', conversationId: 'c1', sttText: 'hello' },
    },
    {
      name: 'a run to tts',
      endStage: 'tts',
      inputs: [
        ok,
        runStart(),
        intentEnd('Hi'),
        event('tts-start'),
        event('tts-end', { tts_output: { url: '/a.mp3' } }),
        runEnd,
      ],
      expected: {
        kind: 'finished',
        conversationId: 'c2',
        speech: 'Hi',
        responseType: 'action_done',
        continueConversation: true,
        isSpoken: true,
        ttsUrl: '/a.mp3',
      },
    },
    {
      name: 'a run to tts whose answer is empty (TTS skipped)',
      endStage: 'tts',
      inputs: [ok, runStart(), intentEnd(''), runEnd],
      expected: {
        kind: 'finished',
        conversationId: 'c2',
        speech: '',
        responseType: 'action_done',
        continueConversation: true,
        isSpoken: false,
      },
    },
    // Home Assistant runs TTS only when `speech.plain.speech.strip()` is not empty (assist_pipeline/pipeline.py).
    ...[' \n\t', '\u3000\u00a0', '\u001c\u0085'].map((speech) => ({
      name: `a run to tts whose answer is Python whitespace (${JSON.stringify(speech)}): TTS skipped, answer kept`,
      endStage: 'tts' as const,
      inputs: [ok, runStart(), intentEnd(speech), runEnd],
      expected: {
        kind: 'finished',
        conversationId: 'c2',
        speech,
        responseType: 'action_done',
        continueConversation: true,
        isSpoken: false,
      },
    })),
    {
      name: 'a run to tts whose answer is SSML only: Home Assistant reads plain text only, so TTS is skipped',
      endStage: 'tts',
      inputs: [ok, runStart(), intentEndWith({ speech: { ssml: { speech: '<speak>Hi</speak>' } } }), runEnd],
      expected: { kind: 'finished', conversationId: 'c2', speech: '<speak>Hi</speak>', isSpoken: false },
    },
    {
      name: 'a spoken answer whose tts-end has not come is not over at run-end',
      endStage: 'tts',
      inputs: [ok, runStart(), intentEnd('\ufeffHi'), runEnd],
      expected: 'grace',
    },
    {
      name: "an agent's error answer keeps its code; processed_locally is read",
      inputs: [
        ok,
        runStart(),
        intentEndWith(
          { speech: { plain: { speech: 'Sorry' } }, response_type: 'error', data: { code: 'no_intent_match' } },
          { processed_locally: true },
        ),
        runEnd,
      ],
      expected: {
        kind: 'finished',
        conversationId: 'c2',
        speech: 'Sorry',
        responseType: 'error',
        errorCode: 'no_intent_match',
        processedLocally: true,
        isSpoken: true,
      },
    },
    { name: 'the last output, no run-end yet', inputs: [ok, runStart(), intentEnd('x')], expected: 'running' },
    {
      name: 'a stage error waits for run-end',
      inputs: [ok, runStart(), event('error', { code: 'intent-failed', message: 'm' })],
      expected: 'running',
    },
    {
      name: 'a stage error then run-end',
      inputs: [ok, runStart(), event('error', { code: 'intent-failed', message: 'm' }), runEnd],
      expected: { kind: 'pipeline-error', code: 'intent-failed', message: 'm' },
    },
    {
      name: 'the first stage error wins',
      inputs: [
        ok,
        event('error', { code: 'stt-stream-failed', message: 'a' }),
        event('error', { code: 'b', message: 'b' }),
        runEnd,
      ],
      expected: { kind: 'pipeline-error', code: 'stt-stream-failed', message: 'a' },
    },
    { name: 'a lone timeout error', inputs: [ok, timeoutError], expected: TIMEOUT },
    {
      name: 'a timeout error after a stage error',
      inputs: [ok, event('error', { code: 'x', message: 'y' }), timeoutError],
      expected: TIMEOUT,
    },
    { name: 'run-end without output', inputs: [ok, runStart(), event('intent-start'), runEnd], expected: 'grace' },
    { name: 'run-end then the timeout error', inputs: [ok, runStart(), runEnd, timeoutError], expected: TIMEOUT },
    {
      name: 'run-end, then the grace runs out',
      inputs: [ok, runStart(), runEnd, { kind: 'grace-expired' }],
      expected: WITHOUT,
    },
    {
      name: 'wake word not detected',
      endStage: 'stt',
      inputs: [ok, runStart(1), event('wake_word-end', { wake_word_output: {} }), runEnd, { kind: 'grace-expired' }],
      expected: WITHOUT,
    },
    {
      name: 'an error event without code and message',
      inputs: [ok, event('error', null), runEnd],
      expected: {
        kind: 'pipeline-error',
        code: 'unknown',
        message: 'Home Assistant sent an error event without a code and message',
      },
    },
    {
      name: 'the connection closes mid-run',
      inputs: [ok, runStart(), { kind: 'connection-closed', reason: 'gone' }],
      expected: { kind: 'connection-lost', reason: 'gone' },
    },
    {
      name: 'the connection closes before the result',
      inputs: [{ kind: 'connection-closed', reason: 'gone' }],
      expected: { kind: 'connection-lost', reason: 'gone' },
    },
    {
      name: 'the watchdog on a silent run',
      inputs: [ok, runStart(), { kind: 'watchdog-expired', message: 'silent' }],
      expected: { kind: 'stopped-answering', reason: 'silent' },
    },
    { name: 'cancelled mid-run', inputs: [ok, runStart(), { kind: 'cancelled' }], expected: WITHOUT },
    { name: 'cancelled before the result', inputs: [{ kind: 'cancelled' }], expected: WITHOUT },
    {
      name: 'once ended, nothing changes it',
      inputs: [ok, timeoutError, runEnd, { kind: 'connection-closed', reason: 'gone' }],
      expected: TIMEOUT,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      assert.deepEqual(outcome(play(row.endStage ?? 'intent', row.inputs)), row.expected);
    });
  }

  it('learns the handler id from run-start (null for a text run, or when run-start is malformed)', () => {
    const handlerIdOf = (state: RunState) => (state.kind === 'running' ? state.findings.handlerId : 'n/a');
    assert.equal(handlerIdOf(play('stt', [ok, runStart(3)])), 3);
    assert.equal(handlerIdOf(play('intent', [ok, runStart(null)])), null);
    assert.equal(
      handlerIdOf(play('stt', [ok, event('run-start', { runner_data: { stt_binary_handler_id: 'x' } })])),
      null,
    );
    assert.equal(handlerIdOf(play('stt', [ok])), undefined);
  });
});
