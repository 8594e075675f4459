// Turns a stream of reply deltas into a server-sent-events Response, failing cleanly before or during it.

import type { Logger } from '../common/index.ts';
import type { ReplyDelta } from '../conversation/index.ts';
import { createStreamEncoder, type ResponseHeader, type StreamEncoder } from '../openai/index.ts';
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

/**
 * Waits for the first delta before answering, so an error up to then (unknown model, backend down) is an
 * ordinary error response. After that an error is written in-stream and the stream is closed properly.
 */
export async function streamFrames(deltas: AsyncIterable<ReplyDelta>, options: FrameStreamOptions): Promise<Response> {
  const iterator = deltas[Symbol.asyncIterator]();
  const first = await iterator.next();
  const { encoder } = options;
  const text = new TextEncoder();
  let pending: IteratorResult<ReplyDelta> | undefined = first;

  const body = new ReadableStream<Uint8Array>({
    // A pull must enqueue something or close: the stream does not pull again on its own.
    async pull(controller) {
      try {
        for (;;) {
          const next = pending ?? (await iterator.next());
          pending = undefined;
          if (next.done) {
            controller.enqueue(text.encode(encoder.done()));
            controller.close();
            return;
          }
          const frames = encoder.encode(next.value);
          for (const frame of frames) controller.enqueue(text.encode(frame));
          if (frames.length > 0) return;
        }
      } catch (error) {
        const wire = wireErrorOf(error, options.logger);
        for (const frame of encoder.encodeError(wire.body)) controller.enqueue(text.encode(frame));
        controller.close();
      }
    },
    async cancel() {
      // The client went away: stop the upstream generation too.
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      ...options.headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    },
  });
}
