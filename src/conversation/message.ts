// The neutral chat message: what a client said, in our own camelCase shape, free of any wire spelling.

import type { ToolCall } from './tool.ts';

/** One part of a multi-part message content. */
export type ContentPart =
  | { kind: 'text'; text: string }
  /** An image by URL or `data:` URL; `detail` is the client's resolution hint, kept for the backend. */
  | { kind: 'image'; url: string; detail?: string };

/** Message content: plain text or an ordered list of parts. */
export type MessageContent = string | ContentPart[];

/** Instructions from the application (`system`, or OpenAI's newer `developer`). */
export interface SystemMessage {
  role: 'system' | 'developer';
  content: MessageContent;
  name?: string;
}

/** What the person typed or said, possibly with images. */
export interface UserMessage {
  role: 'user';
  content: MessageContent;
  name?: string;
}

/** A model's earlier answer, re-sent by the client: text, tool calls, or both. */
export interface AssistantMessage {
  role: 'assistant';
  /** Null when the turn was only tool calls. */
  content: MessageContent | null;
  toolCalls: ToolCall[];
  name?: string;
}

/** The result of one tool call, as the client ran it. */
export interface ToolMessage {
  role: 'tool';
  /** The id of the call this answers; absent in dialects that pair results by order (Ollama). */
  toolCallId: string | undefined;
  content: MessageContent;
  name?: string;
}

/** Any message of a conversation. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** The plain text of a content: the string itself, or its text parts joined by newlines. */
export function textOf(content: MessageContent | null): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  let text = '';
  for (const part of content) {
    if (part.kind !== 'text') continue;
    text = text === '' ? part.text : `${text}\n${part.text}`;
  }
  return text;
}

/** True when the content holds at least one image part. */
export function hasImage(content: MessageContent | null): boolean {
  return Array.isArray(content) && content.some((part) => part.kind === 'image');
}
