// Encodes our `Reply` as Ollama's `/api/chat` answer: the message, `done`, its reason and the counts.

import { HearthError, parseJsonObject } from '../common/index.ts';
import type { FinishReason, Reply, ToolCall, Usage } from '../conversation/index.ts';

/** Who and when an answer is: the model name the client used, the time in ms and how long it took. */
export interface OllamaResponseHeader {
  model: string;
  createdMs: number;
  /** Nanoseconds from the request to the answer, Ollama's `total_duration`. */
  totalDurationNs: number;
}

/** A non-streaming `/api/chat` answer; HA-Assist's `metrics` ride along top-level, as in chat completions. */
export function encodeOllamaChat(reply: Reply, header: OllamaResponseHeader): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? '' };
  if (reply.reasoningContent !== undefined) message.thinking = reply.reasoningContent;
  if (reply.toolCalls.length > 0) message.tool_calls = reply.toolCalls.map(encodeOllamaToolCall);
  const body: Record<string, unknown> = {
    model: header.model,
    created_at: new Date(header.createdMs).toISOString(),
    message,
    ...doneFields(reply.finishReason, reply.usage, header.totalDurationNs),
  };
  if (reply.metrics !== undefined) body.metrics = reply.metrics;
  return body;
}

/** The fields of the final (`done: true`) answer; counts only when a model ran, never invented ones. */
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

/** A tool call as Ollama writes it: no id, and the arguments as an object. */
export function encodeOllamaToolCall(call: Pick<ToolCall, 'name' | 'arguments'>): Record<string, unknown> {
  return { function: { name: call.name, arguments: argumentsObject(call) } };
}

/** Ollama clients read arguments as an object; a model's text that is not one cannot be sent on. */
function argumentsObject(call: Pick<ToolCall, 'name' | 'arguments'>): Record<string, unknown> {
  const parsed = call.arguments.trim() === '' ? {} : parseJsonObject(call.arguments);
  if (parsed === undefined) {
    throw new HearthError(
      'upstream_failure',
      'BACKEND_BAD_TOOL_ARGUMENTS',
      `the model called '${call.name}' with arguments that are not a JSON object`,
    );
  }
  return parsed;
}

/** The answer to a chat with no messages, which Ollama clients send to load a model: nothing to say, loaded. */
export function encodeOllamaLoad(header: Pick<OllamaResponseHeader, 'model' | 'createdMs'>): Record<string, unknown> {
  return {
    model: header.model,
    created_at: new Date(header.createdMs).toISOString(),
    message: { role: 'assistant', content: '' },
    done_reason: 'load',
    done: true,
  };
}
