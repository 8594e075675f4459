// POST /ui/chat: the chat with the home, streamed as server-sent events (tool calls, results, text, the end).

import type { Context } from 'hono';
import { z } from 'zod';
import { HearthError } from '../../common/index.ts';
import type { HomeChatEvent } from '../../home-chat/index.ts';
import type { AppEnv, PageDeps } from '../context.ts';
import { deltaStreamResponse } from '../delta-stream.ts';
import { wireErrorOf } from '../on-error.ts';
import { exactBody } from '../exact-body.ts';
import type { ChatEvents, ChatRequest } from '../page-contract.ts';
import { parseBody } from './parse-body.ts';

/** The most messages one conversation re-sends; the page starts a new chat long before. */
const MAX_MESSAGES = 100;
const MAX_MESSAGE_CHARS = 8000;

const ChatSchema = exactBody<ChatRequest>()(
  z.strictObject({
    model: z.string().min(1),
    messages: z
      .array(
        z.strictObject({
          role: z.enum(['user', 'assistant']),
          content: z.string().max(MAX_MESSAGE_CHARS),
        }),
      )
      .min(1, 'must hold at least the question')
      .max(MAX_MESSAGES),
  }),
);

/** The handler: a bad body or an unknown model is an ordinary error; a failure once streaming is an `error` event. */
export function uiChat(page: PageDeps) {
  return async (c: Context<AppEnv>) => {
    const { model, messages } = parseBody(ChatSchema, c.var.body, 'INVALID_CHAT_REQUEST');
    if (messages[messages.length - 1]?.role !== 'user')
      throw new HearthError('INVALID_CHAT_REQUEST', 'The last message must be the question.', {
        param: 'messages',
      });
    // A key limited to named connections gives the chat's tools those only, as it gives its MCP client.
    const connections = c.get('keyConnections');
    const events = page.chat(model, messages, {
      signal: c.req.raw.signal,
      ...(connections === undefined ? {} : { connections }),
    });
    return deltaStreamResponse<HomeChatEvent>(
      events,
      {
        encode: (event) => [frameOf(event)],
        done: () => [],
        error: (error) => [frame('error', { message: wireErrorOf(error, c.var.logger).body.error.message })],
      },
      {
        'x-request-id': c.var.requestId,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      },
    );
  };
}

/** An event as its frame, its data in the wire spelling. */
function frameOf(event: HomeChatEvent): string {
  switch (event.kind) {
    case 'tool_call':
      return frame('tool_call', { id: event.id, name: event.name, arguments: event.arguments });
    case 'tool_result':
      return frame('tool_result', { id: event.id, name: event.name, is_error: event.isError, text: event.text });
    case 'delta':
      return frame('delta', { content: event.content });
    case 'done':
      return frame('done', { finish_reason: event.finishReason });
  }
}

function frame<K extends keyof ChatEvents>(event: K, data: ChatEvents[K]): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
