// Chat-completions request bodies for fuzzing: coherent ones with hostile values, and copies with a field made wrong.

import fc from 'fast-check';
import { anyString, corrupted, nastyJson, nastyKey, nastyString, withExtraFields } from './hostile-values.ts';
import { arbitraryBody } from './hostile-values.ts';
import { haChatBody, toolCall } from './ha-bodies.ts';
import { sentence } from './ha-sentences.ts';

/** The models of the app harness, near misses of them, and unknown ones. */
export const modelName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom('HA-Assist', 'gemma', 'qwen-vl'), weight: 12 },
  { arbitrary: fc.constantFrom('ha-assist', 'HA-Assist ', 'Gemma', 'nope', 'HA-Assist\u0000'), weight: 1 },
);

const IMAGE_URLS = [
  'data:image/png;base64,iVBORw0KGgo=',
  'data:image/jpeg;base64,',
  'data:,',
  'data:image/png;base64,%%%',
  'http://example.invalid/a.png',
  'file:///etc/passwd',
  'x',
];

/** Text for any message: grammar words, hostile strings, now and then a huge one. */
const text = fc.oneof({ arbitrary: sentence, weight: 3 }, { arbitrary: anyString, weight: 2 });

const textPart = fc.record({ type: fc.constant('text'), text });

const imagePart = fc.record({
  type: fc.constant('image_url'),
  image_url: fc.oneof(
    fc.record(
      { url: fc.oneof(fc.constantFrom(...IMAGE_URLS), nastyString), detail: nastyString },
      { requiredKeys: ['url'] },
    ),
    fc.constantFrom(...IMAGE_URLS),
  ),
});

/** Content that can only be text: a string or text parts. */
const textContent = fc.oneof(
  { arbitrary: text, weight: 4 },
  { arbitrary: fc.array(textPart, { maxLength: 3 }), weight: 1 },
);

/** User content: text, or text and image parts. */
const userContent = fc.oneof(
  { arbitrary: text, weight: 4 },
  { arbitrary: fc.array(fc.oneof(textPart, imagePart), { maxLength: 4 }), weight: 1 },
);

/** A well-formed message of any role, with hostile values where the schema allows any. */
const validMessage: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { arbitrary: fc.record({ role: fc.constantFrom('system', 'developer'), content: textContent }), weight: 2 },
  {
    arbitrary: fc.record(
      { role: fc.constant('user'), content: userContent, name: nastyString },
      { requiredKeys: ['role', 'content'] },
    ),
    weight: 5,
  },
  {
    arbitrary: fc.record(
      {
        role: fc.constant('assistant'),
        content: fc.option(textContent),
        tool_calls: fc.array(
          toolCall.filter((call) => call.id !== ''),
          { maxLength: 3 },
        ),
        refusal: fc.option(nastyString),
        reasoning_content: fc.option(nastyString),
      },
      { requiredKeys: ['role'] },
    ),
    weight: 3,
  },
  {
    arbitrary: fc.record(
      {
        role: fc.constant('tool'),
        tool_call_id: fc.oneof(
          fc.constantFrom('call_1', 'call_2', 'x'),
          nastyString.filter((id) => id !== ''),
        ),
        content: textContent,
        name: nastyString,
      },
      { requiredKeys: ['role', 'tool_call_id', 'content'] },
    ),
    weight: 2,
  },
);

/** Tool names: a few fixed ones, or any string. */
const toolName = fc.oneof(
  { arbitrary: fc.constantFrom('HassTurnOn', 'HassTurnOff', 'GetLiveContext', 'get_weather'), weight: 3 },
  { arbitrary: nastyString.filter((name) => name !== ''), weight: 1 },
);

/** A well-formed tool: a function with a name, and parameters from a plain schema to any object. */
const validTool = fc.record({
  type: fc.constant('function'),
  function: fc.record(
    {
      name: toolName,
      description: nastyString,
      parameters: fc.oneof(
        { arbitrary: fc.constant({ type: 'object', properties: { name: { type: 'string' } } }), weight: 3 },
        { arbitrary: fc.dictionary(nastyKey, nastyJson(3), { maxKeys: 4 }), weight: 2 },
      ),
      strict: fc.option(fc.boolean()),
    },
    { requiredKeys: ['name'] },
  ),
});

/** A coherent body: valid fields, tools with distinct names, a tool_choice that names an offered tool. */
export const validChatBody: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      model: modelName,
      messages: fc.array(validMessage, { minLength: 1, maxLength: 5 }),
      tools: fc.uniqueArray(validTool, { selector: (tool) => tool.function.name, maxLength: 4 }),
      tool_choice: fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.nat()),
      parallel_tool_calls: fc.boolean(),
      stream: fc.boolean(),
      stream_options: fc.record({ include_usage: fc.boolean() }),
      max_tokens: fc.integer({ min: 1, max: 100_000 }),
      temperature: fc.double({ min: 0, max: 2, noNaN: true }),
      top_p: fc.double({ min: 0, max: 1, noNaN: true }),
      n: fc.integer({ min: 1, max: 128 }),
      stop: fc.oneof(nastyString, fc.array(nastyString, { maxLength: 4 })),
      seed: fc.integer(),
      response_format: fc.record({ type: fc.constantFrom('json_object', 'text', 'json_schema') }),
      user: nastyString,
    },
    { requiredKeys: ['model', 'messages'] },
  )
  .map((body) => {
    const { tool_choice: choice, ...rest } = body;
    const tools = rest.tools ?? [];
    if (choice === undefined) return rest;
    if (typeof choice === 'string')
      return choice === 'required' && tools.length === 0 ? rest : { ...rest, tool_choice: choice };
    if (tools.length === 0) return rest;
    return {
      ...rest,
      tool_choice: { type: 'function', function: { name: tools[choice % tools.length]!.function.name } },
    };
  });

/** Where a body can be made wrong: a top-level field, or one inside a message or a tool. */
const PATHS: readonly (readonly (string | number)[])[] = [
  ['model'],
  ['messages'],
  ['messages', 0],
  ['messages', 0, 'role'],
  ['messages', 0, 'content'],
  ['messages', -1, 'content'],
  ['messages', -1, 'content', 0],
  ['messages', -1, 'tool_calls'],
  ['messages', -1, 'tool_calls', 0, 'function', 'arguments'],
  ['messages', -1, 'tool_call_id'],
  ['tools'],
  ['tools', 0, 'function', 'name'],
  ['tools', 0, 'function', 'parameters'],
  ['tool_choice'],
  ['stream'],
  ['stream_options'],
  ['max_tokens'],
  ['temperature'],
  ['n'],
  ['stop'],
  ['response_format'],
  ['ha_context'],
];

/** A coherent body with one to three fields made wrong. */
export const corruptedChatBody = corrupted(validChatBody, PATHS);

/** A well-formed request with hostile values, one made wrong, a real HA-Assist request, or any JSON at all. */
export const chatBody = fc.oneof(
  { arbitrary: withExtraFields(validChatBody), weight: 40 },
  { arbitrary: corruptedChatBody, weight: 30 },
  // Few: an HA-Assist request costs 5–20 ms (recognition, repair, retrieval), the others well under one.
  { arbitrary: withExtraFields(haChatBody), weight: 8 },
  { arbitrary: arbitraryBody, weight: 10 },
);
