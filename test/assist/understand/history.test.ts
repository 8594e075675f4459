// Pairing tool calls with their results, and finding the active tool rounds of the current turn.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Message } from '../../../src/conversation/index.ts';
import { readHistory } from '../../../src/assist/index.ts';

const DONE = '{"speech": {}, "response_type": "action_done", "data": {"targets": [], "success": [], "failed": []}}';

function call(id: string, name: string, args = '{}') {
  return { id, name, arguments: args };
}

describe('readHistory', () => {
  it('pairs several calls by id even when results come back in another order', () => {
    const messages: Message[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'turn off both lamps' },
      {
        role: 'assistant',
        content: null,
        toolCalls: [call('a', 'HassTurnOff', '{"name":"Lamp A"}'), call('b', 'HassTurnOff', '{"name":"Lamp B"}')],
      },
      { role: 'tool', toolCallId: 'b', content: DONE },
      { role: 'tool', toolCallId: 'a', content: '{"error": "MatchFailedError", "error_text": "No device"}' },
    ];
    const history = readHistory(messages);
    const [a, b] = history.activeRounds[0]!.calls;
    assert.equal(a?.result?.index, 4);
    assert.equal(a?.result?.result.body.kind, 'failure');
    assert.equal(b?.result?.index, 3);
    assert.equal(b?.result?.result.body.kind, 'intent-response');
    assert.deepEqual(history.orphanResults, []);
  });

  it('pairs id-less results in call order and records orphans', () => {
    const messages: Message[] = [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: '', toolCalls: [call('1', 'A'), call('2', 'B')] },
      { role: 'tool', toolCallId: undefined, content: 'first' },
      { role: 'tool', toolCallId: undefined, content: 'second' },
      { role: 'tool', toolCallId: 'nobody', content: 'stray' },
    ];
    const history = readHistory(messages);
    assert.deepEqual(
      history.activeRounds[0]!.calls.map((c) => c.result?.index),
      [2, 3],
    );
    assert.deepEqual(history.orphanResults, [4]);
  });

  it('keeps only the rounds after the last user message active', () => {
    const messages: Message[] = [
      { role: 'user', content: 'turn on the lamp' },
      { role: 'assistant', content: null, toolCalls: [call('1', 'HassTurnOn')] },
      { role: 'tool', toolCallId: '1', content: DONE },
      { role: 'assistant', content: 'Done.', toolCalls: [] },
      { role: 'user', content: 'is it on?' },
      { role: 'assistant', content: null, toolCalls: [call('2', 'GetLiveContext')] },
      { role: 'tool', toolCallId: '2', content: '{"success": true, "result": "x"}' },
    ];
    const history = readHistory(messages);
    assert.equal(history.currentUserIndex, 4);
    assert.deepEqual(
      history.activeRounds.map((r) => r.index),
      [5],
    );
    assert.deepEqual(
      history.entries.map((e) => e.kind),
      ['user', 'tool-round', 'assistant', 'user', 'tool-round'],
    );
  });

  it('keeps arguments that are not a JSON object as raw text only', () => {
    const history = readHistory([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: null, toolCalls: [call('1', 'A', 'not json')] },
    ]);
    const parsed = history.activeRounds[0]!.calls[0]!;
    assert.equal(parsed.arguments, undefined);
    assert.equal(parsed.rawArguments, 'not json');
  });
});
