// Decodes what an OpenAI-compatible server answered (a completion or one stream chunk) into our reply types.

import { firstIssueMessage, safeParseJson } from '../common/index.ts';
import type { Reply, ReplyDelta, ToolCallDelta, Usage } from '../conversation/index.ts';
import {
  ChatCompletionChunkSchema,
  ChatCompletionSchema,
  ErrorBodySchema,
  type ChatCompletion,
} from './response-schema.ts';

/** The outcome of decoding a server's JSON: a value, or why it does not have the expected shape. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A completion as a `Reply`; tool calls without an id get one from `newId`. */
export function decodeChatCompletion(json: unknown, newId: () => string): Decoded<Reply> {
  const parsed = safeParseJson(ChatCompletionSchema, json);
  if (!parsed.success) return { ok: false, problem: firstIssueMessage(parsed.error) };
  const choice = parsed.data.choices[0]!;
  const message = choice.message;
  const toolCalls = (message.tool_calls ?? []).map((call) => ({
    id: call.id ?? newId(),
    name: call.function.name,
    arguments:
      typeof call.function.arguments === 'string'
        ? call.function.arguments
        : JSON.stringify(call.function.arguments ?? {}),
  }));
  const reply: Reply = {
    content: message.content ?? null,
    toolCalls,
    finishReason: choice.finish_reason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
  };
  if (message.reasoning_content) reply.reasoningContent = message.reasoning_content;
  const usage = decodeUsage(parsed.data.usage);
  if (usage !== undefined) reply.usage = usage;
  return { ok: true, value: reply };
}

/** One stream chunk as a delta (only the first choice is read). */
export function decodeChatCompletionChunk(json: unknown): Decoded<ReplyDelta> {
  const parsed = safeParseJson(ChatCompletionChunkSchema, json);
  if (!parsed.success) return { ok: false, problem: firstIssueMessage(parsed.error) };
  const delta: ReplyDelta = {};
  const choice = parsed.data.choices[0];
  const wire = choice?.delta;
  if (wire?.content) delta.content = wire.content;
  if (wire?.reasoning_content) delta.reasoningContent = wire.reasoning_content;
  if (wire?.tool_calls && wire.tool_calls.length > 0) {
    delta.toolCalls = wire.tool_calls.map((call) => {
      const fragment: ToolCallDelta = { index: call.index };
      if (call.id) fragment.id = call.id;
      if (call.function?.name) fragment.name = call.function.name;
      if (call.function?.arguments) fragment.arguments = call.function.arguments;
      return fragment;
    });
  }
  if (choice?.finish_reason) delta.finishReason = choice.finish_reason;
  const usage = decodeUsage(parsed.data.usage);
  if (usage !== undefined) delta.usage = usage;
  return { ok: true, value: delta };
}

/** The message of an upstream error body, if it has one. */
export function decodeErrorMessage(json: unknown): string | undefined {
  const parsed = safeParseJson(ErrorBodySchema, json);
  if (!parsed.success) return undefined;
  const error = parsed.data.error;
  return typeof error === 'string' ? error : error.message;
}

function decodeUsage(usage: ChatCompletion['usage']): Usage | undefined {
  if (usage == null) return undefined;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
  };
}
