// Ollama's native chat wire format (`/api/chat`): a Turn encoded as its request, its answers decoded as our reply types.

import { z } from 'zod';
import { definedProps, firstIssueMessage, HearthError, isRecord, parseJsonObject } from '../common/index.ts';
import {
  textOf,
  type Message,
  type MessageContent,
  type Reply,
  type ReplyDelta,
  type ToolCall,
  type ToolDefinition,
  type Turn,
  type Usage,
} from '../conversation/index.ts';
import type { Decoded } from '../openai/index.ts';

/** The Ollama-only settings of a request, beside the turn itself. */
export interface OllamaRequestSettings {
  /** The model name Ollama knows, e.g. `qwen3:4b`. */
  model: string;
  stream: boolean;
  /** Ollama's `think`: whether (or how hard) a thinking model thinks; absent leaves the model's default. */
  think?: boolean | 'low' | 'medium' | 'high';
  /** Ollama's `options.num_ctx`: the context window to load the model with. */
  numCtx?: number;
  /** Ollama's `keep_alive`: how long the model stays loaded after the call, e.g. `30m` or seconds. */
  keepAlive?: string | number;
}

const OllamaToolCallSchema = z.looseObject({
  /** Newer Ollama versions name their calls; older ones do not. */
  id: z.string().optional(),
  function: z.looseObject({
    name: z.string(),
    arguments: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .nullable()
      .optional(),
  }),
});

/** One answer of `/api/chat`: the whole reply, or one NDJSON line of a stream. */
export const OllamaChatChunkSchema = z.looseObject({
  model: z.string().optional(),
  message: z
    .looseObject({
      role: z.string().optional(),
      content: z.string().nullable().optional(),
      thinking: z.string().nullable().optional(),
      tool_calls: z.array(OllamaToolCallSchema).nullable().optional(),
    })
    .optional(),
  done: z.boolean(),
  done_reason: z.string().optional(),
  prompt_eval_count: z.number().int().nonnegative().optional(),
  eval_count: z.number().int().nonnegative().optional(),
});

/** A parsed `/api/chat` answer or stream line. */
export type OllamaChatChunk = z.infer<typeof OllamaChatChunkSchema>;

/** The `/api/chat` request body for `turn`. Throws an invalid-request error for what Ollama cannot take. */
export function encodeOllamaChatRequest(turn: Turn, settings: OllamaRequestSettings): Record<string, unknown> {
  const toolNames = toolNamesById(turn.messages);
  const body: Record<string, unknown> = {
    model: settings.model,
    messages: turn.messages.map((message, index) => encodeMessage(message, index, toolNames)),
    stream: settings.stream,
  };
  const tools = offeredTools(turn);
  if (tools.length > 0) body.tools = tools.map(encodeTool);
  // An Ollama client's own fields win: a request that came in through Ollama's API passes through natively.
  const native = turn.ollama;
  const options = { ...encodeOptions(turn, settings), ...native?.options };
  if (Object.keys(options).length > 0) body.options = options;
  const format = encodeFormat(turn.responseFormat);
  if (format !== undefined) body.format = format;
  const think = native?.think ?? settings.think;
  if (think !== undefined) body.think = think;
  const keepAlive = native?.keepAlive ?? settings.keepAlive;
  if (keepAlive !== undefined) body.keep_alive = keepAlive;
  return body;
}

/** A whole non-streaming answer as a `Reply`; calls get ids from `newId` unless Ollama named them. */
export function decodeOllamaReply(json: unknown, newId: () => string): Decoded<Reply> {
  const parsed = OllamaChatChunkSchema.safeParse(json);
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

/** Our finish reason for Ollama's `done_reason`; tool calls win, as OpenAI reports them. */
export function finishReasonOf(doneReason: string | undefined, hasToolCalls: boolean): string {
  if (hasToolCalls) return 'tool_calls';
  return doneReason === 'length' ? 'length' : 'stop';
}

/** Token counts from the final answer; Ollama leaves `prompt_eval_count` out when the whole prompt was cached. */
export function usageOf(chunk: OllamaChatChunk): Usage | undefined {
  if (chunk.prompt_eval_count === undefined && chunk.eval_count === undefined) return undefined;
  const promptTokens = chunk.prompt_eval_count ?? 0;
  const completionTokens = chunk.eval_count ?? 0;
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/** Ollama's error text when `json` is its `{"error": "..."}` body, else undefined. */
export function ollamaErrorOf(json: unknown): string | undefined {
  if (!isRecord(json) || !('error' in json)) return undefined;
  const error = json.error;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

function decodeToolCalls(chunk: OllamaChatChunk, newId: () => string): ToolCall[] {
  return (chunk.message?.tool_calls ?? []).map((call) => {
    const args = call.function.arguments;
    return {
      id: call.id || newId(),
      name: call.function.name,
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    };
  });
}

function encodeMessage(message: Message, index: number, toolNames: Map<string, string>): Record<string, unknown> {
  const path = `messages[${index}]`;
  switch (message.role) {
    case 'system':
    case 'developer':
      // Ollama's templates know no `developer` role; it is the system prompt under a newer name.
      return { role: 'system', ...encodeContent(message.content, path) };
    case 'user':
      return { role: 'user', ...encodeContent(message.content, path) };
    case 'assistant': {
      const encoded: Record<string, unknown> = { role: 'assistant', ...encodeContent(message.content, path) };
      if (message.toolCalls.length > 0) {
        encoded.tool_calls = message.toolCalls.map((call, callIndex) => ({
          function: {
            name: call.name,
            arguments: argumentsObject(call, `${path}.tool_calls[${callIndex}].function.arguments`),
          },
        }));
      }
      return encoded;
    }
    case 'tool': {
      const encoded: Record<string, unknown> = { role: 'tool', ...encodeContent(message.content, path) };
      const toolName =
        (message.toolCallId === undefined ? undefined : toolNames.get(message.toolCallId)) ?? message.name;
      if (toolName !== undefined) encoded.tool_name = toolName;
      return encoded;
    }
  }
}

/** Ollama takes one text per message and its images apart, as bare base64. */
function encodeContent(content: MessageContent | null, path: string): { content: string; images?: string[] } {
  const images: string[] = [];
  if (Array.isArray(content)) {
    content.forEach((part, partIndex) => {
      if (part.kind === 'image') images.push(base64OfImage(part.url, `${path}.content[${partIndex}].image_url.url`));
    });
  }
  return images.length > 0 ? { content: textOf(content), images } : { content: textOf(content) };
}

/** The base64 payload of a `data:` URL; other URLs would have to be fetched, which we do not do. */
function base64OfImage(url: string, param: string): string {
  const match = /^data:([^,]*),(.*)$/s.exec(url);
  if (match === null) {
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? 'this kind of';
    throw new HearthError(
      'invalid_request',
      'IMAGE_URL_UNSUPPORTED',
      `${param}: ${scheme} image URLs are not fetched for Ollama backends; send the image inline as a data: URL (data:image/png;base64,...).`,
      { param },
    );
  }
  const [, meta = '', payload = ''] = match;
  if (meta.split(';').includes('base64')) return payload.replace(/\s+/g, '');
  return Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
}

/** Ollama wants tool-call arguments as an object, where we keep the JSON text. */
function argumentsObject(call: ToolCall, param: string): Record<string, unknown> {
  const parsed = call.arguments.trim() === '' ? {} : parseJsonObject(call.arguments);
  if (parsed === undefined) {
    throw new HearthError(
      'invalid_request',
      'INVALID_TOOL_ARGUMENTS',
      `${param}: the arguments of tool call '${call.name}' must be a JSON object for Ollama backends.`,
      { param },
    );
  }
  return parsed;
}

/** Ollama pairs a tool result with its call by tool name, not by id. */
function toolNamesById(messages: readonly Message[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.toolCalls) names.set(call.id, call.name);
  }
  return names;
}

/**
 * The tools to send. Ollama has no `tool_choice`: `none` sends no tools, a named tool is the only one
 * offered, and `required` cannot be enforced, so it offers them all like `auto`.
 */
function offeredTools(turn: Turn): ToolDefinition[] {
  const choice = turn.toolChoice;
  if (choice === 'none') return [];
  if (typeof choice === 'object') return turn.tools.filter((tool) => tool.name === choice.name);
  return turn.tools;
}

function encodeTool(tool: ToolDefinition): Record<string, unknown> {
  return {
    type: 'function',
    function: definedProps({
      name: tool.name,
      description: tool.description,
      // Ollama's chat templates render the schema, so an absent one is sent as an empty object schema.
      parameters: tool.parameters ?? { type: 'object', properties: {} },
    }),
  };
}

function encodeOptions(turn: Turn, settings: OllamaRequestSettings): Record<string, unknown> {
  const s = turn.sampling;
  return definedProps({
    temperature: s.temperature,
    top_p: s.topP,
    num_predict: s.maxTokens,
    stop: s.stop,
    seed: s.seed,
    presence_penalty: s.presencePenalty,
    frequency_penalty: s.frequencyPenalty,
    num_ctx: settings.numCtx,
  });
}

/** OpenAI's `response_format` as Ollama's `format`: `"json"`, or the JSON schema itself. */
function encodeFormat(responseFormat: Record<string, unknown> | undefined): unknown {
  if (responseFormat?.type === 'json_object') return 'json';
  if (responseFormat?.type === 'json_schema') {
    const schema = (responseFormat.json_schema as { schema?: unknown } | undefined)?.schema;
    return schema ?? 'json';
  }
  return undefined;
}
