// The step that decides without a model: an answer, tool calls, or a hand-over to the model with its reasons.

import { definedProps } from '../../common/index.ts';
import { roundMs } from '../diagnostics/index.ts';
import { type HaRequest, overLimitError } from '../understand/index.ts';
import { decide } from './deterministic/decide.ts';
import type { Decision, GenerativeDecision } from './deterministic/decision.ts';
import type { RequestType } from './detect-request-type.ts';
import type { SentenceFacts } from './facts/index.ts';
import { generativeRouteOf } from './select-backend.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/**
 * Sets the decision. An image is never answered by a text shortcut; a request past a deterministic-processing limit
 * goes to the model as it is, and with no model it is refused.
 */
export async function decideWithoutModel(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const type = need(state.type, 'type');
  if (type === 'image') return continueWith(state, {});
  const request = need(state.request, 'request');
  if (request.overLimit !== undefined) {
    if (generativeRouteOf(type, deps.settings).model === undefined)
      return { kind: 'fail', error: overLimitError(request.overLimit) };
    return continueWith(state, { decision: overLimitDecision(request.overLimit.reason) });
  }
  return continueWith(state, { decision: decideTimed(request, type, need(state.facts, 'facts'), deps) });
}

/** The hand-over of a request past a limit: the limit is the reason. */
function overLimitDecision(reason: string): GenerativeDecision {
  return { kind: 'generative', reason, plan: { kind: 'action', reason } };
}

/** Decides; the match reports how long recognising (with repair) and planning took. */
function decideTimed(request: HaRequest, type: RequestType, facts: SentenceFacts, deps: StepDeps): Decision {
  const started = deps.clock.monotonic();
  const lists = deps.homeLists.listsFor(request.catalog, request.floors);
  const { grammar, validator, settings } = deps;
  // Repair is given up once the budget is spent: the turn then goes to the model.
  const isOverBudget = () => deps.clock.monotonic() - started > settings.limits.maxMs;
  const listGrammars = deps.caches.listGrammars;
  const decision = decide({ request, type, grammar, listGrammars, lists, validator, settings, facts, isOverBudget });
  const recognizeMs = roundMs(deps.clock.monotonic() - started);
  const intent = decision.intent === undefined ? undefined : { ...decision.intent, recognizeMs };
  // The words the plan was made from: the repaired sentence, or the user's own with its spacing tidied.
  const requestText =
    intent?.match === 'repaired' ? intent.repairedText : request.userText.replace(/\s+/gu, ' ').trim();
  const plan = decision.plan === undefined ? undefined : { ...decision.plan, requestText };
  return { ...decision, ...definedProps({ intent, plan }) };
}
