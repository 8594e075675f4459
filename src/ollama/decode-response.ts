// Decodes Ollama's `/api/chat` answers, as an Ollama backend reads them, into our reply and its deltas.

import { firstIssueMessage, safeParseJson } from '../common/index.ts';
import type { Reply, ReplyDelta, ToolCall } from '../conversation/index.ts';
import { finishReasonOf, usageOf } from './done-fields.ts';
import { type OllamaChatChunk, OllamaChatChunkSchema } from './response-schema.ts';
import { ollamaArgumentsText } from './tool-call.ts';

/** A decoded answer, or what was wrong with it. */
export type DecodedOllama<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A whole non-streaming answer as a `Reply`; calls get ids from `newId` unless Ollama named them. */
export function decodeOllamaReply(json: unknown, newId: () => string): DecodedOllama<Reply> {
  const parsed = safeParseJson(OllamaChatChunkSchema, json);
  if (!parsed.success) return { ok: false, problem: firstIssueMessage(parsed.error) };
  const chunk = parsed.data;
  if (!chunk.done) return { ok: false, problem: 'done: the answer is not marked done' };
  const toolCalls = decodeToolCalls(chunk, newId);
  const content = chunk.message?.content;
  const reply: Reply = {
    content: content === undefined || content === null || (content === '' && toolCalls.length > 0) ? null : content,
    toolCalls,
    finishReason: finishReasonOf(chunk.done_reason, toolCalls.length > 0),
  };
  if (chunk.message?.thinking) reply.reasoningContent = chunk.message.thinking;
  const usage = usageOf(chunk);
  if (usage !== undefined) reply.usage = usage;
  return { ok: true, value: reply };
}

/** The content, thinking and tool calls of one stream line; the calls are numbered from `firstIndex`. */
export function decodeOllamaChunkDelta(chunk: OllamaChatChunk, firstIndex: number, newId: () => string): ReplyDelta {
  const delta: ReplyDelta = {};
  if (chunk.message?.thinking) delta.reasoningContent = chunk.message.thinking;
  if (chunk.message?.content) delta.content = chunk.message.content;
  const calls = decodeToolCalls(chunk, newId);
  // Ollama sends every call whole in one line, so each delta is a call's first and only fragment.
  if (calls.length > 0) delta.toolCalls = calls.map((call, offset) => ({ index: firstIndex + offset, ...call }));
  return delta;
}

function decodeToolCalls(chunk: OllamaChatChunk, newId: () => string): ToolCall[] {
  return (chunk.message?.tool_calls ?? []).map((call) => ({
    id: call.id || newId(),
    name: call.function.name,
    arguments: ollamaArgumentsText(call.function.arguments),
  }));
}
