// The embedded llama.cpp runtime for one model file: node-llama-cpp and the model, loaded once, on first use.

import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Llama, LlamaLogLevel, LlamaModel } from 'node-llama-cpp';
import { HearthError, type Logger } from '../../common/index.ts';
import { createLazyLoad } from './lazy-load.ts';

/** Where one model file is and how to run it. */
export interface LlamaRuntimeOptions {
  /** The configured model name, for errors and logs. */
  name: string;
  modelPath: string;
  /** CPU threads for evaluation; also node-llama-cpp's cap for the whole runtime. */
  threads: number;
  logger: Logger;
}

/** The loaded runtime: node-llama-cpp's module, its llama.cpp binding and the model. */
export interface LoadedModel {
  module: typeof import('node-llama-cpp');
  llama: Llama;
  model: LlamaModel;
}

/** A lazily loaded model; `load` is memoized, and retried after a failure. */
export interface LlamaRuntime {
  load(): Promise<LoadedModel>;
  /** Frees the model and the binding; a later `load` starts over. */
  close(): Promise<void>;
}

/** A runtime for one model file; nothing is loaded until the first `load()`. */
export function createLlamaRuntime(options: LlamaRuntimeOptions): LlamaRuntime {
  if (!Number.isInteger(options.threads) || options.threads < 1) {
    throw new HearthError(
      'CONFIG_INVALID',
      `Model '${options.name}': threads must be a whole number of at least 1, got ${options.threads}.`,
      { param: 'threads' },
    );
  }
  const loaded = createLazyLoad(() => loadModel(options));
  return {
    load: () => loaded.get(),
    async close() {
      await (await loaded.forget())?.llama.dispose();
    },
  };
}

async function loadModel(options: LlamaRuntimeOptions): Promise<LoadedModel> {
  const { name, modelPath } = options;
  try {
    await access(modelPath, constants.R_OK);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new HearthError(
      'MODEL_FILE_UNREADABLE',
      `Model '${name}': cannot read the model file '${modelPath}'${typeof code === 'string' ? ` (${code})` : ''}.`,
      { cause: error },
    );
  }
  // Imported on first use: loading node-llama-cpp takes ~0.4 s, which programs without an embedded model should not pay.
  const module = await import('node-llama-cpp');
  let llama: Llama;
  try {
    llama = await module.getLlama({
      gpu: false,
      // Never compile llama.cpp at run time; the prebuilt CPU binary ships with the package.
      build: 'never',
      progressLogs: false,
      // node-llama-cpp's default is max(4, cores), which oversubscribes small machines many times over.
      maxThreads: options.threads,
      logLevel: module.LlamaLogLevel.warn,
      logger: (level, message) => log(options.logger, level, name, message),
    });
  } catch (error) {
    throw new HearthError(
      'MODEL_LOAD_FAILED',
      `Model '${name}': the llama.cpp runtime did not start: ${messageOf(error)}`,
      { cause: error },
    );
  }
  try {
    return { module, llama, model: await llama.loadModel({ modelPath, gpuLayers: 0 }) };
  } catch (error) {
    await llama.dispose().catch(() => {});
    throw new HearthError(
      'MODEL_LOAD_FAILED',
      `Model '${name}' could not be loaded from '${modelPath}': ${messageOf(error)}`,
      { cause: error },
    );
  }
}

function log(logger: Logger, level: LlamaLogLevel, model: string, message: string): void {
  const text = message.trim();
  if (text === '') return;
  if (level === 'fatal' || level === 'error') logger.error({ model }, `llama.cpp: ${text}`);
  else if (level === 'warn') logger.warn({ model }, `llama.cpp: ${text}`);
  else logger.debug({ model }, `llama.cpp: ${text}`);
}

/** An error's message, for quoting in ours. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
