// The contract's full turn (every field set) and the exact request body an OpenAI server must receive for it.

import type { Turn } from '../../src/conversation/index.ts';

/** A turn using every field a backend must pass on: all message roles, an image, tools, tool choice, sampling. */
export const FULL_TURN: Turn = {
  model: 'ha-assist',
  messages: [
    { role: 'system', content: 'You control a smart home. Answer briefly.' },
    {
      role: 'user',
      name: 'anna',
      content: [
        { kind: 'text', text: 'What do you see on the doorstep?' },
        { kind: 'image', url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' },
      ],
    },
    {
      role: 'assistant',
      content: null,
      toolCalls: [{ id: 'call_prev_1', name: 'HassTurnOn', arguments: '{"name": "Küche"}' }],
    },
    { role: 'tool', toolCallId: 'call_prev_1', content: '{"success": true}' },
    { role: 'user', content: 'Now the hallway, please.' },
  ],
  tools: [
    {
      name: 'HassTurnOn',
      description: 'Turns on a device or entity.',
      parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      strict: false,
    },
    { name: 'GetLiveContext' },
  ],
  toolChoice: { name: 'HassTurnOn' },
  parallelToolCalls: false,
  stream: false,
  includeUsage: false,
  sampling: {
    maxTokens: 150,
    temperature: 0.3,
    topP: 0.9,
    stop: ['\n\n', 'User:'],
    seed: 42,
    presencePenalty: 0.1,
    frequencyPenalty: 0.2,
    n: 1,
  },
  responseFormat: { type: 'text' },
  user: 'conversation-17',
  extra: { top_k: 40 },
};

/** The OpenAI-wire messages of {@link FULL_TURN}, written out by hand as the independent expectation. */
export const FULL_TURN_WIRE_MESSAGES = [
  { role: 'system', content: 'You control a smart home. Answer briefly.' },
  {
    role: 'user',
    name: 'anna',
    content: [
      { type: 'text', text: 'What do you see on the doorstep?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
    ],
  },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_prev_1', type: 'function', function: { name: 'HassTurnOn', arguments: '{"name": "Küche"}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_prev_1', content: '{"success": true}' },
  { role: 'user', content: 'Now the hallway, please.' },
];

/** The OpenAI-wire tools of {@link FULL_TURN}. */
export const FULL_TURN_WIRE_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'HassTurnOn',
      description: 'Turns on a device or entity.',
      parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      strict: false,
    },
  },
  { type: 'function', function: { name: 'GetLiveContext' } },
];

/** The sampling and other top-level fields of {@link FULL_TURN}, in wire spelling. */
export const FULL_TURN_WIRE_FIELDS = {
  tool_choice: { type: 'function', function: { name: 'HassTurnOn' } },
  parallel_tool_calls: false,
  max_tokens: 150,
  temperature: 0.3,
  top_p: 0.9,
  stop: ['\n\n', 'User:'],
  seed: 42,
  presence_penalty: 0.1,
  frequency_penalty: 0.2,
  n: 1,
  response_format: { type: 'text' },
  user: 'conversation-17',
  top_k: 40,
};
