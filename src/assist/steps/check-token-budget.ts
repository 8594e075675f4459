// The step that counts the compiled prompt with the model's own tokenizer and refuses one that does not fit.

import { definedProps } from '../../common/index.ts';
import { type Diagnostics, roundMs } from '../diagnostics/index.ts';
import { logGenerativeTurn } from '../log-turn.ts';
import { checkBudget, countPromptTokens } from './budget-tokens.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/** Sets what the turn reports and logs it; a prompt over the model's input limit is a 400 (never cut to fit). */
export async function checkTokenBudget(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const { route, model } = need(state.model, 'model');
  const compiled = need(state.compiled, 'compiled');
  const tokens = await countPromptTokens(compiled.turn, model.tokens, deps.signal);
  const prepMs = roundMs(deps.clock.monotonic() - state.started);
  const diagnostics: Diagnostics = {
    route: { route, backend: model.backend.name, prepMs, inferenceCalls: 1 },
    ...compiled.diagnostics,
    ...definedProps({ confirmation: state.confirmation }),
    prompt: {
      tokens,
      maxInputTokens: model.maxInputTokens,
      tokenizer: model.tokens.source,
      messages: compiled.turn.messages.length,
      tools: compiled.turn.tools.length,
    },
  };
  const request = need(state.request, 'request');
  logGenerativeTurn(deps.logger, { request, type: need(state.type, 'type'), prompt: compiled.turn }, diagnostics);
  checkBudget(tokens, model.maxInputTokens, model.backend.name);
  return continueWith(state, { diagnostics });
}
