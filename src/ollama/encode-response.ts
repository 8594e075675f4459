// Encodes our `Reply` as Ollama's `/api/chat` answer: the message, `done`, its reason and the counts.

import { HearthError } from '../common/index.ts';
import type { Reply, ToolCall } from '../conversation/index.ts';
import { doneFields } from './done-fields.ts';
import { encodeOllamaToolCall } from './tool-call.ts';

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
  if (reply.toolCalls.length > 0) message.tool_calls = reply.toolCalls.map(encodeAnsweredToolCall);
  const body: Record<string, unknown> = {
    model: header.model,
    created_at: new Date(header.createdMs).toISOString(),
    message,
    ...doneFields(reply.finishReason, reply.usage, header.totalDurationNs),
  };
  if (reply.metrics !== undefined) body.metrics = reply.metrics;
  return body;
}

/** A model's tool call as we answer it; arguments that are no JSON object are the model's failure. */
export function encodeAnsweredToolCall(call: Pick<ToolCall, 'name' | 'arguments'>): Record<string, unknown> {
  return encodeOllamaToolCall(
    call,
    () =>
      new HearthError(
        'BACKEND_BAD_TOOL_ARGUMENTS',
        `the model called '${call.name}' with arguments that are not a JSON object`,
      ),
  );
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
