// Decodes an Ollama `/api/chat` request body into our `Turn`: the same turn chat completions would give.

import { HearthError } from '../common/index.ts';
import type { OllamaNative, Turn } from '../conversation/index.ts';
import { modelNotFoundMessage } from './error-body.ts';
import { decodeOllamaFormat } from './format.ts';
import { decodeOllamaMessages } from './messages.ts';
import { resolveOllamaModel } from './model-name.ts';
import { parseOllamaRequest } from './parse-request.ts';
import { OllamaChatRequestSchema, type OllamaChatRequest } from './request-schema.ts';
import { decodeOllamaSampling } from './sampling.ts';
import { decodeOllamaTools } from './tools.ts';

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
    throw new HearthError('MODEL_NOT_FOUND', modelNotFoundMessage(request.model), { param: 'model' });
  }
  const turn: Turn = {
    model,
    messages: decodeOllamaMessages(request.messages ?? []),
    tools: decodeOllamaTools(request.tools),
    stream: request.stream ?? true,
    includeUsage: false,
    sampling: decodeOllamaSampling(request.options),
    extra: {},
  };
  const responseFormat = decodeOllamaFormat(request.format);
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
