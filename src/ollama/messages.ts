// Ollama's chat messages, both ways: a request's messages as ours, pairing results with calls, and ours as its.

import { HearthError } from '../common/index.ts';
import { textOf, type ContentPart, type Message, type MessageContent, type ToolCall } from '../conversation/index.ts';
import { dataUrlOfOllamaImage, ollamaImageOf } from './images.ts';
import type { OllamaMessage } from './request-schema.ts';
import { encodeOllamaToolCall, ollamaArgumentsText } from './tool-call.ts';

/** The id given to call `call` of message `message`: the same request always gets the same ids. */
export function ollamaToolCallId(message: number, call: number): string {
  return `call_m${message}_${call}`;
}

/**
 * A request's messages as ours. Ollama's calls have no ids and its results carry none (Home Assistant's), or only
 * the tool's name: each call gets an id by position, and each result the id of the first unanswered call of the
 * latest assistant message (with that tool name, when the result names one).
 */
export function decodeOllamaMessages(messages: readonly OllamaMessage[]): Message[] {
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
        arguments: ollamaArgumentsText(call.function.arguments),
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

/** Text alone, or the text part followed by one image part per base64 image. */
function decodeContent(message: OllamaMessage, index: number): MessageContent {
  const text = message.content ?? '';
  const images = message.images ?? [];
  if (images.length === 0) return text;
  const parts: ContentPart[] = text === '' ? [] : [{ kind: 'text', text }];
  images.forEach((image, imageIndex) => {
    parts.push({ kind: 'image', url: dataUrlOfOllamaImage(image, `messages[${index}].images[${imageIndex}]`) });
  });
  return parts;
}

/** Our messages as Ollama's. Throws an invalid-request error, naming the field, for what Ollama cannot take. */
export function encodeOllamaMessages(messages: readonly Message[]): Record<string, unknown>[] {
  const toolNames = toolNamesById(messages);
  return messages.map((message, index) => encodeMessage(message, index, toolNames));
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
        encoded.tool_calls = message.toolCalls.map((call, callIndex) =>
          encodeOllamaToolCall(call, () =>
            invalidArguments(call, `${path}.tool_calls[${callIndex}].function.arguments`),
          ),
        );
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

/** A client's re-sent call whose arguments are no JSON object: its mistake, named by the field. */
function invalidArguments(call: ToolCall, param: string): HearthError {
  return new HearthError(
    'INVALID_TOOL_ARGUMENTS',
    `${param}: the arguments of tool call '${call.name}' must be a JSON object for Ollama backends.`,
    { param },
  );
}

/** Ollama takes one text per message and its images apart, as bare base64. */
function encodeContent(content: MessageContent | null, path: string): { content: string; images?: string[] } {
  const images: string[] = [];
  if (Array.isArray(content)) {
    content.forEach((part, partIndex) => {
      if (part.kind === 'image') images.push(ollamaImageOf(part.url, `${path}.content[${partIndex}].image_url.url`));
    });
  }
  return images.length > 0 ? { content: textOf(content), images } : { content: textOf(content) };
}

/** Ollama pairs a tool result with its call by tool name, not by id. */
function toolNamesById(messages: readonly Message[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.toolCalls) names.set(call.id, call.name);
  }
  return names;
}
