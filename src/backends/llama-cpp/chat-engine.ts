// One generation on the loaded model: its context, the chat history rendered by the model's chat wrapper, sampling.

import type { ChatHistoryItem, GbnfJsonSchema, LlamaChat, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { definedProps, HearthError } from '../../common/index.ts';
import type { Sampling } from '../../conversation/index.ts';
import { createLazyLoad } from './lazy-load.ts';
import { messageOf, type LlamaRuntime } from './runtime.ts';

/** The completion cap when the request sets none. */
export const DEFAULT_MAX_TOKENS = 512;

/** Grammars kept per model; Home Assistant sends the same tools every turn. */
const GRAMMAR_CACHE_SIZE = 16;

/** What to generate. */
export interface GenerationRequest {
  /** Ends in the empty model response to complete. */
  history: ChatHistoryItem[];
  /** A JSON-schema grammar the output must follow; `sampling.stop` is not applied under one (it could cut the JSON). */
  schema?: GbnfJsonSchema;
  sampling: Sampling;
  /** Called with each piece of text as it is generated. */
  onText?: (text: string) => void;
  signal: AbortSignal;
}

/** What came out. */
export interface Generation {
  text: string;
  /** The token limit ended it (`finish_reason: length`). */
  isTruncated: boolean;
  promptTokens: number;
  completionTokens: number;
}

/** Generates on one model; not reentrant: callers run one generation at a time. */
export interface ChatEngine {
  generate(request: GenerationRequest): Promise<Generation>;
  /** Frees the context; the runtime is closed by its owner. */
  close(): Promise<void>;
}

/** Engine settings. */
export interface ChatEngineOptions {
  /** The backend name, for errors. */
  name: string;
  runtime: LlamaRuntime;
  /** Tokens of the context (prompt plus completion). */
  contextSize: number;
  threads: number;
}

interface Ready {
  model: LlamaModel;
  chat: LlamaChat;
  grammarFor(schema: GbnfJsonSchema): Promise<LlamaGrammar>;
}

/** An engine whose context is created on the first generation. */
export function createChatEngine(options: ChatEngineOptions): ChatEngine {
  const ready = createLazyLoad(() => prepare(options));

  return {
    async generate(request) {
      const { model, chat, grammarFor } = await ready.get();
      const promptTokens = chat.chatWrapper
        .generateContextState({ chatHistory: request.history })
        .contextText.tokenize(model.tokenizer).length;
      const room = options.contextSize - promptTokens;
      if (room < 1) {
        throw new HearthError(
          'CONTEXT_LENGTH_EXCEEDED',
          `Backend '${options.name}': the prompt is ${promptTokens} tokens, more than the context of ${options.contextSize} tokens holds.`,
          { param: 'messages' },
        );
      }
      const grammar = request.schema === undefined ? undefined : await grammarFor(request.schema);
      let completionTokens = 0;
      const response = await chat.generateResponse(request.history, {
        ...samplingOptions(request.sampling, grammar === undefined),
        // A request for more than fits is cut to what fits and finishes with `length`, as a short answer beats an error here.
        // At least 1: node-llama-cpp reads 0 as "no limit".
        maxTokens: Math.max(1, Math.min(request.sampling.maxTokens ?? DEFAULT_MAX_TOKENS, room)),
        grammar,
        signal: request.signal,
        onToken: (tokens) => {
          completionTokens += tokens.length;
        },
        onTextChunk: request.onText,
      });
      return {
        text: response.response,
        isTruncated: response.metadata.stopReason === 'maxTokens',
        promptTokens,
        completionTokens,
      };
    },

    async close() {
      await (await ready.forget())?.chat.context.dispose();
    },
  };
}

async function prepare(options: ChatEngineOptions): Promise<Ready> {
  const { module, llama, model } = await options.runtime.load();
  let context: Awaited<ReturnType<LlamaModel['createContext']>>;
  try {
    context = await model.createContext({ contextSize: options.contextSize, threads: options.threads, sequences: 1 });
  } catch (error) {
    throw new HearthError(
      'MODEL_LOAD_FAILED',
      `Backend '${options.name}': no context of ${options.contextSize} tokens could be created: ${messageOf(error)}`,
      { cause: error },
    );
  }
  // The chat wrapper is resolved from the GGUF's chat template (ChatML, Qwen, Gemma, Llama 3, …).
  const chat = new module.LlamaChat({ contextSequence: context.getSequence(), autoDisposeSequence: false });
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  const grammarFor = (schema: GbnfJsonSchema): Promise<LlamaGrammar> => {
    const key = JSON.stringify(schema);
    const cached = grammars.get(key) ?? llama.createGrammarForJsonSchema<GbnfJsonSchema>(schema);
    grammars.delete(key);
    grammars.set(key, cached);
    if (grammars.size > GRAMMAR_CACHE_SIZE) grammars.delete(grammars.keys().next().value!);
    return cached;
  };
  return { model, chat, grammarFor };
}

/**
 * The request's sampling in node-llama-cpp's terms. Without a temperature, decoding is greedy (the
 * deterministic choice for device control); there is no repeat penalty unless the request asks for
 * OpenAI's presence or frequency penalty.
 */
function samplingOptions(
  sampling: Sampling,
  allowsStop: boolean,
): {
  temperature?: number;
  topP?: number;
  seed?: number;
  customStopTriggers?: string[];
  repeatPenalty: false | { presencePenalty?: number; frequencyPenalty?: number };
} {
  const hasPenalty = sampling.presencePenalty !== undefined || sampling.frequencyPenalty !== undefined;
  return {
    ...definedProps({ temperature: sampling.temperature, topP: sampling.topP, seed: sampling.seed }),
    ...(allowsStop && sampling.stop !== undefined && sampling.stop.length > 0
      ? { customStopTriggers: sampling.stop }
      : {}),
    repeatPenalty: hasPenalty
      ? { presencePenalty: sampling.presencePenalty, frequencyPenalty: sampling.frequencyPenalty }
      : false,
  };
}
