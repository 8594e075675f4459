// The reply to a confirmation question of ours: send what it confirmed, say why not, or drop the question.

import { definedProps } from '../../common/index.ts';
import { type Diagnostics, type PlanDiagnostics, roundMs } from '../diagnostics/index.ts';
import { logDirectTurn } from '../log-turn.ts';
import { toolCallReply } from '../reply.ts';
import { answerDirectly } from './answer-directly.ts';
import { type ConfirmReply, replyToQuestion } from './confirm/index.ts';
import { confirmContext } from './turn-context.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/** Answers a reply to our question; any other sentence drops the question, and the turn goes on and says so. */
export async function answerConfirmation(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const reply = replyToQuestion(state.turn, need(state.request, 'request'), confirmContext(deps));
  if (reply === undefined) return continueWith(state, {});
  if (reply.kind === 'dropped') return continueWith(state, { confirmation: 'cancelled' });
  if (reply.kind === 'answer') {
    const answer = { kind: 'answer' as const, text: reply.text, plan: { kind: 'action' as const } };
    return answerDirectly(answer, { started: state.started, confirmation: reply.confirmation }, deps);
  }
  return sendConfirmed(reply, state, deps);
}

/** Sends the calls a person confirmed, as they were asked about. */
function sendConfirmed(confirmed: ConfirmReply & { kind: 'send' }, state: TurnState, deps: StepDeps): StepOutcome {
  const reply = toolCallReply(confirmed.calls.map((call) => ({ id: deps.ids.next('call_'), ...call })));
  const plan: PlanDiagnostics = { kind: 'action', ...definedProps({ tool: confirmed.calls[0]?.name }) };
  const prepMs = roundMs(deps.clock.monotonic() - state.started);
  const diagnostics: Diagnostics = {
    route: { route: 'direct', backend: null, prepMs, inferenceCalls: 0 },
    plan,
    confirmation: 'confirmed',
  };
  logDirectTurn(deps.logger, diagnostics);
  return { kind: 'answer', answer: { kind: 'reply', reply, diagnostics } };
}
