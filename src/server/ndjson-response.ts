// Turns a stream of reply deltas into Ollama's newline-delimited JSON Response, failing cleanly before or during it.

import type { Logger } from '../common/index.ts';
import type { ReplyDelta } from '../conversation/index.ts';
import { createOllamaStreamEncoder, type OllamaStreamHeader } from '../ollama/index.ts';
import { deltaStreamResponse, type DeltaFramer } from './delta-stream.ts';
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

/** Ollama's NDJSON stream of `options.header`'s model; see {@link deltaStreamResponse}. */
export function ndjsonResponse(deltas: AsyncIterable<ReplyDelta>, options: NdjsonStreamOptions): Promise<Response> {
  const encoder = createOllamaStreamEncoder(options.header);
  const framer: DeltaFramer = {
    encode: (delta) => encoder.encode(delta),
    done: () => encoder.done(options.elapsedNs()),
    error: (error) => encoder.encodeError(ollamaWireErrorOf(error, options.logger).body),
  };
  return deltaStreamResponse(deltas, framer, {
    ...options.headers,
    'content-type': 'application/x-ndjson',
    'cache-control': 'no-cache',
  });
}
