// POST /v1/responses: decode the Responses request into the same turn as chat completions, encode the reply or stream.

import type { Context } from 'hono';
import { createResponsesStreamEncoder, decodeResponsesRequest, encodeResponse } from '../../openai/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { callOptions } from './call-options.ts';
import { streamFrames } from '../sse-response.ts';

/** The Responses handler. */
export function responses(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const { turn, echo } = decodeResponsesRequest(c.var.body);
    const options = callOptions(c);
    const header = { id: deps.ids.next('resp_'), model: turn.model, createdMs: deps.clock.now() };
    if (!turn.stream) return c.json(encodeResponse(await deps.chat.complete(turn, options), header, echo));
    return streamFrames(deps.chat.stream(turn, options), {
      encoder: createResponsesStreamEncoder(header, echo),
      logger: c.var.logger,
      headers: { 'x-request-id': c.var.requestId },
    });
  };
}
