// The virtual-model boundary: only `model: "HA-Assist"` enters the pipeline; others pass through.

import { HearthError, modelNotFound } from '../common/index.ts';
import type { Reply, ReplyDelta, Turn } from '../conversation/index.ts';
import type { AssistCallOptions, HaAssist } from './ha-assist.ts';
import { countPromptTokens } from './steps/budget-tokens.ts';
import type { GenerativeModel } from './steps/select-backend.ts';

/** The virtual model's name, matched exactly. */
export const HA_ASSIST_MODEL = 'HA-Assist';

/** A model a client can ask for. */
export interface ModelInfo {
  id: string;
  /** `hearth` for the virtual model, the backend kind for a physical one. */
  ownedBy: string;
}

/** Answers chat turns for every model name the server knows. */
export interface ChatService {
  /** HA-Assist first, then every enabled physical model. */
  listModels(): ModelInfo[];
  complete(turn: Turn, options: AssistCallOptions): Promise<Reply>;
  /** Throws before the first delta for an unknown model or a failed upstream call. */
  stream(turn: Turn, options: AssistCallOptions): AsyncIterable<ReplyDelta>;
}

/** A physical model: its backend, input limit and tokenizer, and the kind shown in the model list. */
export interface PhysicalModel extends GenerativeModel {
  kind: string;
}

/**
 * The boundary. HA-like words or tool names never switch HA-Assist on: the model name alone decides,
 * and a physical model gets the turn unchanged, once it is known to fit the model's `max_input_tokens`.
 */
export function createChatService(haAssist: HaAssist, models: ReadonlyMap<string, PhysicalModel>): ChatService {
  function physical(turn: Turn): PhysicalModel {
    const model = models.get(turn.model);
    if (model === undefined) throw modelNotFound(turn.model, { available: [HA_ASSIST_MODEL, ...models.keys()] });
    return model;
  }
  // Counted before the first delta, so a turn that is too long is an ordinary 400, never an in-stream error.
  async function* fittingStream(turn: Turn, model: PhysicalModel, options: AssistCallOptions) {
    await checkFits(turn, model, options.signal);
    yield* model.backend.stream(turn, callOptions(options));
  }

  return {
    listModels() {
      return [
        { id: HA_ASSIST_MODEL, ownedBy: 'hearth' },
        ...[...models].map(([id, model]) => ({ id, ownedBy: model.kind })),
      ];
    },
    async complete(turn, options) {
      if (turn.model === HA_ASSIST_MODEL) return haAssist.complete(turn, options);
      const model = physical(turn);
      await checkFits(turn, model, options.signal);
      return model.backend.complete(turn, callOptions(options));
    },
    stream(turn, options) {
      if (turn.model === HA_ASSIST_MODEL) return haAssist.stream(turn, options);
      return fittingStream(turn, physical(turn), options);
    },
  };
}

/**
 * Counts a pass-through turn with the model's own tokenizer (as HA-Assist counts its prompts) and throws OpenAI's
 * `context_length_exceeded` naming both numbers when it exceeds `max_input_tokens`: nothing is sent or cut.
 */
async function checkFits(turn: Turn, model: PhysicalModel, signal: AbortSignal | undefined): Promise<void> {
  const tokens = await countPromptTokens(turn, model.tokens, signal);
  if (tokens <= model.maxInputTokens) return;
  throw new HearthError(
    'CONTEXT_LENGTH_EXCEEDED',
    `This request is ${tokens} tokens, but model '${turn.model}' accepts at most ${model.maxInputTokens} input tokens (max_input_tokens). Nothing was sent; shorten the conversation, or raise max_input_tokens.`,
    { param: 'messages' },
  );
}

function callOptions(options: AssistCallOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}
