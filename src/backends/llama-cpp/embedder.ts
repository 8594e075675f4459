// A sentence-embedding model run in-process by node-llama-cpp.

import type { LlamaEmbeddingContext } from 'node-llama-cpp';
import { HearthError, SILENT_LOGGER, type Logger } from '../../common/index.ts';
import type { CallOptions } from '../backend.ts';
import type { Embedder } from '../embedder.ts';
import { cancelledError } from '../upstream-error.ts';
import { createGenerationQueue } from './generation-queue.ts';
import { createLazyLoad } from './lazy-load.ts';
import { createLlamaRuntime, messageOf, type LoadedModel } from './runtime.ts';

/** The context size when none is configured (capped by what the model was trained on): MiniLM-class models read 512 tokens. */
const DEFAULT_EMBED_CONTEXT = 512;

/** BOS and EOS may be added around the text, and node-llama-cpp needs the input strictly shorter than the context. */
const RESERVED_TOKENS = 3;

/** One embedding model file. */
export interface LlamaCppEmbedderOptions {
  /** The configured model name, for errors, logs and cache keys. */
  name: string;
  /** A GGUF embedding model (e.g. all-MiniLM-L6-v2 converted to GGUF). */
  modelPath: string;
  /** CPU threads; set it, as node-llama-cpp's default oversubscribes small machines. */
  threads: number;
  /** Tokens per text; longer texts are cut to fit. Defaults to 512 or the model's training context, whichever is smaller. */
  contextSize?: number;
  /** Where llama.cpp's own warnings go; silent by default. */
  logger?: Logger;
}

/** The loaded model and its embedding context. */
interface ReadyEmbedder {
  loaded: LoadedModel;
  context: LlamaEmbeddingContext;
  /** Tokens per text, BOS and EOS included. */
  contextSize: number;
}

/** An in-process embedder; the model loads on the first `embed`, and `close` frees it. */
export type LlamaCppEmbedder = Embedder & {
  /** Frees the model; a later `embed` loads it again. */
  close(): Promise<void>;
};

/**
 * An embedder on a GGUF model. Texts are embedded one at a time, and calls queue; a text longer than
 * the context is cut to fit, as sentence-embedding models do.
 */
export function createLlamaCppEmbedder(options: LlamaCppEmbedderOptions): LlamaCppEmbedder {
  const { name } = options;
  const runtime = createLlamaRuntime({
    name,
    modelPath: options.modelPath,
    threads: options.threads,
    logger: options.logger ?? SILENT_LOGGER,
  });
  const queue = createGenerationQueue();
  const ready = createLazyLoad(async (): Promise<ReadyEmbedder> => {
    const loaded = await runtime.load();
    const contextSize = options.contextSize ?? Math.min(DEFAULT_EMBED_CONTEXT, loaded.model.trainContextSize);
    try {
      return {
        loaded,
        context: await loaded.model.createEmbeddingContext({ contextSize, threads: options.threads }),
        contextSize,
      };
    } catch (error) {
      throw new HearthError(
        'MODEL_LOAD_FAILED',
        `Embedding model '${name}': no embedding context could be created: ${messageOf(error)}`,
        { cause: error },
      );
    }
  });

  return {
    name,
    async embed(texts: readonly string[], callOptions: CallOptions = {}): Promise<Float32Array[]> {
      if (texts.length === 0) return [];
      const signal = callOptions.signal;
      return queue
        .run(async () => {
          const loaded = await ready.get();
          const vectors: Float32Array[] = [];
          for (const text of texts) {
            if (signal?.aborted) throw cancelledError(name, signal.reason);
            vectors.push(await embedText(name, loaded, text));
          }
          if (vectors.some((vector) => vector.length === 0 || vector.length !== vectors[0]!.length)) {
            throw new HearthError(
              'BACKEND_BAD_RESPONSE',
              `Embedding model '${name}' returned vectors of different lengths.`,
            );
          }
          return vectors;
        }, signal)
        .catch((error: unknown) => {
          if (signal?.aborted && !(error instanceof HearthError)) throw cancelledError(name, signal.reason);
          throw error;
        });
    },
    async close() {
      // After the running and queued calls, whose callers are still waiting for them.
      await queue.run(async () => {
        await (await ready.forget())?.context.dispose();
        await runtime.close();
      });
    },
  };
}

async function embedText(
  name: string,
  { loaded, context, contextSize }: ReadyEmbedder,
  text: string,
): Promise<Float32Array> {
  const { model } = loaded;
  // Text is data here: special-token spellings in it are not parsed as control tokens.
  let tokens = model.tokenize(text, false).slice(0, contextSize - RESERVED_TOKENS);
  // node-llama-cpp returns an empty vector for no tokens; an empty text is embedded as its BOS alone, as BERT-style models do.
  if (tokens.length === 0) tokens = [model.tokens.bos ?? model.tokens.eos].filter((token) => token !== null);
  try {
    return Float32Array.from((await context.getEmbeddingFor(tokens)).vector);
  } catch (error) {
    throw new HearthError('BACKEND_ERROR', `Embedding model '${name}' failed to embed a text: ${messageOf(error)}`, {
      cause: error,
    });
  }
}
