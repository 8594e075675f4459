// Turns and tools for the embedded llama.cpp tests, shaped like Home Assistant's requests.

import type { Message, ToolDefinition, Turn } from '../../../src/conversation/index.ts';

/** Home Assistant's turn-on/off intents as tools: every parameter optional, as HA sends them. */
export const HA_TOOLS: ToolDefinition[] = ['HassTurnOn', 'HassTurnOff'].map((name) => ({
  name,
  description: `${name === 'HassTurnOn' ? 'Turns on' : 'Turns off'} a device or entity`,
  parameters: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      area: { type: 'string' },
      domain: { type: 'array', items: { type: 'string' } },
    },
    required: [],
  },
}));

/** A turn with the given messages (a string is one user message) and otherwise default fields. */
export function turnOf(messages: string | Message[], fields: Partial<Turn> = {}): Turn {
  return {
    model: 'ha-assist',
    messages:
      typeof messages === 'string'
        ? [
            { role: 'system', content: 'You control a smart home.' },
            { role: 'user', content: messages },
          ]
        : messages,
    tools: [],
    stream: false,
    includeUsage: true,
    sampling: {},
    extra: {},
    ...fields,
  };
}

/** Sequential ids, so tests can assert them. */
export function idSource(prefix = 'call_'): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}
