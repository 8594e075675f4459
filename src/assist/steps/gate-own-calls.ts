// The step that puts HA-Assist's own calls through the gate before they are sent.

import { answerDirectly } from './answer-directly.ts';
import { gatePlan } from './gate/index.ts';
import { generativeRouteOf } from './select-backend.ts';
import { gateBase, rememberAsked } from './turn-context.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/**
 * Sends the calls the gate passes, answers its question or refusal instead, or hands a refused set to the model
 * with the gate's reason. A sensitive question it asks is remembered for the conversation's yes.
 */
export async function gateOwnCalls(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const { decision } = state;
  if (decision?.kind !== 'call') return continueWith(state, {});
  const request = need(state.request, 'request');
  const hasModel = generativeRouteOf(need(state.type, 'type'), deps.settings).model !== undefined;
  const base = gateBase(request, need(state.facts, 'facts'), deps);
  const gated = gatePlan(decision, { ...base, tools: request.tools, hasModel });
  if (gated.kind === 'generative') return continueWith(state, { decision: gated.decision });
  const { gate, sensitiveQuestion: question } = gated;
  if (question === undefined) return answerDirectly(gated.decision, { ...state, gate }, deps);
  rememberAsked(decision.calls, { turn: state.turn, request, question }, deps);
  return answerDirectly(gated.decision, { started: state.started, confirmation: 'asked', gate }, deps);
}
