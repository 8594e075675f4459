// The zod schema of the OpenAI Responses request we accept (a declarative table of the wire shape).

import { z } from 'zod';

/** An `input_text` part (user, system and developer messages, tool outputs). */
const InputTextPartSchema = z.object({ type: z.literal('input_text'), text: z.string() });

/** An `input_image` part by URL or `data:` URL; images by `file_id` need OpenAI's file store. */
const InputImagePartSchema = z.object({
  type: z.literal('input_image'),
  image_url: z.string().min(1),
  detail: z.string().optional(),
});

/** An `output_text` part: a model's earlier answer, re-sent in an assistant message. */
const OutputTextPartSchema = z.object({ type: z.literal('output_text'), text: z.string() });

/** A `refusal` part: a model's earlier refusal, re-sent in an assistant message. */
const RefusalPartSchema = z.object({ type: z.literal('refusal'), refusal: z.string() });

/** Any content part of a message item. */
export const ResponsesPartSchema = z.discriminatedUnion('type', [
  InputTextPartSchema,
  InputImagePartSchema,
  OutputTextPartSchema,
  RefusalPartSchema,
]);

/** A message item; `type: 'message'` may be left out (OpenAI's "easy input message"). */
const MessageItemSchema = z.object({
  type: z.literal('message'),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(ResponsesPartSchema)]),
});

/** A function call the model made, re-sent by the client. */
const FunctionCallItemSchema = z.object({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
});

/** The client's result of one function call. */
const FunctionCallOutputItemSchema = z.object({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  output: z.union([z.string(), z.array(z.discriminatedUnion('type', [InputTextPartSchema, InputImagePartSchema]))]),
});

/** A reasoning item of an earlier response: accepted and dropped, as chat's `reasoning_content` is. */
const ReasoningItemSchema = z.looseObject({ type: z.literal('reasoning') });

/** Any input item; the `type` decides the shape. */
export const InputItemSchema = z.preprocess(
  (item) =>
    typeof item === 'object' && item !== null && !('type' in item) && 'role' in item
      ? { ...item, type: 'message' }
      : item,
  z.discriminatedUnion('type', [
    MessageItemSchema,
    FunctionCallItemSchema,
    FunctionCallOutputItemSchema,
    ReasoningItemSchema,
  ]),
);

/** A function tool in the Responses' flat shape (no `function` wrapper). */
export const ResponsesToolSchema = z.object({
  type: z.literal('function'),
  name: z.string().min(1).max(256),
  description: z.string().nullable().optional(),
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  strict: z.boolean().nullable().optional(),
});

/** `tool_choice`: a mode or one named function (flat, as in the tool). */
export const ResponsesToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), name: z.string().min(1) }),
]);

/** `text.format`: plain text, JSON, or a JSON schema (flat: `name`, `schema`, `strict` beside `type`). */
const TextFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.looseObject({ type: z.literal('json_schema'), name: z.string().min(1), schema: z.record(z.string(), z.unknown()) }),
]);

/**
 * The whole request body. Fields listed here are interpreted or deliberately dropped (OpenAI-hosted
 * features with no meaning for a local model); unknown top-level fields travel in `Turn.extra`, as in chat.
 */
export const ResponsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(InputItemSchema).min(1)]),
  instructions: z.string().nullable().optional(),
  tools: z.array(ResponsesToolSchema).optional(),
  tool_choice: ResponsesToolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  max_output_tokens: z.number().int().min(1).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  text: z.looseObject({ format: TextFormatSchema.optional() }).nullable().optional(),
  user: z.string().optional(),
  // Accepted and dropped: nothing is stored, so `store: true` only changes what OpenAI would keep.
  store: z.boolean().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  include: z.array(z.string()).nullable().optional(),
  truncation: z.enum(['auto', 'disabled']).nullable().optional(),
  reasoning: z.looseObject({}).nullable().optional(),
  service_tier: z.string().nullable().optional(),
  safety_identifier: z.string().nullable().optional(),
  prompt_cache_key: z.string().nullable().optional(),
  stream_options: z.looseObject({}).nullable().optional(),
  top_logprobs: z.number().int().nullable().optional(),
});

/** A validated Responses request body. */
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;
/** A validated input item. */
export type InputItem = z.infer<typeof InputItemSchema>;
/** A validated content part of a message item. */
export type ResponsesPart = z.infer<typeof ResponsesPartSchema>;
