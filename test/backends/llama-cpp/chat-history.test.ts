// A turn's messages as node-llama-cpp chat history: roles, earlier tool calls and results as text, the tool section.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chatHistoryOf } from '../../../src/backends/llama-cpp/chat-history.ts';
import { toolUseOf } from '../../../src/backends/llama-cpp/tool-grammar.ts';
import { isHearthError } from '../../../src/common/index.ts';
import type { Message } from '../../../src/conversation/index.ts';
import { HA_TOOLS, turnOf } from './llama-turns.ts';

const CONVERSATION: Message[] = [
  { role: 'developer', content: 'You control a smart home.' },
  {
    role: 'user',
    content: [
      { kind: 'text', text: 'Lights off' },
      { kind: 'text', text: 'please' },
    ],
  },
  {
    role: 'assistant',
    content: null,
    toolCalls: [
      { id: 'call_a', name: 'HassTurnOff', arguments: '{"area":"Kitchen"}' },
      { id: 'call_b', name: 'HassTurnOff', arguments: 'not json' },
    ],
  },
  { role: 'tool', toolCallId: 'call_a', content: '{"success":true}' },
  { role: 'tool', toolCallId: 'call_b', content: 'failed' },
  { role: 'assistant', content: 'Done.', toolCalls: [] },
  { role: 'user', content: 'Thanks' },
];

describe('chatHistoryOf', () => {
  it('writes a plain-text conversation, with earlier calls as tool JSON and results as one user message', () => {
    assert.deepEqual(chatHistoryOf(turnOf(CONVERSATION), undefined, 'm'), [
      { type: 'system', text: 'You control a smart home.' },
      { type: 'user', text: 'Lights off\nplease' },
      {
        type: 'model',
        response: [
          '{"tool_calls":[{"name":"HassTurnOff","arguments":{"area":"Kitchen"}},{"name":"HassTurnOff","arguments":"not json"}]}',
        ],
      },
      { type: 'user', text: 'Tool result (HassTurnOff):\n{"success":true}\n\nTool result (HassTurnOff):\nfailed' },
      { type: 'model', response: ['Done.'] },
      { type: 'user', text: 'Thanks' },
      { type: 'model', response: [] },
    ]);
  });

  it('under the tool grammar, describes the tools in the system message and writes earlier answers as JSON', () => {
    const turn = turnOf(CONVERSATION, { tools: HA_TOOLS, parallelToolCalls: false });
    const history = chatHistoryOf(turn, toolUseOf(turn, 'm'), 'm');
    const system = history[0];
    assert.equal(system?.type, 'system');
    const text = system.type === 'system' ? String(system.text) : '';
    assert.ok(text.startsWith('You control a smart home.\n\n# Tools\n'), text);
    assert.ok(text.includes('{"answer": "<your answer>"}'), text);
    assert.ok(text.includes('one call at most'), text);
    for (const tool of HA_TOOLS)
      assert.ok(
        text.includes(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters })),
        tool.name,
      );
    assert.deepEqual(history[4], { type: 'model', response: ['{"answer":"Done."}'] });
  });

  it('adds a system message for the tools when the turn has none, and names a forced tool', () => {
    const turn = turnOf([{ role: 'user', content: 'Hi' }], { tools: HA_TOOLS, toolChoice: { name: 'HassTurnOn' } });
    const history = chatHistoryOf(turn, toolUseOf(turn, 'm'), 'm');
    assert.deepEqual(
      history.map((item) => item.type),
      ['system', 'user', 'model'],
    );
    const text = history[0]?.type === 'system' ? String(history[0].text) : '';
    assert.ok(text.includes('You must call the tool HassTurnOn.'), text);
    assert.ok(!text.includes('"answer"'), 'no text answer is offered');
    assert.ok(!text.includes('HassTurnOff'), 'only the forced tool is described');
  });

  it('names a result whose call it cannot find by the message name, else "tool"', () => {
    const history = chatHistoryOf(
      turnOf([
        { role: 'tool', toolCallId: undefined, name: 'GetLiveContext', content: 'ok' },
        { role: 'user', content: 'and?' },
        { role: 'tool', toolCallId: 'unknown', content: 'ok' },
      ]),
      undefined,
      'm',
    );
    assert.deepEqual(history.slice(0, 3), [
      { type: 'user', text: 'Tool result (GetLiveContext):\nok' },
      { type: 'user', text: 'and?' },
      { type: 'user', text: 'Tool result (tool):\nok' },
    ]);
  });

  it('refuses an image in any message, naming the backend and the message', () => {
    const turn = turnOf([
      { role: 'system', content: 'Look.' },
      { role: 'user', content: [{ kind: 'image', url: 'https://example.com/cat.png' }] },
    ]);
    assert.throws(
      () => chatHistoryOf(turn, undefined, 'tiny'),
      (error: unknown) =>
        isHearthError(error) &&
        error.kind === 'invalid_request' &&
        error.param === 'messages[1].content' &&
        error.message.includes("'tiny'"),
    );
  });
});
