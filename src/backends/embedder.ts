// The interface every sentence-embedding model implements: texts in, one vector per text out.

import type { CallOptions } from './backend.ts';

/** A sentence-embedding model (MiniLM-class), used to rank entities and tools, never to answer. */
export interface Embedder {
  /** The configured model name, for errors, logs and cache keys. */
  readonly name: string;
  /**
   * One vector per text, in the order given, all of the same length. Vectors need not be normalized.
   * Failures are thrown as `HearthError`s naming the model.
   */
  embed(texts: readonly string[], options?: CallOptions): Promise<Float32Array[]>;
}
