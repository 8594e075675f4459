// The interface every tokenizer implements: how many tokens a text costs on one particular model.

import type { CallOptions } from './backend.ts';

/** Counts tokens with a model's own tokenizer (or says plainly that it only estimates). */
export interface TokenCounter {
  /** Where counts come from, for metrics: e.g. `llama.cpp /tokenize`, `tokenizer.json`, `node-llama-cpp`, `estimate`. */
  readonly source: string;
  /** The number of tokens of `text`, without special tokens added. Failures are `HearthError`s naming the model. */
  count(text: string, options?: CallOptions): Promise<number>;
}
