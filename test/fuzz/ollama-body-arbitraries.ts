// Ollama `/api/chat` request bodies for fuzzing: coherent ones with hostile values, and copies with a field made wrong.

import fc from 'fast-check';
import {
  anyString,
  corrupted,
  nastyJson,
  nastyKey,
  nastyNumber,
  nastyString,
  withExtraFields,
} from './hostile-values.ts';
import { arbitraryBody } from './hostile-values.ts';
import { haChatBody, toOllamaBody } from './ha-bodies.ts';
import { sentence } from './ha-sentences.ts';

/** Ollama names: with and without a tag, the harness's models, near misses and unknown ones. */
const modelName = fc.oneof(
  {
    arbitrary: fc.constantFrom('HA-Assist', 'HA-Assist:latest', 'gemma', 'gemma:latest', 'qwen-vl', 'qwen-vl:latest'),
    weight: 12,
  },
  { arbitrary: fc.constantFrom('ha-assist', 'gemma:7b', 'nope', ':latest', 'gemma:', 'HA-Assist:latest:x'), weight: 1 },
);

const text = fc.oneof({ arbitrary: sentence, weight: 3 }, { arbitrary: anyString, weight: 2 });
const nonEmpty = nastyString.filter((value) => value !== '');

/** Images as Ollama carries them: bare base64, or something that is not. */
const image = fc.oneof(
  { arbitrary: fc.constantFrom('iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo=', 'AAAA'), weight: 8 },
  { arbitrary: fc.constantFrom('%%%', '===='), weight: 1 },
  { arbitrary: nonEmpty, weight: 1 },
);

/** A re-sent tool call: arguments as an object, or as text. */
const toolCall = fc.record({
  function: fc.record(
    {
      name: fc.oneof(fc.constantFrom('HassTurnOn', 'HassTurnOff', 'GetLiveContext'), nonEmpty),
      arguments: fc.option(
        fc.oneof(
          fc.constant({ name: 'Living Room Light', domain: ['light'] }),
          fc.dictionary(nastyKey, nastyJson(2), { maxKeys: 4 }),
          nastyString,
        ),
      ),
    },
    { requiredKeys: ['name'] },
  ),
});

/** A well-formed message of any role. */
const message = fc.record(
  {
    role: fc.constantFrom('system', 'developer', 'user', 'user', 'user', 'assistant', 'tool'),
    content: fc.option(text, { freq: 10 }),
    images: fc.option(fc.array(image, { maxLength: 2 })),
    tool_calls: fc.option(fc.array(toolCall, { maxLength: 3 })),
    tool_name: nastyString,
    thinking: fc.option(nastyString),
  },
  { requiredKeys: ['role', 'content'] },
);

const tool = fc.record({
  type: fc.constant('function'),
  function: fc.record(
    {
      name: fc.oneof(fc.constantFrom('HassTurnOn', 'HassTurnOff', 'GetLiveContext', 'get_weather'), nonEmpty),
      description: nastyString,
      parameters: fc.oneof(
        fc.constant({ type: 'object', properties: { name: { type: 'string' } } }),
        fc.dictionary(nastyKey, nastyJson(3), { maxKeys: 4 }),
      ),
    },
    { requiredKeys: ['name'] },
  ),
});

/** A coherent body (streaming unless `stream: false`, as in Ollama). */
export const validOllamaBody: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    model: modelName,
    messages: fc.option(fc.array(message, { maxLength: 5 }), { freq: 12 }),
    tools: fc.option(fc.uniqueArray(tool, { selector: (item) => item.function.name, maxLength: 4 })),
    stream: fc.option(fc.boolean(), { freq: 4 }),
    format: fc.option(fc.oneof(fc.constantFrom('json', ''), fc.dictionary(nastyKey, nastyJson(2), { maxKeys: 3 }))),
    keep_alive: fc.option(fc.oneof(fc.constantFrom('5m', '-1s', '0', 'forever'), fc.integer())),
    think: fc.option(fc.oneof(fc.boolean(), fc.constantFrom('low', 'medium', 'high'))),
    options: fc.option(
      fc.record(
        {
          temperature: fc.option(fc.double({ min: 0, max: 2, noNaN: true })),
          top_p: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
          num_predict: fc.option(fc.integer({ min: -2, max: 100_000 })),
          stop: fc.option(fc.array(nastyString, { maxLength: 3 })),
          seed: fc.option(fc.integer()),
          num_ctx: fc.option(fc.integer({ min: 1, max: 1_000_000 })),
          mirostat: nastyNumber,
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['model'] },
);

/** Where an Ollama body can be made wrong. */
const PATHS: readonly (readonly (string | number)[])[] = [
  ['model'],
  ['messages'],
  ['messages', 0],
  ['messages', 0, 'role'],
  ['messages', 0, 'content'],
  ['messages', -1, 'images'],
  ['messages', -1, 'images', 0],
  ['messages', -1, 'tool_calls'],
  ['messages', -1, 'tool_calls', 0, 'function', 'arguments'],
  ['tools'],
  ['tools', 0, 'function', 'name'],
  ['tools', 0, 'function', 'parameters'],
  ['stream'],
  ['format'],
  ['keep_alive'],
  ['think'],
  ['options'],
  ['options', 'num_predict'],
  ['options', 'num_ctx'],
  ['ha_context'],
];

/** A well-formed body with hostile values, one made wrong, a real HA-Assist request, or any JSON at all. */
export const ollamaBody = fc.oneof(
  { arbitrary: withExtraFields(validOllamaBody), weight: 40 },
  { arbitrary: corrupted(validOllamaBody, PATHS), weight: 30 },
  // Few: an HA-Assist request costs 5–20 ms (recognition, repair, retrieval), the others well under one.
  { arbitrary: withExtraFields(haChatBody.map(toOllamaBody)), weight: 8 },
  { arbitrary: arbitraryBody, weight: 10 },
);
