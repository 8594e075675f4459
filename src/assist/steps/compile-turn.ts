// The step that retrieves the devices and tools the turn is about and compiles the compact prompt.

import { definedProps } from '../../common/index.ts';
import type { Embedder } from '../../backends/index.ts';
import { compiledDiagnostics } from '../diagnostics/index.ts';
import { compilePrompt } from '../prompt/index.ts';
import { retrieve } from '../retrieval/index.ts';
import { filterHistory } from './filter-history.ts';
import {
  type CompiledTurn,
  continueWith,
  handOverOf,
  need,
  type StepDeps,
  type StepOutcome,
  type TurnState,
} from './turn-state.ts';

/** Sets the compiled turn, retrieving by meaning too when an embedder is configured. */
export async function compileTurn(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  return continueWith(state, { compiled: await compileWith(state, deps, deps.embedder) });
}

/** Compiles the turn the model is sent; without `embedder`, retrieval goes by words only (as `explain` does). */
export async function compileWith(
  state: TurnState,
  deps: StepDeps,
  embedder: Embedder | undefined,
): Promise<CompiledTurn> {
  const { turn } = state;
  const request = need(state.request, 'request');
  const decision = handOverOf(state);
  const history = filterHistory(turn.messages, request.history);
  const candidates = decision?.candidates;
  const retrieved = await retrieve({
    request,
    settings: deps.settings.retrieval,
    caches: deps.caches,
    logger: deps.logger,
    ...definedProps({ embedder, candidates, signal: deps.signal }),
  });
  const prompt = compilePrompt({
    turn,
    request,
    caches: deps.caches,
    keptMessages: history.kept,
    entities: retrieved.entities,
    tools: retrieved.tools,
    ...definedProps({ candidates }),
  });
  return { turn: prompt, diagnostics: compiledDiagnostics(decision, history.diagnostics, retrieved.metrics) };
}
