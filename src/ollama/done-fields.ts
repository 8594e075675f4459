// The fields of Ollama's final (`done: true`) answer, both ways: why it stopped and the token counts.

import type { FinishReason, Usage } from '../conversation/index.ts';
import type { OllamaChatChunk } from './response-schema.ts';

/** The fields of the final answer we write; counts only when a model ran, never invented ones. */
export function doneFields(
  finishReason: FinishReason | undefined,
  usage: Usage | undefined,
  totalDurationNs: number,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    done: true,
    done_reason: finishReason === 'length' ? 'length' : 'stop',
    total_duration: totalDurationNs,
    load_duration: 0,
  };
  if (usage !== undefined) {
    fields.prompt_eval_count = usage.promptTokens;
    fields.eval_count = usage.completionTokens;
  }
  return fields;
}

/** Our finish reason for Ollama's `done_reason`; tool calls win, as OpenAI reports them. */
export function finishReasonOf(doneReason: string | undefined, hasToolCalls: boolean): FinishReason {
  if (hasToolCalls) return 'tool_calls';
  return doneReason === 'length' ? 'length' : 'stop';
}

/** Token counts from a final answer we read; Ollama leaves `prompt_eval_count` out when the whole prompt was cached. */
export function usageOf(chunk: OllamaChatChunk): Usage | undefined {
  if (chunk.prompt_eval_count === undefined && chunk.eval_count === undefined) return undefined;
  const promptTokens = chunk.prompt_eval_count ?? 0;
  const completionTokens = chunk.eval_count ?? 0;
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}
