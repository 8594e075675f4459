// Turns a stream of reply deltas into Ollama's newline-delimited JSON Response, failing cleanly before or during it.

import type { Logger } from '../common/index.ts';
import type { ReplyDelta } from '../conversation/index.ts';
import { createOllamaStreamEncoder, type OllamaStreamHeader } from '../ollama/index.ts';
import { ollamaWireErrorOf } from './on-error.ts';

/** How the stream is labelled, timed and logged. */
export interface NdjsonStreamOptions {
  header: OllamaStreamHeader;
  /** Nanoseconds since the request arrived, read when the closing line is written. */
  elapsedNs: () => number;
  logger: Logger;
  /** Headers the response carries besides the stream's own (the request id). */
  headers: Record<string, string>;
}

/**
 * Waits for the first delta before answering, so an error up to then (backend down, prompt too long) is an
 * ordinary error response. After that an error is written as an `{"error": …}` line and the stream ends.
 */
export async function ndjsonResponse(
  deltas: AsyncIterable<ReplyDelta>,
  options: NdjsonStreamOptions,
): Promise<Response> {
  const iterator = deltas[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = createOllamaStreamEncoder(options.header);
  const text = new TextEncoder();
  let pending: IteratorResult<ReplyDelta> | undefined = first;

  const body = new ReadableStream<Uint8Array>({
    // A pull must enqueue something or close: the stream does not pull again on its own.
    async pull(controller) {
      try {
        for (;;) {
          const next = pending ?? (await iterator.next());
          pending = undefined;
          const lines = next.done ? encoder.done(options.elapsedNs()) : encoder.encode(next.value);
          for (const line of lines) controller.enqueue(text.encode(line));
          if (next.done) return controller.close();
          if (lines.length > 0) return;
        }
      } catch (error) {
        const wire = ollamaWireErrorOf(error, options.logger);
        for (const line of encoder.encodeError(wire.body)) controller.enqueue(text.encode(line));
        controller.close();
      }
    },
    async cancel() {
      // The client went away: stop the upstream generation too.
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: { ...options.headers, 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' },
  });
}
