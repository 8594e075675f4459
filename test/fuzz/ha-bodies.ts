// Home Assistant requests for fuzzing: real request bodies as HA's clients build them, with sentences, tools, history
// and tool results drawn at random, in the chat-completions, Responses and Ollama shapes.

import fc from 'fast-check';
import {
  buildHaRequest,
  type HaChatMessage,
  type HaChatRequest,
  type Home,
} from '../../src/homeassistant/request/index.ts';
import { chatToResponses } from '../fixtures/chat-to-responses.ts';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';
import { TWO_FLOOR_FLOORS, TWO_FLOOR_HOME } from '../fixtures/homes/two-floor-home.ts';
import { sentence } from './ha-sentences.ts';
import { toolResultText } from './ha-tool-results.ts';
import { nastyJson, nastyKey, nastyString } from './hostile-values.ts';

/** A hostile string that is not empty (where a schema asks for `min(1)`). */
const nonEmpty = nastyString.filter((text) => text !== '');

/** The request shapes HA's clients send: eras, clients, satellites, tool-name prefixes, two homes. */
const BASES: readonly HaChatRequest[] = (() => {
  const bases: HaChatRequest[] = [];
  const homes: [Home, string | undefined][] = [
    [FIXTURE_HOME, undefined],
    [FIXTURE_HOME, 'Kitchen'],
    [TWO_FLOOR_HOME, 'Bedroom'],
  ];
  for (const [home, satelliteArea] of homes)
    for (const era of ['2024', '2025', '2026'] as const)
      for (const client of ['compat', 'local_openai'] as const) {
        const toolPrefix = bases.length % 3 === 0 ? 'assist__' : bases.length % 5 === 0 ? 'platform' : 'none';
        bases.push(
          buildHaRequest(home, {
            userText: '',
            era,
            client,
            toolPrefix,
            ...(satelliteArea === undefined ? {} : { satelliteArea, satelliteHasTimers: era === '2026' }),
          }),
        );
      }
  return bases;
})();

/** The system prompts of {@link BASES}: real prompts to mutate. */
export const SYSTEM_PROMPTS: readonly string[] = [...new Set(BASES.map((base) => base.messages[0]!.content as string))];

/** Names of the tools of the bases, as offered. */
const TOOL_NAMES: readonly string[] = [
  ...new Set(BASES.flatMap((base) => base.tools.map((tool) => tool.function.name))),
  'execute_services',
  'GetLiveContext',
];

/** JSON Schemas a client might offer, from sensible to broken. */
const oddSchema: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    { type: 'object', properties: {} },
    { type: 'object', properties: { name: { type: 'string', pattern: '^A(a+)+b$' } } },
    { type: 'object', properties: { name: { type: 'string', pattern: '(' } } },
    { type: 'object', properties: { name: { type: 'string', pattern: '(?<x>a)\\k<x>' } } },
    { type: 'object', properties: { name: { type: 'nope' } } },
    { type: 'object', required: ['name', 'name'], properties: { name: { type: 'string' } } },
    { type: 'object', additionalProperties: false },
    { $ref: '#' },
    { $ref: '#/definitions/missing' },
    { $ref: 'http://example.invalid/schema.json' },
    { $id: 'x', $ref: 'x' },
    { type: 'object', properties: { domain: { type: 'array', items: { enum: [] } } } },
    { type: 'string' },
    { anyOf: [] },
    { type: 'object', properties: { brightness: { type: 'integer', minimum: 1e308, maximum: -1e308 } } },
    { type: 'object', properties: { name: { type: 'string', format: 'no-such-format' } } },
    { not: {} },
    {},
  ),
  fc.dictionary(nastyKey, nastyJson(2), { maxKeys: 4 }),
);

/** A tool call as an assistant message carries it, with names and arguments from sensible to hostile. */
export const toolCall = fc.record({
  id: fc.oneof(fc.constantFrom('call_1', 'call_2', 'call_7d1e2c9b4a3f4e0b8c6d5a21', 'x'), nonEmpty),
  type: fc.constant('function' as const),
  function: fc.record({
    name: fc.oneof({ arbitrary: fc.constantFrom(...TOOL_NAMES), weight: 4 }, nonEmpty),
    arguments: fc.oneof(
      fc.constantFrom(
        '{"name":"Living Room Light","domain":["light"]}',
        '{"name":"Kitchen Light"}',
        '{"area":"Kitchen","domain":["light"]}',
        '{}',
        '',
        '{',
        'null',
        '[]',
        '{"__proto__":{"name":"x"}}',
      ),
      fc.dictionary(nastyKey, nastyJson(2), { maxKeys: 4 }).map((args) => JSON.stringify(args)),
      nastyString,
    ),
  }),
});

/** A round of history: a user turn, an answer, or tool calls with their results (some missing or unmatched). */
function historyRound(result: fc.Arbitrary<string>): fc.Arbitrary<HaChatMessage[]> {
  return fc.oneof(
    sentence.map((text): HaChatMessage[] => [
      { role: 'user', content: text },
      { role: 'assistant', content: 'OK' },
    ]),
    fc
      .tuple(fc.array(toolCall, { minLength: 1, maxLength: 3 }), fc.array(result, { maxLength: 3 }), fc.boolean())
      .map(([calls, results, matchIds]): HaChatMessage[] => [
        { role: 'assistant', content: null, tool_calls: calls },
        ...results.map(
          (content, index): HaChatMessage => ({
            role: 'tool',
            tool_call_id: matchIds ? (calls[index]?.id ?? 'unmatched') : `other_${index}`,
            content,
          }),
        ),
      ]),
  );
}

/** Names in `ha_context`: the homes' own, prototype member names, or hostile strings. */
const contextName = fc.oneof(
  { arbitrary: fc.constantFrom('Kitchen Light', 'Kitchen', 'Living Room', 'Bedroom', 'Ground Floor'), weight: 3 },
  { arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'), weight: 1 },
  { arbitrary: nonEmpty, weight: 2 },
);

/** `ha_context`: valid (with hostile names), or any value. */
const haContext: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.record(
      {
        aliases: fc.dictionary(contextName, fc.array(contextName, { maxLength: 3 }), { maxKeys: 3 }),
        area_aliases: fc.dictionary(contextName, fc.array(contextName, { maxLength: 3 }), { maxKeys: 3 }),
        floors: fc.oneof(
          fc.constant(TWO_FLOOR_FLOORS),
          fc.array(
            fc.record(
              {
                name: contextName,
                aliases: fc.array(contextName, { maxLength: 3 }),
                areas: fc.array(contextName, { maxLength: 3 }),
              },
              { requiredKeys: ['name'] },
            ),
            { maxLength: 3 },
          ),
        ),
        satellite: fc.record({ area: contextName, floor: contextName }, { requiredKeys: ['area'] }),
      },
      { requiredKeys: [] },
    ),
    weight: 8,
  },
  { arbitrary: nastyJson(3), weight: 1 },
);

/** What HA-Assist bodies are made of: the sentences and the tool results. */
export interface HaBodyParts {
  text?: fc.Arbitrary<string>;
  result?: fc.Arbitrary<string>;
}

/** A real HA-Assist body with a random sentence, history, tools, choices and extras. */
export function haChatBodyOf(parts: HaBodyParts = {}): fc.Arbitrary<Record<string, unknown>> {
  const round = historyRound(parts.result ?? toolResultText);
  return fc
    .record({
      base: fc.constantFrom(...BASES),
      text: parts.text ?? sentence,
      history: fc.array(round, { maxLength: 2 }),
      // A round of tool calls after the user message, as in a follow-up request.
      followUp: fc.option(round, { freq: 3 }),
      dropTools: fc.option(fc.array(fc.nat(), { maxLength: 6 }), { freq: 2 }),
      toolSchema: fc.option(fc.tuple(fc.nat(), oddSchema), { freq: 4 }),
      // A mode, or the index of an offered tool to name.
      toolChoice: fc.option(fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.nat()), { freq: 3 }),
      parallel: fc.option(fc.boolean(), { freq: 3 }),
      stream: fc.option(fc.boolean(), { freq: 2 }),
      context: fc.option(haContext, { freq: 4 }),
      image: fc.option(fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'http://example.invalid/a.png', 'x'), {
        freq: 8,
      }),
    })
    .map(({ base, text, history, followUp, dropTools, toolSchema, toolChoice, parallel, stream, context, image }) => {
      const [system, ...rest] = base.messages;
      const user = rest.at(-1)!;
      const content =
        image === null
          ? text
          : [
              { type: 'text', text },
              { type: 'image_url', image_url: { url: image } },
            ];
      let tools: unknown[] = base.tools;
      if (dropTools !== null) tools = tools.filter((_, index) => !dropTools.includes(index % 20));
      if (toolSchema !== null && tools.length > 0) {
        const [index, schema] = toolSchema;
        tools = tools.map((tool, at) =>
          at === index % tools.length
            ? { type: 'function', function: { ...(tool as { function: object }).function, parameters: schema } }
            : tool,
        );
      }
      const body: Record<string, unknown> = {
        ...base,
        messages: [system, ...history.flat(), { ...user, content }, ...(followUp ?? [])],
        tools,
      };
      if (typeof toolChoice === 'string') body.tool_choice = toolChoice;
      else if (toolChoice !== null && tools.length > 0) {
        const { name } = (tools[toolChoice % tools.length] as { function: { name: string } }).function;
        body.tool_choice = { type: 'function', function: { name } };
      }
      if (parallel !== null) body.parallel_tool_calls = parallel;
      if (stream !== null) body.stream = stream;
      if (context !== null) body.ha_context = context;
      return body;
    });
}

/** {@link haChatBodyOf} with the default sentences and tool results. */
export const haChatBody = haChatBodyOf();

/** An HA-Assist body as a Responses request (instructions, flat tools, function_call items, Responses' parts). */
export function toResponsesBody(chat: Record<string, unknown>): Record<string, unknown> {
  const converted: Record<string, unknown> = { ...chatToResponses(chat) };
  converted.input = (converted.input as Record<string, unknown>[]).map((item) =>
    Array.isArray(item.content)
      ? { ...item, content: item.content.map((part) => responsesPart(part, item.role)) }
      : item,
  );
  for (const key of ['stream', 'tool_choice', 'parallel_tool_calls', 'ha_context'] as const)
    if (chat[key] !== undefined) converted[key] = chat[key];
  const choice = chat.tool_choice as { function?: { name: string } } | undefined;
  if (choice?.function !== undefined) converted.tool_choice = { type: 'function', name: choice.function.name };
  return converted;
}

/** A chat content part as the Responses API writes it. */
function responsesPart(part: { type?: string; text?: string; image_url?: { url: string } }, role: unknown): unknown {
  if (part.type === 'image_url') return { type: 'input_image', image_url: part.image_url?.url };
  return { type: role === 'assistant' ? 'output_text' : 'input_text', text: part.text };
}

/** An HA-Assist body as Home Assistant's Ollama integration sends it: argument objects, results paired by order. */
export function toOllamaBody(chat: Record<string, unknown>): Record<string, unknown> {
  const messages = (chat.messages as Record<string, unknown>[]).map((message) => {
    const calls = message.tool_calls as { function: { name: string; arguments: string } }[] | undefined;
    const content = Array.isArray(message.content)
      ? (message.content as { text?: string }[]).map((part) => part.text ?? '').join('')
      : message.content;
    if (calls === undefined) return { role: message.role, content: content ?? '' };
    const toolCalls = calls.map((call) => ({ function: { name: call.function.name, arguments: objectOf(call) } }));
    return { role: 'assistant', content: content ?? '', tool_calls: toolCalls };
  });
  const body: Record<string, unknown> = {
    model: chat.model,
    messages,
    tools: chat.tools,
    stream: chat.stream ?? false,
  };
  if (chat.ha_context !== undefined) body.ha_context = chat.ha_context;
  return body;
}

function objectOf(call: { function: { arguments: string } }): unknown {
  try {
    return JSON.parse(call.function.arguments) as unknown;
  } catch {
    return call.function.arguments;
  }
}
