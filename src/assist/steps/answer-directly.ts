// HA-Assist's own answer: a text or tool calls, after the verification delay, with what the turn reports.

import { definedProps } from '../../common/index.ts';
import { directDiagnostics, type GateDiagnostics, roundMs } from '../diagnostics/index.ts';
import { logDirectTurn } from '../log-turn.ts';
import { textReply, toolCallReply } from '../reply.ts';
import type { DirectDecision } from './deterministic/decision.ts';
import type { StepDeps, StepOutcome, TurnState } from './turn-state.ts';

/** When the turn started, what became of an open question, and the gate's report on the calls when they passed it. */
export type DirectAt = Pick<TurnState, 'started' | 'confirmation'> & { gate?: GateDiagnostics };

/** Answers `decision` without a model. */
export async function answerDirectly(decision: DirectDecision, at: DirectAt, deps: StepDeps): Promise<StepOutcome> {
  const prepMs = roundMs(deps.clock.monotonic() - at.started);
  const waitMs = decision.kind === 'call' ? (decision.waitMs ?? 0) : 0;
  // The verification delay: this request waits, nothing else does.
  if (waitMs > 0) await deps.sleep(waitMs, deps.signal);
  const reply =
    decision.kind === 'answer'
      ? textReply(decision.text)
      : toolCallReply(decision.calls.map((call) => ({ id: deps.ids.next('call_'), ...call })));
  const diagnostics = {
    ...directDiagnostics(decision, prepMs, waitMs),
    ...definedProps({ confirmation: at.confirmation, gate: at.gate }),
  };
  logDirectTurn(deps.logger, diagnostics);
  return { kind: 'answer', answer: { kind: 'reply', reply, diagnostics } };
}
