// Decodes an OpenAI chat-completions request body into our `Turn`, or throws an error naming the field.

import { z } from 'zod';
import { fieldsOutside, HearthError, isRecord } from '../common/index.ts';
import type {
  ContentPart,
  Message,
  MessageContent,
  Sampling,
  ToolChoice,
  ToolDefinition,
  Turn,
} from '../conversation/index.ts';
import {
  ChatCompletionRequestSchema,
  type ChatCompletionRequest,
  type RequestMessage,
  type UserContent,
} from './request-schema.ts';
import { deepFreeze } from './large-values.ts';
import { parseRequest } from './validation-error.ts';

/** Top-level fields this decoder interprets (the schema's own); every other field travels in `Turn.extra`. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set(Object.keys(ChatCompletionRequestSchema.shape));

/**
 * Tool lists already validated and decoded, by the frozen array a body shares with every request that sends the same
 * text (json-body.ts decodes large values once): Home Assistant sends the same tool list on every round.
 */
export type DecodedToolLists = WeakMap<object, readonly ToolDefinition[]>;

/** An empty set of decoded tool lists, for one app. */
export function createDecodedToolLists(): DecodedToolLists {
  return new WeakMap();
}

/** The request schema with its tool list left to the list's own, earlier, validation. */
const WITHOUT_TOOLS = ChatCompletionRequestSchema.extend({ tools: z.array(z.unknown()).optional() });

/**
 * Validates `body` and converts it to a `Turn`; throws an `invalid_request` error naming the bad field. A frozen tool
 * list seen before (in `decoded`) is not validated again: it cannot have changed.
 */
export function decodeChatRequest(body: unknown, decoded?: DecodedToolLists): Turn {
  rejectLegacyFunctions(body);
  const offered = isRecord(body) && Array.isArray(body.tools) && Object.isFrozen(body.tools) ? body.tools : undefined;
  const known = offered === undefined ? undefined : decoded?.get(offered);
  // With a known list, `tools` is the list validated before; nothing below reads it from the request.
  const request = parseRequest(
    known === undefined ? ChatCompletionRequestSchema : WITHOUT_TOOLS,
    body,
  ) as ChatCompletionRequest;
  const tools = known === undefined ? decodeTools(request) : [...known];
  // Frozen, with their schemas: a request cannot change them for another, and the tool-schema validator looks a
  // frozen schema up by identity.
  if (offered !== undefined && known === undefined) decoded?.set(offered, deepFreeze(tools));
  const turn: Turn = {
    model: request.model,
    messages: request.messages.map(decodeMessage),
    tools,
    stream: request.stream === true,
    includeUsage: request.stream === true && request.stream_options?.include_usage === true,
    sampling: decodeSampling(request),
    extra: fieldsOutside(request, KNOWN_FIELDS),
  };
  const toolChoice = decodeToolChoice(request, tools);
  if (toolChoice !== undefined) turn.toolChoice = toolChoice;
  if (request.parallel_tool_calls !== undefined) turn.parallelToolCalls = request.parallel_tool_calls;
  if (request.response_format !== undefined) turn.responseFormat = request.response_format;
  if (request.user !== undefined) turn.user = request.user;
  return turn;
}

function rejectLegacyFunctions(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  for (const field of ['functions', 'function_call']) {
    if (field in body) {
      throw new HearthError(
        'UNSUPPORTED_PARAMETER',
        `'${field}' (the legacy function-calling form) is not supported; send 'tools' and 'tool_choice' instead.`,
        { param: field },
      );
    }
  }
}

function decodeTools(request: ChatCompletionRequest): ToolDefinition[] {
  const seen = new Set<string>();
  return (request.tools ?? []).map((tool, index) => {
    const { name, description, parameters, strict } = tool.function;
    if (seen.has(name)) {
      throw new HearthError('DUPLICATE_TOOL', `Tool name '${name}' is offered twice.`, {
        param: `tools[${index}].function.name`,
      });
    }
    seen.add(name);
    const definition: ToolDefinition = { name };
    if (description !== undefined) definition.description = description;
    if (parameters !== undefined) definition.parameters = parameters;
    if (typeof strict === 'boolean') definition.strict = strict;
    return definition;
  });
}

function decodeToolChoice(request: ChatCompletionRequest, tools: ToolDefinition[]): ToolChoice | undefined {
  const choice = request.tool_choice;
  if (choice === undefined) return undefined;
  if (typeof choice === 'string') {
    if (choice === 'required' && tools.length === 0) {
      throw new HearthError('INVALID_TOOL_CHOICE', "tool_choice 'required' needs at least one tool in 'tools'.", {
        param: 'tool_choice',
      });
    }
    return choice;
  }
  const name = choice.function.name;
  if (!tools.some((tool) => tool.name === name)) {
    throw new HearthError('INVALID_TOOL_CHOICE', `tool_choice names '${name}', which is not in 'tools'.`, {
      param: 'tool_choice.function.name',
    });
  }
  return { name };
}

function decodeMessage(message: RequestMessage): Message {
  switch (message.role) {
    case 'system':
    case 'developer':
      return withName({ role: message.role, content: decodeContent(message.content) }, message.name);
    case 'user':
      return withName({ role: 'user', content: decodeContent(message.content) }, message.name);
    case 'assistant':
      return withName(
        {
          role: 'assistant',
          content: message.content == null ? null : decodeContent(message.content),
          toolCalls: (message.tool_calls ?? []).map((call) => ({
            id: call.id,
            name: call.function.name,
            arguments:
              typeof call.function.arguments === 'string'
                ? call.function.arguments
                : JSON.stringify(call.function.arguments),
          })),
        },
        message.name,
      );
    case 'tool':
      return withName(
        { role: 'tool', toolCallId: message.tool_call_id, content: decodeContent(message.content) },
        message.name,
      );
  }
}

function decodeContent(content: UserContent): MessageContent {
  if (typeof content === 'string') return content;
  return content.map((part): ContentPart => {
    if (part.type === 'text') return { kind: 'text', text: part.text };
    const image = typeof part.image_url === 'string' ? { url: part.image_url } : part.image_url;
    return image.detail === undefined
      ? { kind: 'image', url: image.url }
      : { kind: 'image', url: image.url, detail: image.detail };
  });
}

function withName<T extends Message>(message: T, name: string | undefined): T {
  if (name !== undefined) message.name = name;
  return message;
}

function decodeSampling(request: ChatCompletionRequest): Sampling {
  const sampling: Sampling = {};
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (maxTokens != null) sampling.maxTokens = maxTokens;
  if (request.temperature != null) sampling.temperature = request.temperature;
  if (request.top_p != null) sampling.topP = request.top_p;
  if (request.stop != null) sampling.stop = typeof request.stop === 'string' ? [request.stop] : request.stop;
  if (request.seed != null) sampling.seed = request.seed;
  if (request.presence_penalty != null) sampling.presencePenalty = request.presence_penalty;
  if (request.frequency_penalty != null) sampling.frequencyPenalty = request.frequency_penalty;
  if (request.n != null) sampling.n = request.n;
  return sampling;
}
