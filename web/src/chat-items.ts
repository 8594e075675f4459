// The chat transcript as data: what each stream event adds to it, and the conversation it sends back.
import type { SseEvent } from './sse.ts';

/** One entry of the transcript. */
export type ChatItem =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'tool-call'; name: string; arguments: unknown }
  | { kind: 'tool-result'; name: string; isError: boolean; text: string }
  | { kind: 'error'; message: string };

/** One message of the conversation `POST /ui/chat` takes: text only. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** The events of `POST /ui/chat`; any other (a keep-alive, a later addition) is ignored. */
const KNOWN_EVENTS: ReadonlySet<string> = new Set(['delta', 'tool_call', 'tool_result', 'error', 'done']);

/** The transcript after one event of the answer's stream; unknown events change nothing. */
export function applyChatEvent(items: readonly ChatItem[], event: SseEvent): ChatItem[] {
  if (!KNOWN_EVENTS.has(event.event)) return [...items];
  const data = parseData(event.data);
  if (data === null)
    return [...items, { kind: 'error', message: `An event hearth sent was not a JSON object: ${event.data}` }];
  switch (event.event) {
    case 'delta':
      return appendText(items, text(data.content));
    case 'tool_call':
      return [...items, { kind: 'tool-call', name: text(data.name), arguments: data.arguments ?? {} }];
    case 'tool_result':
      return [
        ...items,
        { kind: 'tool-result', name: text(data.name), isError: data.is_error === true, text: text(data.text) },
      ];
    case 'error':
      return [...items, { kind: 'error', message: text(data.message) }];
    default:
      return [...items];
  }
}

/** The conversation so far: the person's and the assistant's text, an answer's pieces joined as one message. */
export function toConversation(items: readonly ChatItem[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const item of items) {
    if (item.kind !== 'user' && item.kind !== 'assistant') continue;
    const last = messages.at(-1);
    // Tool lines split one answer into several text pieces; the model wrote them as one message.
    if (item.kind === 'assistant' && last?.role === 'assistant') last.content += `\n\n${item.text}`;
    else messages.push({ role: item.kind, content: item.text });
  }
  return messages;
}

/** True when a tool result says a change now waits for a person in the Proposals view. */
export function isProposal(item: ChatItem): boolean {
  return item.kind === 'tool-result' && item.text.includes('awaiting-confirmation');
}

function appendText(items: readonly ChatItem[], piece: string): ChatItem[] {
  const last = items.at(-1);
  if (last?.kind === 'assistant') return [...items.slice(0, -1), { kind: 'assistant', text: last.text + piece }];
  return [...items, { kind: 'assistant', text: piece }];
}

function parseData(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
