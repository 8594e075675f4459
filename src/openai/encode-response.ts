// Encodes our `Reply` as an OpenAI chat completion, and the model list.

import type { Reply, ToolCall, Usage } from '../conversation/index.ts';

/** Who and when a response is: the id, the model name the client used, and the time in ms. */
export interface ResponseHeader {
  id: string;
  model: string;
  createdMs: number;
}

/** A `chat.completion` object for `reply`; `metrics` are added top-level when present. */
export function encodeChatCompletion(reply: Reply, header: ResponseHeader): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content };
  if (reply.reasoningContent !== undefined) message.reasoning_content = reply.reasoningContent;
  if (reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map(encodeToolCall);
  }
  const body: Record<string, unknown> = {
    id: header.id,
    object: 'chat.completion',
    created: Math.floor(header.createdMs / 1000),
    model: header.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: reply.finishReason }],
  };
  // A direct answer ran no model: it reports no usage rather than invented token counts.
  if (reply.usage !== undefined) body.usage = encodeUsage(reply.usage);
  if (reply.metrics !== undefined) body.metrics = reply.metrics;
  return body;
}

/** A tool call in wire form, as an assistant message carries it (in a completion or a request's history). */
export function encodeToolCall(call: ToolCall): Record<string, unknown> {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
}

/** Usage in wire spelling. */
export function encodeUsage(usage: Usage): Record<string, number> {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
  };
}

/** The `GET /v1/models` list for the given model names. */
export function encodeModelList(
  models: readonly { id: string; ownedBy: string }[],
  createdMs: number,
): Record<string, unknown> {
  return { object: 'list', data: models.map((model) => encodeModel(model, createdMs)) };
}

/** One `model` object, as `GET /v1/models/{id}` answers and the list holds. */
export function encodeModel(model: { id: string; ownedBy: string }, createdMs: number): Record<string, unknown> {
  return { id: model.id, object: 'model', created: Math.floor(createdMs / 1000), owned_by: model.ownedBy };
}
