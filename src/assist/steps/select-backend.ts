// Selecting the model: which configured physical model a generative turn goes to (text or vision).

import { HearthError } from '../../common/index.ts';
import type { Backend, TokenCounter } from '../../backends/index.ts';
import type { AssistSettings } from '../settings.ts';
import type { RequestType } from './detect-request-type.ts';

/** A model HA-Assist can call: its backend, its input limit and its own tokenizer. */
export interface GenerativeModel {
  backend: Backend;
  /** `max_input_tokens`: the longest prompt this model is given. */
  maxInputTokens: number;
  tokens: TokenCounter;
}

/** The chosen model and the route it stands for. */
export interface ModelChoice {
  route: 'llm' | 'vlm';
  model: GenerativeModel;
}

/**
 * The vision model for an image turn, the text model otherwise. A missing setting is a 503 naming
 * it: an image is never answered by the text model instead.
 */
export function selectModel(
  type: RequestType,
  settings: AssistSettings,
  models: ReadonlyMap<string, GenerativeModel>,
): ModelChoice {
  const isImage = type === 'image';
  const setting = isImage ? 'settings.ha_assist_vision_model' : 'settings.ha_assist_text_model';
  const { route, model: name } = generativeRouteOf(type, settings);
  if (name === undefined) {
    const what = isImage ? 'an image' : 'this request';
    throw new HearthError(
      'unavailable',
      'BACKEND_NOT_CONFIGURED',
      `HA-Assist needs a model to answer ${what}, but ${setting} is not set.`,
      { param: setting },
    );
  }
  const model = models.get(name);
  if (model === undefined) {
    // cli/ checks this at start; reaching it means the wiring is wrong.
    throw new HearthError('internal', 'BACKEND_MISSING', `${setting} names '${name}', which has no backend.`);
  }
  return { route, model };
}

/** The route a generative turn of `type` takes and the model configured for it (undefined when unset). */
export function generativeRouteOf(
  type: RequestType,
  settings: AssistSettings,
): { route: 'llm' | 'vlm'; model: string | undefined } {
  return type === 'image' ? { route: 'vlm', model: settings.visionModel } : { route: 'llm', model: settings.textModel };
}
