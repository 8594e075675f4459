// Wiring of the physical models: each enabled model's backend (HTTP or embedded) and the tokenizer counting its prompts.

import { availableParallelism } from 'node:os';
import { definedProps, HearthError, type Logger } from '../common/index.ts';
import type { PhysicalModel } from '../assist/index.ts';
import {
  type Backend,
  createEstimateCounter,
  createFileTokenCounter,
  createHttpTokenCounter,
  createLlamaCppModel,
  createOllamaBackend,
  createOpenAiHttpBackend,
  type TokenCounter,
} from '../backends/index.ts';
import { observedBackend } from '../services/index.ts';
import type { Config, ModelConfig } from './config-schema.ts';
import { enabledModels, tokenizerOf } from './config-checks.ts';
import { httpOptions, requireFile } from './wire-backend-http.ts';
import type { Runtime } from './wire-runtime.ts';

/** The enabled physical models, by the name clients use. */
export function buildModels(config: Config, runtime: Runtime): Map<string, PhysicalModel> {
  const models = new Map<string, PhysicalModel>();
  for (const [key, name] of enabledModels(config)) {
    const entry = config.models[key]!;
    const built = buildModel(key, name, entry, runtime);
    models.set(name, {
      ...built,
      backend: runtime.metrics === undefined ? built.backend : observedBackend(built.backend, runtime.metrics),
      kind: entry.backend,
      maxInputTokens: entry.max_input_tokens,
    });
  }
  return models;
}

/** One model's backend and the tokenizer that counts its prompts. */
function buildModel(
  key: string,
  name: string,
  entry: ModelConfig,
  runtime: Runtime,
): { backend: Backend; tokens: TokenCounter } {
  const newToolCallId = () => runtime.ids.next('call_');
  const contextSize = entry.context_size ?? entry.max_input_tokens + ANSWER_ROOM_TOKENS;
  if (entry.backend === 'llama-cpp') {
    const modelPath = requireFile(`models.${key}.model_path`, entry.model_path!);
    const threads = entry.threads ?? availableParallelism();
    const embedded = createLlamaCppModel({
      name,
      modelPath,
      threads,
      contextSize,
      newToolCallId,
      logger: runtime.logger,
    });
    const tokens = tokenizerOf(entry) === 'model' ? embedded.tokens : tokenCounter(name, entry, runtime);
    warmUp(name, tokens, runtime.logger);
    return { backend: embedded.backend, tokens };
  }
  const http = httpOptions(name, entry, runtime);
  const backend =
    entry.backend === 'ollama'
      ? createOllamaBackend({ ...http, newToolCallId, numCtx: contextSize })
      : createOpenAiHttpBackend({ ...http, newToolCallId });
  const tokens = tokenCounter(name, entry, runtime);
  // A tokenizer.json (Gemma 3's: ~3 s) loads at start; HTTP and estimated counts need nothing loaded.
  if (!['estimate', 'llama.cpp', 'vllm'].includes(String(tokenizerOf(entry)))) warmUp(name, tokens, runtime.logger);
  return { backend, tokens };
}

/** Room left for the answer when `context_size` is not set: Ollama's window and llama.cpp's context. */
const ANSWER_ROOM_TOKENS = 1024;

/** Loads a model or tokenizer in the background at start, so the first request does not wait for it. */
function warmUp(name: string, tokens: TokenCounter, logger: Logger): void {
  tokens
    .count('')
    .catch((error: unknown) =>
      logger.error(
        { model: name, problem: error instanceof Error ? error.message : String(error) },
        "could not load the model's tokenizer",
      ),
    );
}

/** The counter for `tokenizerOf(entry)`; `model` (the GGUF's own) is the llama-cpp model's, made with it. */
function tokenCounter(name: string, entry: ModelConfig, runtime: Runtime): TokenCounter {
  const tokenizer = tokenizerOf(entry);
  switch (tokenizer) {
    case 'model':
      // The configuration check allows `model` only for llama-cpp, whose caller never asks for it here.
      throw new HearthError(
        'TOKENIZER_WIRING',
        `models.${name}.tokenizer 'model' reached the generic tokenizer wiring.`,
      );
    case 'estimate':
      return createEstimateCounter();
    case 'llama.cpp':
    case 'vllm':
      return createHttpTokenCounter({ ...httpOptions(name, entry, runtime), dialect: tokenizer });
    case 'qwen3':
    case 'gemma3':
      return createFileTokenCounter({ name, tokenizer });
    default:
      return createFileTokenCounter({
        name,
        tokenizer: definedProps({ file: tokenizer.file, configFile: tokenizer.config_file }),
      });
  }
}
