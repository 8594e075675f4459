// The step that tells what kind of turn this is: text, an image question, or the round after tool results.

import { detectRequestType } from './detect-request-type.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/** Sets the turn's request type. */
export async function readRequestType(state: TurnState, _deps: StepDeps): Promise<StepOutcome> {
  return continueWith(state, { type: detectRequestType(need(state.request, 'request')) });
}
