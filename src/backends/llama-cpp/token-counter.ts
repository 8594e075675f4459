// Token counts from the loaded model's own tokenizer.

import { HearthError } from '../../common/index.ts';
import type { CallOptions } from '../backend.ts';
import type { TokenCounter } from '../token-counter.ts';
import { cancelledError } from '../upstream-error.ts';
import { messageOf, type LlamaRuntime } from './runtime.ts';

/**
 * Counts with the model's tokenizer: exact for this model. Special-token text such as `<|im_start|>`
 * counts as the one token it is, and no BOS or EOS is added. The first count loads the model.
 */
export function createLlamaCppTokenCounter(name: string, runtime: LlamaRuntime): TokenCounter {
  return {
    source: 'node-llama-cpp',
    async count(text: string, options: CallOptions = {}): Promise<number> {
      const { model } = await runtime.load();
      if (options.signal?.aborted) throw cancelledError(name, options.signal.reason);
      try {
        // `true` parses special-token text; node-llama-cpp never adds BOS/EOS in `tokenize`.
        return model.tokenize(text, true).length;
      } catch (error) {
        throw new HearthError('TOKENIZE_FAILED', `Model '${name}' could not tokenize the text: ${messageOf(error)}`, {
          cause: error,
        });
      }
    },
  };
}
