// The tool-use rules of a turn, the answer-or-call grammar schema, and reading the model's tool JSON back.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toolGrammarSchema, toolUseOf } from '../../../src/backends/llama-cpp/tool-grammar.ts';
import { parseToolOutput } from '../../../src/backends/llama-cpp/tool-output.ts';
import { isHearthError } from '../../../src/common/index.ts';
import type { Turn } from '../../../src/conversation/index.ts';
import { HA_TOOLS, idSource, turnOf } from './llama-turns.ts';

const ARGUMENTS = {
  type: 'object',
  properties: {},
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  maxProperties: 3,
};
const callOf = (name: string) => ({ type: 'object', properties: { name: { const: name }, arguments: ARGUMENTS } });
const ANSWER = { type: 'object', properties: { answer: { type: 'string' } } };

describe('toolUseOf', () => {
  const rows: Array<[string, Partial<Turn>, unknown]> = [
    ['no tools: plain text', { tools: [] }, undefined],
    ["tool_choice 'none': plain text", { tools: HA_TOOLS, toolChoice: 'none' }, undefined],
    [
      'auto: every tool, or an answer',
      { tools: HA_TOOLS },
      { tools: HA_TOOLS, allowsAnswer: true, allowsParallel: true },
    ],
    [
      'required: every tool, no answer',
      { tools: HA_TOOLS, toolChoice: 'required' },
      { tools: HA_TOOLS, allowsAnswer: false, allowsParallel: true },
    ],
    [
      'a named tool: only it',
      { tools: HA_TOOLS, toolChoice: { name: 'HassTurnOff' } },
      { tools: [HA_TOOLS[1]], allowsAnswer: false, allowsParallel: true },
    ],
    [
      'parallel calls off',
      { tools: HA_TOOLS, parallelToolCalls: false },
      { tools: HA_TOOLS, allowsAnswer: true, allowsParallel: false },
    ],
  ];
  for (const [what, fields, expected] of rows) {
    it(what, () => assert.deepEqual(toolUseOf(turnOf('Hi', fields), 'm'), expected));
  }

  it('refuses a named tool that is not offered', () => {
    assert.throws(
      () => toolUseOf(turnOf('Hi', { tools: HA_TOOLS, toolChoice: { name: 'Nope' } }), 'm'),
      (error: unknown) =>
        isHearthError(error) && error.code === 'INVALID_TOOL_CHOICE' && error.kind === 'invalid_request',
    );
  });
});

describe('toolGrammarSchema', () => {
  it('offers an answer or at least one call of any offered tool', () => {
    assert.deepEqual(toolGrammarSchema({ tools: HA_TOOLS, allowsAnswer: true, allowsParallel: true }), {
      oneOf: [
        ANSWER,
        {
          type: 'object',
          properties: {
            tool_calls: { type: 'array', items: { oneOf: [callOf('HassTurnOn'), callOf('HassTurnOff')] }, minItems: 1 },
          },
        },
      ],
    });
  });

  it('allows only calls, of the one tool, at most one, when so restricted', () => {
    assert.deepEqual(toolGrammarSchema({ tools: [HA_TOOLS[0]!], allowsAnswer: false, allowsParallel: false }), {
      type: 'object',
      properties: { tool_calls: { type: 'array', items: callOf('HassTurnOn'), minItems: 1, maxItems: 1 } },
    });
  });

  it('gives a tool without parameters an empty arguments object', () => {
    const schema = toolGrammarSchema({
      tools: [{ name: 'GetLiveContext' }],
      allowsAnswer: false,
      allowsParallel: true,
    });
    assert.deepEqual(schema, {
      type: 'object',
      properties: {
        tool_calls: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { const: 'GetLiveContext' }, arguments: { type: 'object', properties: {} } },
          },
          minItems: 1,
        },
      },
    });
  });
});

describe('parseToolOutput', () => {
  const auto = { tools: HA_TOOLS, allowsAnswer: true, allowsParallel: true };
  const single = { tools: HA_TOOLS, allowsAnswer: false, allowsParallel: false };
  const rows: Array<[string, string, typeof auto, unknown]> = [
    ['an answer', '{"answer": "It is 21 °C."}', auto, { kind: 'answer', text: 'It is 21 °C.' }],
    [
      'calls, with fresh ids and arguments as JSON text',
      '{"tool_calls":[{"name":"HassTurnOff","arguments":{"name":"Lamp"}},{"name":"HassTurnOn","arguments":{}}]}',
      auto,
      {
        kind: 'calls',
        calls: [
          { id: 'call_1', name: 'HassTurnOff', arguments: '{"name":"Lamp"}' },
          { id: 'call_2', name: 'HassTurnOn', arguments: '{}' },
        ],
      },
    ],
    [
      'trailing newlines the grammar allows',
      '{"tool_calls":[{"name":"HassTurnOn","arguments":{}}]}\n\n',
      single,
      { kind: 'calls', calls: [{ id: 'call_1', name: 'HassTurnOn', arguments: '{}' }] },
    ],
    [
      'JSON cut short',
      '{"tool_calls":[{"name":"HassTurnOff","argu',
      auto,
      { kind: 'invalid', problem: 'the tool-call output is not complete JSON' },
    ],
    [
      'an answer where only calls are allowed',
      '{"answer": "no"}',
      single,
      { kind: 'invalid', problem: 'the output has neither an answer nor tool calls' },
    ],
    [
      'an empty call list',
      '{"tool_calls":[]}',
      auto,
      { kind: 'invalid', problem: 'the output has neither an answer nor tool calls' },
    ],
    [
      'two calls where one is allowed',
      '{"tool_calls":[{"name":"HassTurnOn","arguments":{}},{"name":"HassTurnOn","arguments":{}}]}',
      single,
      { kind: 'invalid', problem: 'the output has more than one tool call' },
    ],
    [
      'a tool that was not offered',
      '{"tool_calls":[{"name":"HassNuke","arguments":{}}]}',
      auto,
      { kind: 'invalid', problem: 'a tool call names no offered tool' },
    ],
    [
      'arguments that are not an object',
      '{"tool_calls":[{"name":"HassTurnOn","arguments":"Lamp"}]}',
      auto,
      { kind: 'invalid', problem: "the arguments of 'HassTurnOn' are not a JSON object" },
    ],
    ['an array', '[]', auto, { kind: 'invalid', problem: 'the tool-call output is not a JSON object' }],
  ];
  for (const [what, text, use, expected] of rows) {
    it(`reads ${what}`, () => assert.deepEqual(parseToolOutput(text, use, idSource()), expected));
  }
});
