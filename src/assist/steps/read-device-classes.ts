// The step that reads live state before the model acts when the request does not say what class each device is.

import type { PlanDiagnostics } from '../diagnostics/index.ts';
import { answerDirectly } from './answer-directly.ts';
import { readDevicesFirst } from './gate/index.ts';
import { generativeRouteOf } from './select-backend.ts';
import { continueWith, handOverOf, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/**
 * When the sentence is about covers or valves whose class the request does not carry, answers with the read (one
 * round), so that the gate judges the model's calls by what each device is; otherwise the turn goes to the model.
 */
export async function readDeviceClasses(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const hasModel = generativeRouteOf(need(state.type, 'type'), deps.settings).model !== undefined;
  const read = hasModel ? readDevicesFirst(need(state.request, 'request'), need(state.facts, 'facts')) : undefined;
  if (read === undefined) return continueWith(state, {});
  const decision = handOverOf(state);
  const reason = 'the devices are read before the model acts: their classes decide what needs a yes';
  const plan: PlanDiagnostics = {
    ...decision?.plan,
    kind: decision?.plan?.kind ?? 'action',
    fetch: read.name,
    reason,
  };
  return answerDirectly({ kind: 'call', calls: [read], plan }, state, deps);
}
