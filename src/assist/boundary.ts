// The virtual-model boundary: only `model: "HA-Assist"` enters the pipeline; others pass through.

import { HearthError } from '../common/index.ts';
import type { Reply, ReplyDelta, Turn } from '../conversation/index.ts';
import type { Backend } from '../backends/index.ts';
import type { AssistCallOptions, HaAssist } from './pipeline.ts';
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
 * and a physical model gets the turn unchanged.
 */
export function createChatService(haAssist: HaAssist, models: ReadonlyMap<string, PhysicalModel>): ChatService {
  function physical(turn: Turn): Backend {
    const model = models.get(turn.model);
    if (model === undefined) {
      throw new HearthError('not_found', 'MODEL_NOT_FOUND', `The model '${turn.model}' does not exist.`, {
        param: 'model',
      });
    }
    return model.backend;
  }
  const callOptions = (options: AssistCallOptions) => (options.signal === undefined ? {} : { signal: options.signal });

  return {
    listModels() {
      return [
        { id: HA_ASSIST_MODEL, ownedBy: 'hearth' },
        ...[...models].map(([id, model]) => ({ id, ownedBy: model.kind })),
      ];
    },
    complete(turn, options) {
      if (turn.model === HA_ASSIST_MODEL) return haAssist.complete(turn, options);
      return physical(turn).complete(turn, callOptions(options));
    },
    stream(turn, options) {
      if (turn.model === HA_ASSIST_MODEL) return haAssist.stream(turn, options);
      return physical(turn).stream(turn, callOptions(options));
    },
  };
}
