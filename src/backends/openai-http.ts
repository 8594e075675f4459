// The backend for any OpenAI-compatible HTTP server: llama.cpp server, vLLM, LocalAI, Ollama's /v1.

import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Reply, ReplyDelta, Turn } from '../conversation/index.ts';
import { decodeChatCompletion, decodeChatCompletionChunk, encodeChatRequest } from '../openai/index.ts';
import type { Backend, CallOptions } from './backend.ts';
import { badResponse, streamError } from './upstream-error.ts';
import { openPost, parseJson, readChunk, readText, trimBaseUrl, withoutSecret, type OpenResponse, type UpstreamTarget } from './upstream-post.ts';
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

  function post(turn: Turn, stream: boolean, signal: AbortSignal | undefined): Promise<OpenResponse> {
    const body = encodeChatRequest({ ...turn, stream }, options.upstreamModel);
    return openPost(options, { url, body, signal, accept: stream ? 'text/event-stream' : 'application/json' });
  }

  return {
    name: options.name,

    async complete(turn: Turn, callOptions: CallOptions = {}): Promise<Reply> {
      const { response, watchdog } = await post(turn, false, callOptions.signal);
      let text: string;
      try {
        text = await readText(response, watchdog, options.name);
      } finally {
        watchdog.stop();
      }
      const decoded = decodeChatCompletion(parseJson(text, options.name), options.newToolCallId);
      if (!decoded.ok) throw badResponse(options.name, decoded.problem);
      return decoded.value;
    },

    async *stream(turn: Turn, callOptions: CallOptions = {}): AsyncGenerator<ReplyDelta> {
      const { response, watchdog } = await post(turn, true, callOptions.signal);
      try {
        yield* readEvents(response, watchdog, options);
      } finally {
        watchdog.stop();
      }
    },
  };
}

/** Reads SSE frames into deltas until `[DONE]`; a stream that ends without finishing is an error. */
async function* readEvents(response: Response, watchdog: Watchdog, options: OpenAiHttpBackendOptions): AsyncGenerator<ReplyDelta> {
  if (response.body === null) throw badResponse(options.name, 'the stream has no body');
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  const seenToolCalls = new Set<number>();
  let hasFinished = false;
  try {
    // `[DONE]` leaves this loop too, so the finish check below covers both ways a stream can end.
    reading: for (;;) {
      const chunk = await readChunk(reader, watchdog, options.name);
      if (chunk === undefined) break;
      parser.feed(decoder.decode(chunk, { stream: true }));
      while (pending.length > 0) {
        const data = pending.shift()!.data;
        if (data === '[DONE]') break reading;
        const delta = decodeEvent(data, options);
        for (const call of delta.toolCalls ?? []) {
          // HA needs an id in the first fragment of every call; some servers omit it.
          if (!seenToolCalls.has(call.index) && call.id === undefined) call.id = options.newToolCallId();
          seenToolCalls.add(call.index);
        }
        if (delta.finishReason !== undefined) hasFinished = true;
        // A role-only first chunk (or a keep-alive) carries nothing to pass on.
        if (Object.keys(delta).length === 0) continue;
        // The consumer's time is not the server's silence; readChunk restarts the count.
        watchdog.pause();
        yield delta;
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  if (!hasFinished) throw badResponse(options.name, 'the stream ended before the reply was finished');
}

function decodeEvent(data: string, options: OpenAiHttpBackendOptions): ReplyDelta {
  const json = parseJson(data, options.name);
  if (typeof json === 'object' && json !== null && 'error' in json) {
    throw streamError(options.name, withoutSecret(data, options.apiKey));
  }
  const decoded = decodeChatCompletionChunk(json);
  if (!decoded.ok) throw badResponse(options.name, decoded.problem);
  return decoded.value;
}
