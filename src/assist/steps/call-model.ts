// The step that makes the turn's one call to the chosen model: whole, or streamed as it is generated.

import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/** Sets the model's answer, not yet checked: nothing it asks for reaches Home Assistant before `validateOutput`. */
export async function callModel(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const { backend } = need(state.model, 'model').model;
  const { turn } = need(state.compiled, 'compiled');
  const options = deps.signal === undefined ? {} : { signal: deps.signal };
  if (deps.mode === 'stream')
    return continueWith(state, { output: { kind: 'stream', deltas: backend.stream(turn, options) } });
  return continueWith(state, { output: { kind: 'reply', reply: await backend.complete(turn, options) } });
}
