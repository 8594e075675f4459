// zod schemas of the responses an OpenAI-compatible server sends back: a completion and a stream chunk.

import { z } from 'zod';

/** Token usage as servers report it; llama.cpp and vLLM add fields we ignore. */
export const UsageSchema = z.looseObject({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative().optional(),
});

const ResponseToolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({
    name: z.string(),
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  }),
});

/** A non-streaming chat completion. */
export const ChatCompletionSchema = z.looseObject({
  id: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        index: z.number().int().optional(),
        message: z.looseObject({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          reasoning_content: z.string().nullable().optional(),
          tool_calls: z.array(ResponseToolCallSchema).nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: UsageSchema.nullable().optional(),
});

/** One `chat.completion.chunk` of a stream. */
export const ChatCompletionChunkSchema = z.looseObject({
  id: z.string().optional(),
  choices: z.array(
    z.looseObject({
      index: z.number().int().optional(),
      delta: z
        .looseObject({
          role: z.string().nullable().optional(),
          content: z.string().nullable().optional(),
          reasoning_content: z.string().nullable().optional(),
          tool_calls: z
            .array(
              z.looseObject({
                index: z.number().int().nonnegative(),
                id: z.string().nullable().optional(),
                type: z.string().nullable().optional(),
                function: z
                  .looseObject({ name: z.string().nullable().optional(), arguments: z.string().nullable().optional() })
                  .optional(),
              }),
            )
            .nullable()
            .optional(),
        })
        .optional(),
      finish_reason: z.string().nullable().optional(),
    }),
  ),
  usage: UsageSchema.nullable().optional(),
});

/** The error body an OpenAI-compatible server sends with a 4xx or 5xx. */
export const ErrorBodySchema = z.looseObject({
  error: z.union([z.string(), z.looseObject({ message: z.string().optional(), code: z.unknown().optional() })]),
});

/** A validated upstream completion. */
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;
/** A validated upstream stream chunk. */
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunkSchema>;
