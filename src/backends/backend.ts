// The interface every LLM/VLM backend implements: one turn in, one reply (or a stream of deltas) out.

import type { Reply, ReplyDelta, Turn } from '../conversation/index.ts';

/** Per-call options. */
export interface CallOptions {
  /** Aborts the upstream call, e.g. when the client went away. */
  signal?: AbortSignal;
}

/** A physical model behind some protocol. Failures are thrown as `HearthError`s naming the backend. */
export interface Backend {
  /** The configured model name, used in errors, logs and metrics. */
  readonly name: string;
  /** One non-streaming generation. */
  complete(turn: Turn, options?: CallOptions): Promise<Reply>;
  /**
   * One streaming generation. Connection and HTTP errors are thrown by the first `next()`, before any
   * delta, so a caller can still answer with an ordinary error response.
   */
  stream(turn: Turn, options?: CallOptions): AsyncIterable<ReplyDelta>;
}
