// The backend for any OpenAI-compatible HTTP server: llama.cpp server, vLLM, LocalAI, Ollama's /v1.

import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { isRecord } from '../common/index.ts';
import { createToolCallAssembler, type Reply, type ReplyDelta, type Turn } from '../conversation/index.ts';
import { decodeChatCompletion, decodeChatCompletionChunk, encodeChatRequest } from '../openai/index.ts';
import type { Backend, CallOptions } from './backend.ts';
import { badResponse, streamError } from './upstream-error.ts';
import {
  streamPost,
  parseJson,
  postJson,
  readChunks,
  trimBaseUrl,
  withoutSecret,
  type UpstreamTarget,
} from './upstream-post.ts';
import type { Watchdog } from './watchdog.ts';

/** How to reach one model on an OpenAI-compatible server. */
export interface OpenAiHttpBackendOptions extends UpstreamTarget {
  /** The API root, e.g. `http://127.0.0.1:8081/v1`. */
  baseUrl: string;
  /** The model name the server knows. */
  upstreamModel: string;
  /** Makes ids for tool calls that a server returned without one. */
  newToolCallId: () => string;
}

/** A backend that speaks the OpenAI chat-completions protocol over HTTP. */
export function createOpenAiHttpBackend(options: OpenAiHttpBackendOptions): Backend {
  const url = `${trimBaseUrl(options.baseUrl)}/chat/completions`;

  const encode = (turn: Turn, stream: boolean): unknown =>
    encodeChatRequest({ ...turn, stream }, options.upstreamModel);

  return {
    name: options.name,

    async complete(turn: Turn, callOptions: CallOptions = {}): Promise<Reply> {
      const json = await postJson(options, url, encode(turn, false), callOptions.signal);
      const decoded = decodeChatCompletion(json, options.newToolCallId);
      if (!decoded.ok) throw badResponse(options.name, decoded.problem);
      return decoded.value;
    },

    async *stream(turn: Turn, callOptions: CallOptions = {}): AsyncGenerator<ReplyDelta> {
      // Encoding happens on the first next(), so a request that cannot be encoded fails there, as streams do.
      const post = { url, body: encode(turn, true), signal: callOptions.signal, accept: 'text/event-stream' };
      yield* streamPost(options, post, (response, watchdog) => readEvents(response, watchdog, options));
    },
  };
}

/** Reads SSE frames into deltas until `[DONE]`; a stream that ends without finishing is an error. */
async function* readEvents(
  response: Response,
  watchdog: Watchdog,
  options: OpenAiHttpBackendOptions,
): AsyncGenerator<ReplyDelta> {
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  const decoder = new TextDecoder();
  // HA needs an id in the first fragment of every call, and some servers omit it; others repeat the id or the name
  // in every fragment, which a client that concatenates fragments would double. The assembler evens them out.
  const toolCalls = createToolCallAssembler(() => options.newToolCallId());
  let hasFinished = false;
  // `[DONE]` leaves this loop too, so the finish check below covers both ways a stream can end.
  reading: for await (const chunk of readChunks(response, watchdog, options.name)) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    while (pending.length > 0) {
      const data = pending.shift()!.data;
      if (data === '[DONE]') break reading;
      const delta = decodeEvent(data, options);
      if (delta.toolCalls !== undefined) delta.toolCalls = delta.toolCalls.map((call) => toolCalls.add(call).fragment);
      if (delta.finishReason !== undefined) hasFinished = true;
      // A role-only first chunk (or a keep-alive) carries nothing to pass on.
      if (Object.keys(delta).length === 0) continue;
      // The consumer's time is not the server's silence; readChunks restarts the count.
      watchdog.pause();
      yield delta;
    }
  }
  if (!hasFinished) throw badResponse(options.name, 'the stream ended before the reply was finished');
}

function decodeEvent(data: string, options: OpenAiHttpBackendOptions): ReplyDelta {
  const json = parseJson(data, options.name);
  if (isRecord(json) && 'error' in json) {
    throw streamError(options.name, withoutSecret(data, options.apiKey));
  }
  const decoded = decodeChatCompletionChunk(json);
  if (!decoded.ok) throw badResponse(options.name, decoded.problem);
  return decoded.value;
}
