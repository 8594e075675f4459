// Converts Responses `instructions` and `input` items into our chat messages, as chat completions would carry them.

import { HearthError } from '../../common/index.ts';
import type { AssistantMessage, ContentPart, Message, MessageContent } from '../../conversation/index.ts';
import type { InputItem, ResponsesPart } from './request-schema.ts';

/**
 * The messages of a request: `instructions` first as the system message, then the items in order. A run of
 * `function_call` items joins the assistant message just before it (or starts one with no text), so a
 * re-sent tool round becomes the same assistant message with `toolCalls` that chat completions sends.
 */
export function decodeInput(instructions: string | null | undefined, input: string | InputItem[]): Message[] {
  const messages: Message[] = [];
  if (instructions != null && instructions !== '') messages.push({ role: 'system', content: instructions });
  if (typeof input === 'string') {
    messages.push({ role: 'user', content: input });
    return messages;
  }
  input.forEach((item, index) => {
    switch (item.type) {
      case 'message':
        messages.push(decodeMessageItem(item, index));
        return;
      case 'function_call': {
        const call = { id: item.call_id, name: item.name, arguments: item.arguments };
        const last = messages.at(-1);
        if (last?.role === 'assistant') last.toolCalls.push(call);
        else messages.push({ role: 'assistant', content: null, toolCalls: [call] });
        return;
      }
      case 'function_call_output':
        messages.push({ role: 'tool', toolCallId: item.call_id, content: decodeParts(item.output) });
        return;
      case 'reasoning':
        return;
    }
  });
  return messages;
}

type MessageItem = Extract<InputItem, { type: 'message' }>;

function decodeMessageItem(item: MessageItem, index: number): Message {
  const content = decodeParts(item.content);
  if (item.role === 'assistant') {
    if (Array.isArray(content) && content.some((part) => part.kind === 'image')) {
      throw new HearthError('INVALID_REQUEST', 'An assistant message cannot carry images.', {
        param: `input[${index}].content`,
      });
    }
    const message: AssistantMessage = { role: 'assistant', content, toolCalls: [] };
    return message;
  }
  return { role: item.role, content };
}

function decodeParts(content: string | ResponsesPart[]): MessageContent {
  if (typeof content === 'string') return content;
  return content.map((part): ContentPart => {
    switch (part.type) {
      case 'input_text':
      case 'output_text':
        return { kind: 'text', text: part.text };
      case 'refusal':
        return { kind: 'text', text: part.refusal };
      default:
        return part.detail === undefined
          ? { kind: 'image', url: part.image_url }
          : { kind: 'image', url: part.image_url, detail: part.detail };
    }
  });
}
