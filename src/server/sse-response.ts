// Turns a stream of reply deltas into a server-sent-events Response, failing cleanly before or during it.

import type { Logger } from '../common/index.ts';
import type { ReplyDelta } from '../conversation/index.ts';
import { createStreamEncoder, type ResponseHeader, type StreamEncoder } from '../openai/index.ts';
import { deltaStreamResponse, type DeltaFramer } from './delta-stream.ts';
import { wireErrorOf } from './on-error.ts';

/** How a chat-completions stream is labelled and logged. */
export interface StreamOptions {
  header: ResponseHeader;
  includeUsage: boolean;
  logger: Logger;
  /** Headers the response carries besides the stream's own (the request id). */
  headers: Record<string, string>;
}

/** How any event stream is written and logged: the encoder that makes its frames. */
export interface FrameStreamOptions {
  encoder: StreamEncoder;
  logger: Logger;
  /** Headers the response carries besides the stream's own (the request id). */
  headers: Record<string, string>;
}

/** A chat-completions stream of `chat.completion.chunk` frames; see {@link streamFrames}. */
export function streamResponse(deltas: AsyncIterable<ReplyDelta>, options: StreamOptions): Promise<Response> {
  const encoder = createStreamEncoder(options.header, options.includeUsage);
  return streamFrames(deltas, { encoder, logger: options.logger, headers: options.headers });
}

/** A stream of server-sent events made by `options.encoder`; see {@link deltaStreamResponse}. */
export function streamFrames(deltas: AsyncIterable<ReplyDelta>, options: FrameStreamOptions): Promise<Response> {
  const { encoder, logger } = options;
  const framer: DeltaFramer = {
    encode: (delta) => encoder.encode(delta),
    done: () => [encoder.done()],
    error: (error) => encoder.encodeError(wireErrorOf(error, logger).body),
  };
  return deltaStreamResponse(deltas, framer, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
}
