// POST /v1/chat/completions: decode the request, let the chat service answer, encode the reply or stream.

import type { Context } from 'hono';
import { createDecodedToolLists, decodeChatRequest, encodeChatCompletion } from '../../openai/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { callOptions } from './call-options.ts';
import { streamResponse } from '../sse-response.ts';

/** The chat-completions handler. */
export function chatCompletions(deps: AppDeps) {
  // Home Assistant sends the same tool list on every round: validated once per distinct list.
  const toolLists = createDecodedToolLists();
  return async (c: Context<AppEnv>) => {
    const turn = decodeChatRequest(c.var.body, toolLists);
    const options = callOptions(c);
    const header = { id: deps.ids.next('chatcmpl-'), model: turn.model, createdMs: deps.clock.now() };
    if (!turn.stream) return c.json(encodeChatCompletion(await deps.chat.complete(turn, options), header));
    return streamResponse(deps.chat.stream(turn, options), {
      header,
      includeUsage: turn.includeUsage,
      logger: c.var.logger,
      headers: { 'x-request-id': c.var.requestId },
    });
  };
}
