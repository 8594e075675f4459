// Decodes an Ollama `/api/chat` request body into our `Turn`: the same turn chat completions would give.

import { HearthError } from '../common/index.ts';
import type {
  ContentPart,
  Message,
  MessageContent,
  OllamaNative,
  Sampling,
  ToolCall,
  Turn,
} from '../conversation/index.ts';
import { modelNotFoundMessage } from './error-body.ts';
import { resolveOllamaModel } from './model-name.ts';
import { parseOllamaRequest } from './parse-request.ts';
import { OllamaChatRequestSchema, type OllamaChatRequest, type OllamaMessage } from './request-schema.ts';

/** A decoded chat request: the turn, and the model name as the client wrote it (answers echo it). */
export interface OllamaChatTurn {
  turn: Turn;
  modelName: string;
}

/**
 * Validates `body` and converts it to a `Turn` for the model among `modelIds` it names. `think`, `keep_alive` and
 * the raw `options` ride along as the turn's `ollama` fields: a physical Ollama model gets them as sent; HA-Assist
 * and other backends do not (HA-Assist's model is loaded as hearth's configuration says).
 */
export function decodeOllamaChatRequest(body: unknown, modelIds: readonly string[]): OllamaChatTurn {
  const request = parseOllamaRequest(OllamaChatRequestSchema, body);
  const model = resolveOllamaModel(request.model, modelIds);
  if (model === undefined) {
    throw new HearthError('not_found', 'MODEL_NOT_FOUND', modelNotFoundMessage(request.model), { param: 'model' });
  }
  const turn: Turn = {
    model,
    messages: decodeMessages(request.messages ?? []),
    tools: decodeTools(request),
    stream: request.stream ?? true,
    includeUsage: false,
    sampling: decodeSampling(request),
    extra: {},
  };
  const responseFormat = decodeFormat(request.format);
  if (responseFormat !== undefined) turn.responseFormat = responseFormat;
  const native = nativeFieldsOf(request);
  if (native !== undefined) turn.ollama = native;
  return { turn, modelName: request.model };
}

/** The request's Ollama-only fields, or undefined when it has none. */
function nativeFieldsOf(request: OllamaChatRequest): OllamaNative | undefined {
  const native: OllamaNative = {};
  if (request.think != null) native.think = request.think;
  if (request.keep_alive != null) native.keepAlive = request.keep_alive;
  if (request.options != null && Object.keys(request.options).length > 0) native.options = { ...request.options };
  return Object.keys(native).length === 0 ? undefined : native;
}

/** The id given to call `call` of message `message`: the same request always gets the same ids. */
export function ollamaToolCallId(message: number, call: number): string {
  return `call_m${message}_${call}`;
}

/**
 * Ollama's calls have no ids and its results carry none (Home Assistant's), or only the tool's name: each
 * call gets an id by position, and each result the id of the first unanswered call of the latest assistant
 * message (with that tool name, when the result names one).
 */
function decodeMessages(messages: readonly OllamaMessage[]): Message[] {
  const state: PairingState = { unanswered: [] };
  return messages.map((message, index) => decodeMessage(message, index, state));
}

/** The calls of the latest assistant message that no result has answered yet. */
interface PairingState {
  unanswered: ToolCall[];
}

function decodeMessage(message: OllamaMessage, index: number, state: PairingState): Message {
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: message.role, content: message.content ?? '' };
    case 'user':
      return { role: 'user', content: decodeContent(message, index) };
    case 'assistant': {
      const toolCalls = (message.tool_calls ?? []).map((call, callIndex) => ({
        id: ollamaToolCallId(index, callIndex),
        name: call.function.name,
        arguments: argumentsText(call.function.arguments),
      }));
      state.unanswered = [...toolCalls];
      const text = message.content ?? '';
      // The OpenAI form of a tool-call-only message has null content; Ollama sends "".
      return { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text, toolCalls };
    }
    case 'tool':
      return decodeToolResult(message, state);
  }
}

function decodeToolResult(message: OllamaMessage, state: PairingState): Message {
  const named = message.tool_name;
  const call =
    state.unanswered.find((candidate) => named === undefined || candidate.name === named) ?? state.unanswered[0];
  if (call !== undefined) state.unanswered = state.unanswered.filter((candidate) => candidate !== call);
  const decoded: Message = { role: 'tool', toolCallId: call?.id, content: message.content ?? '' };
  if (named !== undefined) decoded.name = named;
  return decoded;
}

function argumentsText(args: Record<string, unknown> | string | null | undefined): string {
  if (typeof args === 'string') return args;
  return JSON.stringify(args ?? {});
}

/** Text alone, or the text part followed by one image part per base64 image. */
function decodeContent(message: OllamaMessage, index: number): MessageContent {
  const text = message.content ?? '';
  const images = message.images ?? [];
  if (images.length === 0) return text;
  const parts: ContentPart[] = text === '' ? [] : [{ kind: 'text', text }];
  images.forEach((image, imageIndex) => {
    parts.push({ kind: 'image', url: dataUrlOf(image, `messages[${index}].images[${imageIndex}]`) });
  });
  return parts;
}

/** Image types by the first bytes of their base64 (Ollama sends no media type). */
const MEDIA_TYPES: readonly [string, string][] = [
  ['/9j/', 'image/jpeg'],
  ['iVBORw0KGgo', 'image/png'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
];

function dataUrlOf(image: string, param: string): string {
  if (image.startsWith('data:')) return image;
  const base64 = image.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) {
    throw new HearthError('invalid_request', 'INVALID_IMAGE', `invalid '${param}': an image must be base64`, {
      param,
    });
  }
  const type = MEDIA_TYPES.find(([prefix]) => base64.startsWith(prefix))?.[1] ?? 'image/jpeg';
  return `data:${type};base64,${base64}`;
}

function decodeTools(request: OllamaChatRequest): Turn['tools'] {
  const seen = new Set<string>();
  return (request.tools ?? []).map((tool, index) => {
    const { name, description, parameters } = tool.function;
    if (seen.has(name)) {
      throw new HearthError('invalid_request', 'DUPLICATE_TOOL', `tool '${name}' is offered twice`, {
        param: `tools[${index}].function.name`,
      });
    }
    seen.add(name);
    return {
      name,
      ...(description === undefined ? {} : { description }),
      ...(parameters === undefined ? {} : { parameters }),
    };
  });
}

function decodeSampling(request: OllamaChatRequest): Sampling {
  const options = request.options ?? {};
  const sampling: Sampling = {};
  if (options.num_predict != null && options.num_predict > 0) sampling.maxTokens = options.num_predict;
  if (options.temperature != null) sampling.temperature = options.temperature;
  if (options.top_p != null) sampling.topP = options.top_p;
  if (options.stop != null && options.stop.length > 0) sampling.stop = options.stop;
  if (options.seed != null) sampling.seed = options.seed;
  if (options.presence_penalty != null) sampling.presencePenalty = options.presence_penalty;
  if (options.frequency_penalty != null) sampling.frequencyPenalty = options.frequency_penalty;
  return sampling;
}

/** Ollama's `format` as OpenAI's `response_format`, which every backend knows how to pass on. */
function decodeFormat(format: OllamaChatRequest['format']): Record<string, unknown> | undefined {
  if (format == null || format === '') return undefined;
  if (format === 'json') return { type: 'json_object' };
  if (typeof format === 'string') {
    throw new HearthError('invalid_request', 'INVALID_FORMAT', `invalid 'format': expected "json" or a JSON schema`, {
      param: 'format',
    });
  }
  return { type: 'json_schema', json_schema: { name: 'format', schema: format } };
}
