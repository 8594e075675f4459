// What `explain` reports for a turn that would go to a model: the prompt it would send, compiled offline.

import { type Diagnostics, roundMs } from './diagnostics/index.ts';
import type { Explanation } from './ha-assist.ts';
import { compileWith } from './steps/compile-turn.ts';
import { generativeRouteOf } from './steps/select-backend.ts';
import { need, type StepDeps, type TurnState } from './steps/turn-state.ts';

/** Explains a turn handed to a model, offline: no embedder, no tokenizer, no model; only what the words select. */
export async function explainModelTurn(state: TurnState, deps: StepDeps): Promise<Explanation> {
  const { route, model } = generativeRouteOf(need(state.type, 'type'), deps.settings);
  const compiled = await compileWith(state, deps, undefined);
  const prepMs = roundMs(deps.clock.monotonic() - state.started);
  const diagnostics: Diagnostics = {
    route: { route, backend: model ?? null, prepMs, inferenceCalls: 1 },
    ...compiled.diagnostics,
  };
  return { route, ...(model === undefined ? {} : { backend: model }), prompt: compiled.turn, diagnostics };
}
