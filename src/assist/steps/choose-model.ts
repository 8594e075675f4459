// The step that chooses the model a generative turn goes to: the text model, or the vision model for an image.

import { carriesHomeAssistantContext } from '../understand/index.ts';
import { selectModel } from './select-backend.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/** Sets the model; a missing setting is a 503 (a 400 for a text turn without Home Assistant's context). */
export async function chooseModel(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const request = { type: need(state.type, 'type'), hasHomeContext: carriesHomeAssistantContext(state.turn) };
  return continueWith(state, { model: selectModel(request, deps.settings, deps.models) });
}
