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

/** The turn a model is chosen for: its type, and whether it carries Home Assistant's context. */
export interface ModelRequest {
  type: RequestType;
  /** A system prompt, offered tools or `ha_context` (see `carriesHomeAssistantContext`). */
  hasHomeContext: boolean;
}

/**
 * The vision model for an image turn, the text model otherwise. A missing setting is a 503 naming it (a 400 for a text
 * request without Home Assistant's context): an image is never answered by the text model instead.
 */
export function selectModel(
  request: ModelRequest,
  settings: AssistSettings,
  models: ReadonlyMap<string, GenerativeModel>,
): ModelChoice {
  const isImage = request.type === 'image';
  const setting = isImage ? 'settings.ha_assist_vision_model' : 'settings.ha_assist_text_model';
  const { route, model: name } = generativeRouteOf(request.type, settings);
  // Only text: with the home in the prompt HA-Assist answers much alone, while an image always needs the vision model.
  if (name === undefined && !isImage && !request.hasHomeContext) throw notFromHomeAssistant();
  if (name === undefined) {
    const what = isImage ? 'an image' : 'this request';
    throw new HearthError(
      'BACKEND_NOT_CONFIGURED',
      `HA-Assist needs a model to answer ${what}, but ${setting} is not set.`,
      { param: setting },
    );
  }
  const model = models.get(name);
  if (model === undefined) {
    // cli/ checks this at start; reaching it means the wiring is wrong.
    throw new HearthError('BACKEND_MISSING', `${setting} names '${name}', which has no backend.`);
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

/**
 * The 400 for a text request with no Home Assistant context and no model: it lacks both what HA-Assist answers from
 * alone and the model that could answer it instead, and a newcomer's first bare sentence should learn which is which.
 */
function notFromHomeAssistant(): HearthError {
  return new HearthError(
    'NO_HOME_ASSISTANT_CONTEXT',
    'HA-Assist answers requests from Home Assistant without a model (their system prompt holds the home, and they ' +
      'offer its tools); this one has no system prompt, tools or ha_context, and settings.ha_assist_text_model names ' +
      "no model to answer it instead. Send one from Home Assistant's conversation agent, try a sentence with " +
      '`npx hearth ask "turn on the kitchen light"`, or use the page\'s playground.',
    { param: 'messages' },
  );
}
