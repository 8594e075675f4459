// An Ollama tool call, both ways: its schemas, its arguments as our JSON text, and our call as Ollama writes it.

import { z } from 'zod';
import { type HearthError, parseJsonObject } from '../common/index.ts';
import type { ToolCall } from '../conversation/index.ts';

/** Arguments are an object in Ollama's format; some clients send the JSON text, and a call without any sends null. */
const ArgumentsSchema = z
  .union([z.record(z.string(), z.unknown()), z.string()])
  .nullable()
  .optional();

/** A tool call in a re-sent assistant message of a request: the client names what it ran. */
export const OllamaToolCallSchema = z.looseObject({
  function: z.looseObject({ name: z.string().min(1), arguments: ArgumentsSchema }),
});

/**
 * A tool call in an answer. Newer Ollama versions give it an id, older ones none; the name is taken as the model
 * wrote it (as chat completions' answers are), and what to do with a nameless call is for the caller to judge.
 */
export const OllamaAnswerToolCallSchema = z.looseObject({
  id: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: ArgumentsSchema }),
});

/** Ollama's arguments as our JSON text: a text as sent, an object serialized, none as `{}`. */
export function ollamaArgumentsText(args: z.infer<typeof ArgumentsSchema>): string {
  if (typeof args === 'string') return args;
  return JSON.stringify(args ?? {});
}

/**
 * A call as Ollama writes it: no id, and the arguments as an object (an empty text is `{}`). Arguments that are not
 * a JSON object cannot be written; `refuse` makes the error, which says whose mistake it is (a model's, a client's).
 */
export function encodeOllamaToolCall(
  call: Pick<ToolCall, 'name' | 'arguments'>,
  refuse: (call: Pick<ToolCall, 'name' | 'arguments'>) => HearthError,
): Record<string, unknown> {
  const parsed = call.arguments.trim() === '' ? {} : parseJsonObject(call.arguments);
  if (parsed === undefined) throw refuse(call);
  return { function: { name: call.name, arguments: parsed } };
}
