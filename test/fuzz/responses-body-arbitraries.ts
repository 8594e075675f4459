// Responses API request bodies for fuzzing: coherent ones with hostile values, and copies with a field made wrong.

import fc from 'fast-check';
import { modelName } from './chat-body-arbitraries.ts';
import { anyString, corrupted, nastyJson, nastyKey, nastyString, withExtraFields } from './hostile-values.ts';
import { arbitraryBody } from './hostile-values.ts';
import { haChatBody, toolCall, toResponsesBody } from './ha-bodies.ts';
import { sentence } from './ha-sentences.ts';

const text = fc.oneof({ arbitrary: sentence, weight: 3 }, { arbitrary: anyString, weight: 2 });
const nonEmpty = nastyString.filter((value) => value !== '');
const callId = fc.oneof(fc.constantFrom('call_1', 'call_2', 'x'), nonEmpty);

const inputPart = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('input_text'), text }), weight: 4 },
  {
    arbitrary: fc.record(
      {
        type: fc.constant('input_image'),
        image_url: fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'http://example.invalid/a.png', 'x'),
        detail: nastyString,
      },
      { requiredKeys: ['type', 'image_url'] },
    ),
    weight: 1,
  },
);

const outputPart = fc.oneof(
  fc.record({ type: fc.constant('output_text'), text }),
  fc.record({ type: fc.constant('refusal'), refusal: text }),
);

/** A well-formed input item: a message (with or without `type`), a function call, its output, or reasoning. */
const inputItem: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  {
    arbitrary: fc
      .record({
        type: fc.constantFrom('message', undefined),
        role: fc.constantFrom('user', 'system', 'developer'),
        content: fc.oneof(text, fc.array(inputPart, { maxLength: 3 })),
      })
      .map(({ type, ...item }) => (type === undefined ? item : { type, ...item })),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('message'),
      role: fc.constant('assistant'),
      content: fc.oneof(text, fc.array(outputPart, { maxLength: 3 })),
    }),
    weight: 2,
  },
  {
    arbitrary: toolCall.map((call) => ({
      type: 'function_call',
      call_id: call.id === '' ? 'call_1' : call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    })),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('function_call_output'),
      call_id: callId,
      output: fc.oneof(text, fc.array(inputPart, { maxLength: 2 })),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ type: fc.constant('reasoning'), summary: nastyJson(2) }), weight: 1 },
);

/** A flat function tool. */
const tool = fc.record(
  {
    type: fc.constant('function'),
    name: fc.oneof(fc.constantFrom('HassTurnOn', 'HassTurnOff', 'GetLiveContext', 'get_weather'), nonEmpty),
    description: fc.option(nastyString),
    parameters: fc.option(
      fc.oneof(
        fc.constant({ type: 'object', properties: { name: { type: 'string' } } }),
        fc.dictionary(nastyKey, nastyJson(3), { maxKeys: 4 }),
      ),
    ),
    strict: fc.option(fc.boolean()),
  },
  { requiredKeys: ['type', 'name'] },
);

const textFormat = fc.oneof(
  fc.constant({ type: 'text' }),
  fc.constant({ type: 'json_object' }),
  fc.record({ type: fc.constant('json_schema'), name: nonEmpty, schema: fc.dictionary(nastyKey, nastyJson(2)) }),
);

/** A coherent Responses body: valid fields, distinct tool names, a tool_choice that names an offered tool. */
export const validResponsesBody: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      model: modelName,
      input: fc.oneof(text, fc.array(inputItem, { minLength: 1, maxLength: 5 })),
      instructions: fc.option(text),
      tools: fc.uniqueArray(tool, { selector: (item) => item.name, maxLength: 4 }),
      tool_choice: fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.nat()),
      parallel_tool_calls: fc.option(fc.boolean()),
      stream: fc.option(fc.boolean()),
      max_output_tokens: fc.option(fc.integer({ min: 1, max: 100_000 })),
      temperature: fc.option(fc.double({ min: 0, max: 2, noNaN: true })),
      top_p: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
      text: fc.option(fc.record({ format: textFormat }, { requiredKeys: [] })),
      user: nastyString,
      store: fc.option(fc.boolean()),
      metadata: fc.option(fc.dictionary(nastyKey, nastyString, { maxKeys: 3 })),
      include: fc.option(fc.array(nastyString, { maxLength: 2 })),
      truncation: fc.option(fc.constantFrom('auto', 'disabled')),
      reasoning: fc.option(fc.dictionary(nastyKey, nastyJson(1), { maxKeys: 2 })),
    },
    { requiredKeys: ['model', 'input'] },
  )
  .map((body) => {
    const { tool_choice: choice, ...rest } = body;
    const tools = rest.tools ?? [];
    if (choice === undefined) return rest;
    if (typeof choice === 'string')
      return choice === 'required' && tools.length === 0 ? rest : { ...rest, tool_choice: choice };
    return tools.length === 0
      ? rest
      : { ...rest, tool_choice: { type: 'function', name: tools[choice % tools.length]!.name } };
  });

/** Where a Responses body can be made wrong. */
const PATHS: readonly (readonly (string | number)[])[] = [
  ['model'],
  ['input'],
  ['input', 0],
  ['input', 0, 'type'],
  ['input', 0, 'role'],
  ['input', 0, 'content'],
  ['input', -1, 'content', 0],
  ['input', -1, 'call_id'],
  ['input', -1, 'arguments'],
  ['input', -1, 'output'],
  ['instructions'],
  ['tools'],
  ['tools', 0, 'name'],
  ['tools', 0, 'parameters'],
  ['tool_choice'],
  ['stream'],
  ['text'],
  ['text', 'format'],
  ['max_output_tokens'],
  ['temperature'],
  ['metadata'],
  ['previous_response_id'],
  ['ha_context'],
];

/** A well-formed body with hostile values, one made wrong, a real HA-Assist request, or any JSON at all. */
export const responsesBody = fc.oneof(
  { arbitrary: withExtraFields(validResponsesBody), weight: 40 },
  { arbitrary: corrupted(validResponsesBody, PATHS), weight: 30 },
  // Few: an HA-Assist request costs 5–20 ms (recognition, repair, retrieval), the others well under one.
  { arbitrary: withExtraFields(haChatBody.map(toResponsesBody)), weight: 8 },
  { arbitrary: arbitraryBody, weight: 10 },
);
