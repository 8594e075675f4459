// One streamed Response from reply deltas, whatever the protocol's framing: the answer waits for the first delta,
// then frames each delta, the end and an error raised during the stream.

import type { ReplyDelta } from '../conversation/index.ts';

/** How a protocol frames a stream: each delta, the end, and an error once the stream has started. */
export interface DeltaFramer<T = ReplyDelta> {
  encode(delta: T): readonly string[];
  done(): readonly string[];
  error(error: unknown): readonly string[];
}

/**
 * Waits for the first delta before answering, so an error up to then (unknown model, backend down) is an
 * ordinary error response. After that an error is written in-stream and the stream is closed properly.
 */
export async function deltaStreamResponse<T = ReplyDelta>(
  deltas: AsyncIterable<T>,
  framer: DeltaFramer<T>,
  headers: Record<string, string>,
): Promise<Response> {
  const iterator = deltas[Symbol.asyncIterator]();
  let pending: IteratorResult<T> | undefined = await iterator.next();
  const text = new TextEncoder();

  const body = new ReadableStream<Uint8Array>({
    // A pull must enqueue something or close: the stream does not pull again on its own.
    async pull(controller) {
      try {
        for (;;) {
          const next = pending ?? (await iterator.next());
          pending = undefined;
          const frames = next.done ? framer.done() : framer.encode(next.value);
          for (const frame of frames) controller.enqueue(text.encode(frame));
          if (next.done) return controller.close();
          if (frames.length > 0) return;
        }
      } catch (error) {
        for (const frame of framer.error(error)) controller.enqueue(text.encode(frame));
        controller.close();
      }
    },
    async cancel() {
      // The client went away: stop the upstream generation too.
      await iterator.return?.();
    },
  });
  return new Response(body, { headers });
}
