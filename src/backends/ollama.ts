// The backend for Ollama's native chat API (`POST /api/chat`): the HTTP, the stream's lines and the errors; the wire
// format is ollama/'s codec, the one the server side speaks too.

import { definedProps, firstIssue, HearthError } from '../common/index.ts';
import type { Reply, ReplyDelta, Turn } from '../conversation/index.ts';
import {
  decodeOllamaChunkDelta,
  decodeOllamaReply,
  encodeOllamaChatRequest,
  finishReasonOf,
  ollamaErrorOf,
  OllamaChatChunkSchema,
  usageOf,
  type OllamaChatChunk,
  type OllamaRequestSettings,
} from '../ollama/index.ts';
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

/** How to reach one model on an Ollama server. */
export interface OllamaBackendOptions extends UpstreamTarget {
  /** The server root, e.g. `http://127.0.0.1:11434` (not its `/v1`). */
  baseUrl: string;
  /** The model name Ollama knows, e.g. `qwen3:4b`. */
  upstreamModel: string;
  /** Makes ids for tool calls, which Ollama returns without one. */
  newToolCallId: () => string;
  /** Ollama's `think`; absent leaves the model's default. */
  think?: OllamaRequestSettings['think'];
  /** Ollama's `num_ctx`; worth setting, since Ollama's small default silently cuts long prompts. */
  numCtx?: number;
  /** Ollama's `keep_alive`, e.g. `30m`. */
  keepAlive?: string | number;
}

/** A backend that speaks Ollama's native `/api/chat` protocol over HTTP. */
export function createOllamaBackend(options: OllamaBackendOptions): Backend {
  const url = `${trimBaseUrl(options.baseUrl)}/api/chat`;

  function encode(turn: Turn, stream: boolean): Record<string, unknown> {
    const settings: OllamaRequestSettings = {
      model: options.upstreamModel,
      stream,
      ...definedProps({ think: options.think, numCtx: options.numCtx, keepAlive: options.keepAlive }),
    };
    return encodeOllamaChatRequest(turn, settings);
  }

  return {
    name: options.name,

    async complete(turn: Turn, callOptions: CallOptions = {}): Promise<Reply> {
      const json = await postJson(options, url, encode(turn, false), callOptions.signal);
      const error = ollamaErrorOf(json);
      if (error !== undefined) throw reportedError(options, error);
      const decoded = decodeOllamaReply(json, options.newToolCallId);
      if (!decoded.ok) throw badResponse(options.name, decoded.problem);
      return decoded.value;
    },

    async *stream(turn: Turn, callOptions: CallOptions = {}): AsyncGenerator<ReplyDelta> {
      // Encoding happens on the first next(), so a request that cannot be encoded fails there, as streams do.
      const post = { url, body: encode(turn, true), signal: callOptions.signal };
      yield* streamPost(options, post, (response, watchdog) => readDeltas(response, watchdog, options));
    },
  };
}

/** Turns the NDJSON lines into deltas until the `done` line; a stream that ends before it is an error. */
async function* readDeltas(
  response: Response,
  watchdog: Watchdog,
  options: OllamaBackendOptions,
): AsyncGenerator<ReplyDelta> {
  let callCount = 0;
  for await (const line of readLines(response, watchdog, options.name)) {
    const chunk = decodeLine(line, options);
    const delta = decodeOllamaChunkDelta(chunk, callCount, options.newToolCallId);
    callCount += delta.toolCalls?.length ?? 0;
    const last: ReplyDelta[] = [];
    if (chunk.done) {
      last.push({ finishReason: finishReasonOf(chunk.done_reason, callCount > 0) });
      const usage = usageOf(chunk);
      if (usage !== undefined) last.push({ usage });
    }
    for (const out of Object.keys(delta).length > 0 ? [delta, ...last] : last) {
      // The consumer's time is not the server's silence; readChunks restarts the count.
      watchdog.pause();
      yield out;
    }
    if (chunk.done) return;
  }
  throw badResponse(options.name, 'the stream ended before the reply was finished');
}

/** The non-empty lines of a newline-delimited body, however the network split it. */
async function* readLines(response: Response, watchdog: Watchdog, name: string): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of readChunks(response, watchdog, name)) {
    const lines = (buffered + decoder.decode(chunk, { stream: true })).split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.trim() !== '') yield line;
  }
  const last = buffered + decoder.decode();
  if (last.trim() !== '') yield last;
}

function decodeLine(line: string, options: OllamaBackendOptions): OllamaChatChunk {
  const json = parseJson(line, options.name);
  if (ollamaErrorOf(json) !== undefined) throw streamError(options.name, withoutSecret(line, options.apiKey));
  const parsed = OllamaChatChunkSchema.safeParse(json);
  if (!parsed.success)
    throw badResponse(
      options.name,
      `a stream line has the wrong shape (${firstIssue(parsed.error)?.message ?? 'unexpected shape'})`,
    );
  return parsed.data;
}

/** An `{"error": ...}` body that came with HTTP 200. */
function reportedError(options: OllamaBackendOptions, error: string): HearthError {
  return new HearthError(
    'BACKEND_ERROR',
    `Backend '${options.name}' reported an error: ${withoutSecret(error, options.apiKey).slice(0, 300)}`,
  );
}
