// The zod schema of the OpenAI chat-completions request we accept (a declarative table of the wire shape).

import { z } from 'zod';

/** A `text` content part. */
export const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });

/** An `image_url` content part; some clients send the URL as a bare string. */
export const ImagePartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.union([z.object({ url: z.string().min(1), detail: z.string().optional() }), z.string().min(1)]),
});

/** Any content part we accept. */
export const ContentPartSchema = z.discriminatedUnion('type', [TextPartSchema, ImagePartSchema]);

/** User content: a string or an array of text and image parts. */
export const UserContentSchema = z.union([z.string(), z.array(ContentPartSchema)]);

/** Content that can only be text: a string or an array of text parts. */
export const TextContentSchema = z.union([z.string(), z.array(TextPartSchema)]);

/** A tool call inside an assistant message; `arguments` may be an object in lenient clients. */
export const ToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function').optional(),
  function: z.object({
    name: z.string().min(1),
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
  }),
});

const SystemMessageSchema = z.object({
  role: z.enum(['system', 'developer']),
  content: TextContentSchema,
  name: z.string().optional(),
});

const UserMessageSchema = z.object({
  role: z.literal('user'),
  content: UserContentSchema,
  name: z.string().optional(),
});

const AssistantMessageSchema = z.object({
  role: z.literal('assistant'),
  content: TextContentSchema.nullable().optional(),
  tool_calls: z.array(ToolCallSchema).optional(),
  name: z.string().optional(),
  // Accepted and dropped: echoes of a model's own output fields some clients send back.
  refusal: z.string().nullable().optional(),
  reasoning_content: z.string().nullable().optional(),
});

const ToolMessageSchema = z.object({
  role: z.literal('tool'),
  tool_call_id: z.string().min(1),
  content: TextContentSchema,
  name: z.string().optional(),
});

/** Any message; the role decides the shape. */
export const MessageSchema = z.discriminatedUnion('role', [
  SystemMessageSchema,
  UserMessageSchema,
  AssistantMessageSchema,
  ToolMessageSchema,
]);

/** A function tool offered by the client. */
export const ToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().min(1).max(256),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});

/** `tool_choice`: a mode or one named function. */
export const ToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) }),
]);

/** The whole request body; unknown top-level fields are kept for pass-through. */
export const ChatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(MessageSchema).min(1),
  tools: z.array(ToolSchema).optional(),
  tool_choice: ToolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: z.number().int().min(1).nullable().optional(),
  max_completion_tokens: z.number().int().min(1).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  n: z.number().int().min(1).max(128).nullable().optional(),
  stop: z
    .union([z.string(), z.array(z.string()).max(4)])
    .nullable()
    .optional(),
  seed: z.number().int().nullable().optional(),
  presence_penalty: z.number().min(-2).max(2).nullable().optional(),
  frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
  response_format: z.looseObject({ type: z.string() }).optional(),
  user: z.string().optional(),
});

/** A validated chat-completions request body. */
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;
/** A validated request message. */
export type RequestMessage = z.infer<typeof MessageSchema>;
/** Validated message content: text, or text and image parts (text-only content is a subset). */
export type UserContent = z.infer<typeof UserContentSchema>;
