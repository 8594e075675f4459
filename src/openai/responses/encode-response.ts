// Encodes our `Reply` as an OpenAI Responses `response` object and its output items.

import type { Reply, ToolCall, Usage } from '../../conversation/index.ts';
import type { ResponseHeader } from '../encode-response.ts';
import type { ResponseEcho } from './decode-request.ts';

/** A response's lifecycle state, as the `status` field and the closing stream event name it. */
export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

/** The `response` object for `reply`; `metrics` are added top-level when present, as in a chat completion. */
export function encodeResponse(reply: Reply, header: ResponseHeader, echo: ResponseEcho): Record<string, unknown> {
  const body = responseObject(header, echo, statusOf(reply));
  body.output = outputItemsOf(reply, header.id);
  body.incomplete_details = incompleteDetailsOf(reply);
  // A direct answer ran no model: it reports no usage rather than invented token counts.
  if (reply.usage !== undefined) body.usage = encodeResponsesUsage(reply.usage);
  if (reply.metrics !== undefined) body.metrics = reply.metrics;
  return body;
}

/** The envelope of a response in `status`, with no output yet (what `response.created` carries). */
export function responseObject(
  header: ResponseHeader,
  echo: ResponseEcho,
  status: ResponseStatus,
): Record<string, unknown> {
  const createdAt = Math.floor(header.createdMs / 1000);
  return {
    id: header.id,
    object: 'response',
    created_at: createdAt,
    status,
    // The reply is whole when it is encoded, so it completed at the second it was asked for, as far as a
    // client can tell; a stream's snapshot is not complete yet.
    completed_at: status === 'in_progress' ? null : createdAt,
    error: null,
    incomplete_details: null,
    model: header.model,
    output: [],
    ...echo,
  };
}

/** `completed`, or `incomplete` when the model stopped at the token limit or a content filter. */
export function statusOf(reply: Pick<Reply, 'finishReason'>): ResponseStatus {
  return reply.finishReason === 'length' || reply.finishReason === 'content_filter' ? 'incomplete' : 'completed';
}

/** Why a response is incomplete, or null when it completed. */
export function incompleteDetailsOf(reply: Pick<Reply, 'finishReason'>): Record<string, string> | null {
  if (reply.finishReason === 'length') return { reason: 'max_output_tokens' };
  if (reply.finishReason === 'content_filter') return { reason: 'content_filter' };
  return null;
}

/** The output items of a reply: its reasoning, its text (always, when it made no calls), then each call. */
export function outputItemsOf(reply: Reply, responseId: string): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  if (reply.reasoningContent) items.push(reasoningItem(itemId('rs', responseId, 0), reply.reasoningContent));
  if (reply.content || reply.toolCalls.length === 0) {
    items.push(messageItem(itemId('msg', responseId, 0), reply.content ?? '', 'completed'));
  }
  reply.toolCalls.forEach((call, index) => {
    items.push(functionCallItem(itemId('fc', responseId, index), call, 'completed'));
  });
  return items;
}

/** An output item's id, derived from the response id so it needs no id source: `msg_X`, `fc_X_1`, … */
export function itemId(prefix: 'msg' | 'fc' | 'rs', responseId: string, index: number): string {
  const base = responseId.startsWith('resp_') ? responseId.slice('resp_'.length) : responseId;
  return index === 0 ? `${prefix}_${base}` : `${prefix}_${base}_${index}`;
}

/** An `output_text` content part. */
export function outputTextPart(text: string): Record<string, unknown> {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

/** An assistant `message` item with one `output_text` part (none while a stream has not started it). */
export function messageItem(id: string, text: string | undefined, status: ResponseStatus): Record<string, unknown> {
  return {
    type: 'message',
    id,
    status,
    role: 'assistant',
    content: text === undefined ? [] : [outputTextPart(text)],
  };
}

/** A `function_call` item. */
export function functionCallItem(id: string, call: ToolCall, status: ResponseStatus): Record<string, unknown> {
  return { type: 'function_call', id, call_id: call.id, name: call.name, arguments: call.arguments, status };
}

/** A `reasoning` item with the thinking text as one `reasoning_text` part (none while a stream starts it). */
export function reasoningItem(id: string, text: string | undefined): Record<string, unknown> {
  return {
    type: 'reasoning',
    id,
    summary: [],
    content: text === undefined ? [] : [{ type: 'reasoning_text', text }],
  };
}

/** Usage in the Responses' spelling. */
export function encodeResponsesUsage(usage: Usage): Record<string, unknown> {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.totalTokens,
  };
}
