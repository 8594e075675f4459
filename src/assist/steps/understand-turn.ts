// The first step: Home Assistant's request read from the turn (its home, history, tools and sentence).

import { readHaContext, understandRequest } from '../understand/index.ts';
import { continueWith, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/** Reads the request the turn carries, within the deterministic-processing limits. */
export async function understandTurn(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  // Only `model: "HA-Assist"` reaches this point: the boundary passed other models through.
  const request = understandRequest(state.turn, deps.caches, readHaContext(state.turn.extra), deps.settings.limits);
  return continueWith(state, { request });
}
