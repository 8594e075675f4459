// The zod schema of Ollama's `/api/chat` answers, which an Ollama backend reads: a whole answer or one stream line.

import { z } from 'zod';
import { OllamaAnswerToolCallSchema } from './tool-call.ts';

/** One answer of `/api/chat`: the whole reply, or one NDJSON line of a stream. */
export const OllamaChatChunkSchema = z.looseObject({
  model: z.string().optional(),
  message: z
    .looseObject({
      role: z.string().optional(),
      content: z.string().nullable().optional(),
      thinking: z.string().nullable().optional(),
      tool_calls: z.array(OllamaAnswerToolCallSchema).nullable().optional(),
    })
    .optional(),
  done: z.boolean(),
  done_reason: z.string().optional(),
  prompt_eval_count: z.number().int().nonnegative().optional(),
  eval_count: z.number().int().nonnegative().optional(),
});

/** A parsed `/api/chat` answer or stream line. */
export type OllamaChatChunk = z.infer<typeof OllamaChatChunkSchema>;
