// The human view of `hearth voice`, table-driven: one line per event, then what a finished run found.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeEvent, describeFinished } from '../../src/cli/voice-view.ts';

const at = (type: string, data: unknown) => ({ type, data, timestamp: '2026-01-01T06:00:00.123456+00:00' });

describe('describeEvent', () => {
  const rows: [string, ReturnType<typeof at>, string][] = [
    ['a bare event', at('run-start', {}), '    12 ms  run-start'],
    ['stt-end: the text heard', at('stt-end', { stt_output: { text: 'hi' } }), '    12 ms  stt-end  hi'],
    [
      'an error: code and message',
      at('error', { code: 'tts-failed', message: 'm' }),
      '    12 ms  error  tts-failed: m',
    ],
    [
      'a role delta',
      at('intent-progress', { chat_log_delta: { role: 'assistant' } }),
      '    12 ms  intent-progress  role assistant',
    ],
    [
      'a text delta, quoted',
      at('intent-progress', { chat_log_delta: { content: ' on' } }),
      '    12 ms  intent-progress  " on"',
    ],
    [
      'tool calls by name',
      at('intent-progress', { chat_log_delta: { tool_calls: [{ tool_name: 'HassTurnOn', tool_args: {} }] } }),
      '    12 ms  intent-progress  tool calls HassTurnOn',
    ],
    [
      'streaming TTS starts',
      at('intent-progress', { tts_start_streaming: true }),
      '    12 ms  intent-progress  tts starts streaming',
    ],
  ];
  for (const [name, event, line] of rows) it(name, () => assert.equal(describeEvent(event, 12.4), line));
});

describe('describeFinished', () => {
  it('every finding, in order', () => {
    const lines = describeFinished(
      {
        kind: 'finished',
        sttText: 'turn on',
        speech: 'Sorry',
        responseType: 'error',
        errorCode: 'no_valid_targets',
        conversationId: '01J',
        continueConversation: false,
        processedLocally: true,
        isSpoken: true,
      },
      { ttsUrl: 'http://ha/a.mp3', endsWithTts: true },
    );
    assert.deepEqual(lines, [
      'heard: turn on',
      'answer (response_type error: no_valid_targets): Sorry',
      'conversation_id: 01J',
      'continue_conversation: no',
      'processed_locally: yes',
      'tts: http://ha/a.mp3',
    ]);
  });

  it('an answer Home Assistant does not speak says so, only when the run was to end with speech', () => {
    const result = { kind: 'finished', speech: ' ', isSpoken: false } as const;
    assert.deepEqual(describeFinished(result, { ttsUrl: undefined, endsWithTts: true }), [
      'answer:  ',
      'tts: none (Home Assistant speaks no answer whose plain text is empty)',
    ]);
    assert.deepEqual(describeFinished(result, { ttsUrl: undefined, endsWithTts: false }), ['answer:  ']);
  });
});
