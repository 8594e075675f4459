// The step that answers what the deterministic decision answers itself, and what needs a model when there is none.

import { definedProps } from '../../common/index.ts';
import { answerDirectly } from './answer-directly.ts';
import type { DirectDecision } from './deterministic/decision.ts';
import { generativeRouteOf } from './select-backend.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/**
 * Answers a decided answer. A hand-over with no model to hand over to is answered with the decision's own answer
 * (a question naming the candidates, or a plain answer); any other goes on to the model.
 */
export async function answerWithoutModel(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const { decision } = state;
  if (decision !== undefined && decision.kind !== 'generative') return answerDirectly(decision, state, deps);
  const hasModel = generativeRouteOf(need(state.type, 'type'), deps.settings).model !== undefined;
  if (decision?.withoutModel === undefined || hasModel) return continueWith(state, {});
  const asked: DirectDecision = {
    kind: 'answer',
    text: decision.withoutModel,
    plan: decision.plan ?? { kind: 'ambiguous' },
    ...definedProps({ intent: decision.intent }),
  };
  return answerDirectly(asked, state, deps);
}
