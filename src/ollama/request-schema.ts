// The zod schemas of the Ollama API requests we accept (`/api/chat`, `/api/show`, `/api/embed`): a declarative table.

import { z } from 'zod';
import { OllamaToolCallSchema } from './tool-call.ts';

/** One message; Ollama keeps text in `content` and images apart, as bare base64. */
export const OllamaMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.string().nullable().optional(),
  images: z.array(z.string().min(1)).nullable().optional(),
  tool_calls: z.array(OllamaToolCallSchema).nullable().optional(),
  /** Newer clients name the tool a result belongs to; older ones (Home Assistant's) pair results by order. */
  tool_name: z.string().optional(),
  /** A thinking model's earlier thoughts, echoed back; accepted and dropped. */
  thinking: z.string().nullable().optional(),
});

/** A function tool, in the same shape as OpenAI's. */
export const OllamaToolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1).max(256),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** The generation options we map to our sampling settings; other runner options are accepted and dropped. */
export const OllamaOptionsSchema = z.looseObject({
  temperature: z.number().min(0).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  /** Ollama's `max_tokens`; -1 (unbounded) and -2 (fill the context) mean "no limit" here. */
  num_predict: z.number().int().nullable().optional(),
  stop: z.array(z.string()).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  presence_penalty: z.number().nullable().optional(),
  frequency_penalty: z.number().nullable().optional(),
  num_ctx: z.number().int().positive().nullable().optional(),
});

/** `keep_alive`: a duration such as `"5m"` or `"-1s"`, or seconds (-1 keeps the model loaded). */
const KeepAliveSchema = z.union([z.string(), z.number()]);

/** The `/api/chat` body. */
export const OllamaChatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(OllamaMessageSchema).nullable().optional(),
  tools: z.array(OllamaToolSchema).nullable().optional(),
  /** Absent means streaming, as in Ollama. */
  stream: z.boolean().nullable().optional(),
  /** `"json"`, or a JSON schema the answer must follow. */
  format: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  keep_alive: KeepAliveSchema.nullable().optional(),
  think: z
    .union([z.boolean(), z.enum(['low', 'medium', 'high'])])
    .nullable()
    .optional(),
  options: OllamaOptionsSchema.nullable().optional(),
});

/** The `/api/show` body; older clients send `name` instead of `model`. */
export const OllamaShowRequestSchema = z.looseObject({
  model: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  verbose: z.boolean().optional(),
});

/** The `/api/embed` body. */
export const OllamaEmbedRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string())]),
  truncate: z.boolean().optional(),
  dimensions: z.number().int().positive().optional(),
  keep_alive: KeepAliveSchema.nullable().optional(),
  options: OllamaOptionsSchema.nullable().optional(),
});

/** A validated `/api/chat` body. */
export type OllamaChatRequest = z.infer<typeof OllamaChatRequestSchema>;
/** A validated message of it. */
export type OllamaMessage = z.infer<typeof OllamaMessageSchema>;
/** A validated `/api/show` body. */
export type OllamaShowRequest = z.infer<typeof OllamaShowRequestSchema>;
/** A validated `/api/embed` body. */
export type OllamaEmbedRequest = z.infer<typeof OllamaEmbedRequestSchema>;
