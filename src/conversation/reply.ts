// What we answer: a whole reply, or the deltas of a streamed one.

import type { ToolCall } from './tool.ts';

/** Token counts, only when a model actually ran; a direct answer has none. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** Why generation ended, in OpenAI's words (`stop`, `length`, `tool_calls`, `content_filter`). */
export type FinishReason = string;

/** A complete answer to a turn. */
export interface Reply {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  /** A reasoning model's thinking text, when the backend reports it separately. */
  reasoningContent?: string;
  usage?: Usage;
  /**
   * HA-Assist diagnostics (`ha_route`, …). Keys use the documented wire names because they are
   * diagnostics output, not data the program reasons about.
   */
  metrics?: Record<string, unknown>;
}

/** A fragment of a tool call in a stream; `createToolCallAssembler` says how fragments make up a call. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
}

/** One step of a streamed reply; every field is optional and they may come together. */
export interface ReplyDelta {
  content?: string;
  reasoningContent?: string;
  toolCalls?: ToolCallDelta[];
  finishReason?: FinishReason;
  usage?: Usage;
}

/** The deltas that stream a complete reply: its text, then each tool call whole, then the finish. */
export function deltasOfReply(reply: Reply): ReplyDelta[] {
  const deltas: ReplyDelta[] = [];
  if (reply.reasoningContent) deltas.push({ reasoningContent: reply.reasoningContent });
  if (reply.content) deltas.push({ content: reply.content });
  reply.toolCalls.forEach((call, index) => {
    deltas.push({ toolCalls: [{ index, id: call.id, name: call.name, arguments: call.arguments }] });
  });
  deltas.push({ finishReason: reply.finishReason });
  if (reply.usage) deltas.push({ usage: reply.usage });
  return deltas;
}
