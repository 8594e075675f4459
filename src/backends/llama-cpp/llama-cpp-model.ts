// One embedded GGUF chat model: its backend and its token counter over one lazily loaded runtime.

import { SILENT_LOGGER, type Logger } from '../../common/index.ts';
import type { Backend } from '../backend.ts';
import type { TokenCounter } from '../token-counter.ts';
import { createLlamaCppBackend } from './chat-backend.ts';
import { createChatEngine } from './chat-engine.ts';
import { createGenerationQueue } from './generation-queue.ts';
import { createLlamaRuntime } from './runtime.ts';
import { createLlamaCppTokenCounter } from './token-counter.ts';

/** One GGUF chat model run in-process. */
export interface LlamaCppModelOptions {
  /** The configured model name, used in errors, logs and metrics. */
  name: string;
  /** The GGUF file; it is read on first use, not here. */
  modelPath: string;
  /** CPU threads for evaluation. Always set it: node-llama-cpp's default oversubscribes small machines (2 cores: 400× slower). */
  threads: number;
  /** Tokens of the one context (prompt plus completion); a longer prompt is an `invalid_request`. */
  contextSize: number;
  /** Makes the ids of the tool calls the model makes. */
  newToolCallId: () => string;
  /** Where llama.cpp's own warnings go; silent by default. */
  logger?: Logger;
}

/** The parts of an embedded model. */
export interface LlamaCppModel {
  /** Generates one reply at a time; calls queue in arrival order. */
  backend: Backend;
  /** Counts with the model's own tokenizer (`source: 'node-llama-cpp'`). */
  tokens: TokenCounter;
  /** Frees the context and the model; later calls load them again. */
  close(): Promise<void>;
}

/** An embedded llama.cpp model. Nothing is loaded until the first call; a missing file fails that call, naming the path. */
export function createLlamaCppModel(options: LlamaCppModelOptions): LlamaCppModel {
  const { name, threads } = options;
  const runtime = createLlamaRuntime({
    name,
    modelPath: options.modelPath,
    threads,
    logger: options.logger ?? SILENT_LOGGER,
  });
  const engine = createChatEngine({ name, runtime, contextSize: options.contextSize, threads });
  const queue = createGenerationQueue();
  return {
    backend: createLlamaCppBackend({ name, engine, queue, newToolCallId: options.newToolCallId }),
    tokens: createLlamaCppTokenCounter(name, runtime),
    async close() {
      // Waits for the running generation; queued ones run first, as their callers are still waiting for them.
      await queue.run(async () => {
        await engine.close();
        await runtime.close();
      });
    },
  };
}
