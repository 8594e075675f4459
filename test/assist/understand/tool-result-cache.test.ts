// Long tool results are parsed once: a GetLiveContext result is re-sent on every later round of a conversation.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLruCache, readHistory, type ToolResult } from '../../../src/assist/understand/index.ts';
import { renderLiveContext } from '../../../src/homeassistant/request/index.ts';
import { generateHome } from '../../fixtures/homes/index.ts';
import type { Message } from '../../../src/conversation/index.ts';

function round(result: string): Message[] {
  return [
    { role: 'user', content: 'is anything on?' },
    { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'GetLiveContext', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'c1', content: result },
  ];
}

describe('readHistory with a tool-result cache', () => {
  it('reads a long result once and gives the same parse on the next round', () => {
    const live = renderLiveContext(generateHome({ entities: 200, areas: 10, seed: 3 }));
    const results = createLruCache<ToolResult>(4);
    const first = readHistory(round(live), { results }).activeRounds[0]!.calls[0]!.result!.result;
    const second = readHistory(round(`${live}`), { results }).activeRounds[0]!.calls[0]!.result!.result;
    assert.equal(first.body.kind, 'live-context');
    assert.equal(second, first);
    assert.deepEqual(readHistory(round(live)).activeRounds[0]!.calls[0]!.result!.result, first);
  });

  it('does not keep short results', () => {
    const results = createLruCache<ToolResult>(4);
    const text = JSON.stringify({ success: true, result: 'done' });
    const first = readHistory(round(text), { results }).activeRounds[0]!.calls[0]!.result!.result;
    const second = readHistory(round(text), { results }).activeRounds[0]!.calls[0]!.result!.result;
    assert.notEqual(second, first);
    assert.deepEqual(second, first);
  });
});
