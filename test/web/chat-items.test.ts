// The chat transcript as data: each stream event's change to it (text pieces joined into the assistant's message,
// tool lines between them, errors), the conversation sent back, and which tool results are proposals.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyChatEvent, CHAT_LIMITS, type ChatItem, isProposal, toConversation } from '../../web/src/chat-items.ts';
import type { SseEvent } from '../../web/src/sse.ts';

function apply(items: readonly ChatItem[], events: readonly SseEvent[]): ChatItem[] {
  return events.reduce<ChatItem[]>((next, event) => applyChatEvent(next, event), [...items]);
}

const sse = (event: string, data: unknown): SseEvent => ({ event, data: JSON.stringify(data) });

describe('applyChatEvent', () => {
  const question: ChatItem = { kind: 'user', text: 'Is the kitchen light on?' };

  it('starts an assistant message with the first delta and appends the next ones to it', () => {
    const items = apply([question], [sse('delta', { content: 'Let me ' }), sse('delta', { content: 'look.' })]);
    assert.deepEqual(items, [question, { kind: 'assistant', text: 'Let me look.' }]);
  });

  it('puts a tool call and its result between two assistant messages', () => {
    const items = apply(
      [question],
      [
        sse('delta', { content: 'Checking.' }),
        sse('tool_call', { id: 'c1', name: 'get_state', arguments: { entity_id: 'light.kitchen' } }),
        sse('tool_result', { id: 'c1', name: 'get_state', is_error: false, text: 'light.kitchen: on' }),
        sse('delta', { content: 'It is ' }),
        sse('delta', { content: 'on.' }),
        sse('done', { finish_reason: 'stop' }),
      ],
    );
    assert.deepEqual(items, [
      question,
      { kind: 'assistant', text: 'Checking.' },
      { kind: 'tool-call', name: 'get_state', arguments: { entity_id: 'light.kitchen' } },
      { kind: 'tool-result', name: 'get_state', isError: false, text: 'light.kitchen: on' },
      { kind: 'assistant', text: 'It is on.' },
    ]);
  });

  it('reads is_error as true only when it is the JSON true', () => {
    const table: [unknown, boolean][] = [
      [true, true],
      [false, false],
      ['true', false],
      [1, false],
      [undefined, false],
    ];
    for (const [isError, expected] of table) {
      const [item] = applyChatEvent([], sse('tool_result', { name: 'turn_on', is_error: isError, text: 'no' }));
      assert.deepEqual(item, { kind: 'tool-result', name: 'turn_on', isError: expected, text: 'no' }, String(isError));
    }
  });

  it('fills missing or mistyped fields with empty text, and missing tool arguments with {}', () => {
    assert.deepEqual(applyChatEvent([], sse('tool_call', { name: 7 })), [
      { kind: 'tool-call', name: '', arguments: {} },
    ]);
    assert.deepEqual(applyChatEvent([], sse('tool_result', {})), [
      { kind: 'tool-result', name: '', isError: false, text: '' },
    ]);
    assert.deepEqual(applyChatEvent([], sse('error', { code: 'x' })), [{ kind: 'error', message: '' }]);
    assert.deepEqual(applyChatEvent([{ kind: 'assistant', text: 'a' }], sse('delta', { content: 5 })), [
      { kind: 'assistant', text: 'a' },
    ]);
  });

  it('adds an error event as an error entry, after what the answer said so far', () => {
    const items = apply(
      [question],
      [sse('delta', { content: 'Chec' }), sse('error', { message: 'The model stopped answering.' })],
    );
    assert.deepEqual(items, [
      question,
      { kind: 'assistant', text: 'Chec' },
      { kind: 'error', message: 'The model stopped answering.' },
    ]);
    // A delta after an error starts a new message instead of continuing the one before it.
    assert.deepEqual(applyChatEvent(items, sse('delta', { content: 'k' })).at(-1), { kind: 'assistant', text: 'k' });
  });

  it('adds an error entry naming the data of a known event that is not a JSON object', () => {
    assert.deepEqual(applyChatEvent([question], { event: 'delta', data: 'Hel' }), [
      question,
      { kind: 'error', message: 'An event hearth sent was not a JSON object: Hel' },
    ]);
    assert.deepEqual(applyChatEvent([question], { event: 'delta', data: '[1]' }), [
      question,
      { kind: 'error', message: 'An event hearth sent was not a JSON object: [1]' },
    ]);
  });

  it('changes nothing for an unknown event, but returns a new array', () => {
    const items: ChatItem[] = [question];
    const next = applyChatEvent(items, sse('done', { finish_reason: 'stop' }));
    assert.deepEqual(next, items);
    assert.notEqual(next, items);
  });

  it('changes nothing for an unknown event whose data is not JSON', () => {
    assert.deepEqual(applyChatEvent([question], { event: 'ping', data: 'keep-alive' }), [question]);
  });

  it('leaves the transcript it was given alone', () => {
    const items = Object.freeze([question, Object.freeze<ChatItem>({ kind: 'assistant', text: 'Let me ' })]);
    const next = applyChatEvent(items, sse('delta', { content: 'look.' }));
    assert.deepEqual(items, [question, { kind: 'assistant', text: 'Let me ' }]);
    assert.deepEqual(next.at(-1), { kind: 'assistant', text: 'Let me look.' });
  });
});

describe('toConversation', () => {
  it('keeps the text of the person and the assistant, joining the pieces of one answer with a blank line', () => {
    const items: ChatItem[] = [
      { kind: 'user', text: 'Turn on the kitchen light.' },
      { kind: 'assistant', text: 'Turning it on.' },
      { kind: 'tool-call', name: 'turn_on', arguments: { entity_id: 'light.kitchen' } },
      { kind: 'tool-result', name: 'turn_on', isError: false, text: 'done' },
      { kind: 'assistant', text: 'It is on.' },
      { kind: 'error', message: 'The model stopped answering.' },
      { kind: 'user', text: 'Thanks.' },
      { kind: 'user', text: 'And the hall?' },
    ];
    assert.deepEqual(toConversation(items), [
      { role: 'user', content: 'Turn on the kitchen light.' },
      { role: 'assistant', content: 'Turning it on.\n\nIt is on.' },
      { role: 'user', content: 'Thanks.' },
      { role: 'user', content: 'And the hall?' },
    ]);
  });

  it('keeps the newest 100 messages of a longer chat', () => {
    const items: ChatItem[] = Array.from({ length: 150 }, (_, i) => ({
      kind: i % 2 === 0 ? 'user' : 'assistant',
      text: `message ${i}`,
    }));
    const conversation = toConversation(items);
    assert.equal(conversation.length, CHAT_LIMITS.messages);
    assert.deepEqual(conversation[0], { role: 'user', content: 'message 50' });
    assert.deepEqual(conversation.at(-1), { role: 'assistant', content: 'message 149' });
  });

  it('cuts a message over 8,000 characters and keeps the newest messages within 200 KiB', () => {
    // 40 answers of 8,000 characters of two-byte letters: 16 KB each as JSON, so only the newest 12 fit 200 KiB.
    const items: ChatItem[] = Array.from({ length: 40 }, (_, i) => ({
      kind: i % 2 === 0 ? 'user' : 'assistant',
      text: `${i}:${'é'.repeat(9000)}`,
    }));
    const conversation = toConversation(items);
    assert.deepEqual(
      conversation.map((message) => message.content.split(':')[0]),
      ['28', '29', '30', '31', '32', '33', '34', '35', '36', '37', '38', '39'],
    );
    for (const message of conversation) {
      assert.equal(message.content.length, CHAT_LIMITS.messageChars);
      assert.ok(message.content.endsWith('…'));
    }
    const bytes = new TextEncoder().encode(JSON.stringify({ model: 'm', messages: conversation })).length;
    assert.ok(bytes <= 256 * 1024, `${bytes} bytes`);
  });

  it('gives nothing for an empty transcript and leaves the items alone', () => {
    assert.deepEqual(toConversation([]), []);
    const items: ChatItem[] = [
      { kind: 'assistant', text: 'a' },
      { kind: 'assistant', text: 'b' },
    ];
    assert.deepEqual(toConversation(items), [{ role: 'assistant', content: 'a\n\nb' }]);
    assert.deepEqual(items, [
      { kind: 'assistant', text: 'a' },
      { kind: 'assistant', text: 'b' },
    ]);
  });
});

describe('isProposal', () => {
  const table: [string, ChatItem, boolean][] = [
    [
      'a tool result awaiting confirmation',
      {
        kind: 'tool-result',
        name: 'turn_on',
        isError: false,
        text: '{"status":"awaiting-confirmation","proposal_id":"p1"}',
      },
      true,
    ],
    [
      'a tool result that was carried out',
      { kind: 'tool-result', name: 'turn_on', isError: false, text: 'done' },
      false,
    ],
    [
      'a tool call that mentions it',
      { kind: 'tool-call', name: 'turn_on', arguments: { note: 'awaiting-confirmation' } },
      false,
    ],
    ['assistant text that mentions it', { kind: 'assistant', text: 'awaiting-confirmation' }, false],
  ];
  for (const [name, item, expected] of table) {
    it(`is ${expected} for ${name}`, () => assert.equal(isProposal(item), expected));
  }
});
