// The chat transcript as data: what each stream event adds to it, and the conversation it sends back.
import type { SseEvent } from './sse.ts';
import type { ChatEvents, ChatMessageJson } from './types.ts';

/** One entry of the transcript. */
export type ChatItem =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'tool-call'; name: string; arguments: unknown }
  | { kind: 'tool-result'; name: string; isError: boolean; text: string }
  | { kind: 'error'; message: string };

/** The events of `POST /ui/chat` (every one the contract names); any other (a keep-alive, a later addition) is ignored. */
const KNOWN_EVENTS: ReadonlySet<string> = new Set(
  Object.keys({ delta: true, tool_call: true, tool_result: true, error: true, done: true } satisfies Record<
    keyof ChatEvents,
    true
  >),
);

/** An event's data as it came: the contract's fields, each still checked before use (a proxy may garble one). */
type Received<K extends keyof ChatEvents> = Partial<Record<keyof ChatEvents[K], unknown>>;

/** The transcript after one event of the answer's stream; unknown events change nothing. */
export function applyChatEvent(items: readonly ChatItem[], event: SseEvent): ChatItem[] {
  if (!KNOWN_EVENTS.has(event.event)) return [...items];
  const data = parseData(event.data);
  if (data === null)
    return [...items, { kind: 'error', message: `An event hearth sent was not a JSON object: ${event.data}` }];
  switch (event.event) {
    case 'delta': {
      const delta: Received<'delta'> = data;
      return appendText(items, text(delta.content));
    }
    case 'tool_call': {
      const call: Received<'tool_call'> = data;
      return [...items, { kind: 'tool-call', name: text(call.name), arguments: call.arguments ?? {} }];
    }
    case 'tool_result': {
      const result: Received<'tool_result'> = data;
      return [
        ...items,
        { kind: 'tool-result', name: text(result.name), isError: result.is_error === true, text: text(result.text) },
      ];
    }
    case 'error': {
      const failure: Received<'error'> = data;
      return [...items, { kind: 'error', message: text(failure.message) }];
    }
    default:
      return [...items];
  }
}

/**
 * What `POST /ui/chat` takes (the server's limits): at most 100 messages of 8,000 characters, in a body of 256 KiB;
 * the page keeps its conversation under 200 KiB of messages, leaving room for the rest of the body.
 */
export const CHAT_LIMITS = Object.freeze({ messages: 100, messageChars: 8000, messageBytes: 200 * 1024 });

/**
 * The conversation so far: the person's and the assistant's text, an answer's pieces joined as one message. A long
 * chat keeps its newest messages within {@link CHAT_LIMITS} (a longer message is cut, ending in `…`), so the request
 * is never refused for its size.
 */
export function toConversation(items: readonly ChatItem[]): ChatMessageJson[] {
  const messages: ChatMessageJson[] = [];
  for (const item of items) {
    if (item.kind !== 'user' && item.kind !== 'assistant') continue;
    const last = messages.at(-1);
    // Tool lines split one answer into several text pieces; the model wrote them as one message.
    if (item.kind === 'assistant' && last?.role === 'assistant') last.content += `\n\n${item.text}`;
    else messages.push({ role: item.kind, content: item.text });
  }
  return newestWithinLimits(messages.map(cutMessage));
}

function cutMessage(message: ChatMessageJson): ChatMessageJson {
  if (message.content.length <= CHAT_LIMITS.messageChars) return message;
  return { ...message, content: `${message.content.slice(0, CHAT_LIMITS.messageChars - 1)}…` };
}

/** The newest messages that fit: at most {@link CHAT_LIMITS.messages}, at most its bytes as JSON. */
function newestWithinLimits(messages: readonly ChatMessageJson[]): ChatMessageJson[] {
  const encoder = new TextEncoder();
  let bytes = 0;
  let first = messages.length;
  while (first > 0 && messages.length - first < CHAT_LIMITS.messages) {
    const size = encoder.encode(JSON.stringify(messages[first - 1])).length + 1;
    if (bytes + size > CHAT_LIMITS.messageBytes) break;
    bytes += size;
    first--;
  }
  return messages.slice(first);
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
