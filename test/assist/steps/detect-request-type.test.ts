// Step 2: text, image or tool-result round.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Message } from '../../../src/conversation/index.ts';
import { detectRequestType, understandRequest, type RequestType } from '../../../src/assist/index.ts';

function typeOf(messages: Message[]): RequestType {
  return detectRequestType(
    understandRequest({
      model: 'HA-Assist',
      messages,
      tools: [],
      stream: false,
      includeUsage: false,
      sampling: {},
      extra: {},
    }),
  );
}

const IMAGE = { kind: 'image' as const, url: 'data:image/jpeg;base64,AAAA' };

describe('detectRequestType', () => {
  it('a plain user message is text', () =>
    assert.equal(typeOf([{ role: 'user', content: 'Turn off the light' }]), 'text'));
  it('an image part in the current user message is an image turn', () => {
    assert.equal(typeOf([{ role: 'user', content: [{ kind: 'text', text: 'What can you see?' }, IMAGE] }]), 'image');
  });
  it('an image in an earlier turn does not make the current turn an image turn', () => {
    assert.equal(
      typeOf([
        { role: 'user', content: [IMAGE] },
        { role: 'assistant', content: 'A cat.', toolCalls: [] },
        { role: 'user', content: 'Turn off the light' },
      ]),
      'text',
    );
  });
  it('a trailing tool result is a tool-result round', () => {
    assert.equal(
      typeOf([
        { role: 'user', content: 'Turn off the light' },
        { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'HassTurnOff', arguments: '{}' }] },
        { role: 'tool', toolCallId: '1', content: '{}' },
      ]),
      'tool-result',
    );
  });
  it('an image turn stays an image turn after a tool round', () => {
    assert.equal(
      typeOf([
        { role: 'user', content: [{ kind: 'text', text: 'Is this the kitchen light?' }, IMAGE] },
        { role: 'assistant', content: null, toolCalls: [{ id: '1', name: 'GetLiveContext', arguments: '{}' }] },
        { role: 'tool', toolCallId: '1', content: '{}' },
      ]),
      'image',
    );
  });
});
