// POST /api/chat: decode Ollama's request into the same turn chat completions make, answer it, encode as Ollama.

import type { Context } from 'hono';
import { decodeOllamaChatRequest, encodeOllamaChat, encodeOllamaLoad } from '../../ollama/index.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { callOptions } from './call-options.ts';
import { ndjsonResponse } from '../ndjson-response.ts';

const NS_PER_MS = 1_000_000;

/** The Ollama chat handler: NDJSON unless the client sent `stream: false`. */
export function ollamaChat(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const started = deps.clock.monotonic();
    const elapsedNs = () => Math.round((deps.clock.monotonic() - started) * NS_PER_MS);
    const modelIds = deps.chat.listModels().map((model) => model.id);
    const { turn, modelName } = decodeOllamaChatRequest(c.var.body, modelIds);
    const header = { model: modelName, createdMs: deps.clock.now() };
    if (turn.messages.length === 0) return c.json(encodeOllamaLoad(header));
    const options = callOptions(c);
    if (!turn.stream) {
      const reply = await deps.chat.complete(turn, options);
      return c.json(encodeOllamaChat(reply, { ...header, totalDurationNs: elapsedNs() }));
    }
    return ndjsonResponse(deps.chat.stream(turn, options), {
      header,
      elapsedNs,
      logger: c.var.logger,
      headers: { 'x-request-id': c.var.requestId },
    });
  };
}
