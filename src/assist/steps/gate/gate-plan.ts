// HA-Assist's own plan through the gate: what becomes of a deterministic decision's calls by the gate's verdict.

import { definedProps } from '../../../common/index.ts';
import { type GateDiagnostics, gateDiagnostics } from '../../diagnostics/index.ts';
import type { DirectDecision, GenerativeDecision } from '../deterministic/decision.ts';
import { judgeCalls } from './gate.ts';
import type { GateInput } from './gate-input.ts';
import { liveStateOf } from '../deterministic/live-state.ts';

/** What the plan's calls lead to: sent, answered instead (a question, or why not), or handed to the model. */
export type GatedPlan =
  | {
      kind: 'direct';
      decision: DirectDecision;
      gate: GateDiagnostics;
      /** The answer is this sensitive question: the calls wait for the conversation's yes. */
      sensitiveQuestion?: string;
    }
  | { kind: 'generative'; decision: GenerativeDecision };

/**
 * Judges the plan's calls as one set. A set the gate refuses goes to the model when there is one, with the gate's
 * reason; without one, the refusal is the answer. A question (which area, or a sensitive action) is the answer.
 */
export function gatePlan(
  decision: DirectDecision & { kind: 'call' },
  input: Omit<GateInput, 'source' | 'calls' | 'plan'>,
): GatedPlan {
  const isExact = decision.intent === undefined || decision.intent.match !== 'repaired';
  const conditionHeld = decision.plan.condition?.held === true;
  const plan = { isExact, conditionHeld };
  const verdict = judgeCalls({ ...input, source: 'deterministic', calls: decision.calls, plan });
  const gate = gateDiagnostics('deterministic', verdict, decision.calls.length);
  if (verdict.kind === 'send') return { kind: 'direct', decision, gate };
  const read = verdict.kind === 'ask' && verdict.isClassUnread === true ? liveStateOf(input.request) : undefined;
  // Asked only because a device's class is not known: live state is read first, and the plan is judged again with it.
  if (read?.kind === 'fetch') {
    const plan = {
      kind: 'action' as const,
      fetch: read.call.name,
      ...definedProps({ requestText: decision.plan.requestText }),
    };
    const reading: DirectDecision = { ...decision, calls: [read.call], plan };
    return { kind: 'direct', decision: reading, gate: gateDiagnostics('deterministic', { kind: 'send' }, 1) };
  }
  if (verdict.kind === 'refuse' && input.hasModel) {
    const { reason } = verdict;
    const plan = { ...decision.plan, reason };
    return {
      kind: 'generative',
      decision: { kind: 'generative', reason, plan, ...definedProps({ intent: decision.intent }) },
    };
  }
  const text = verdict.kind === 'ask' ? verdict.question : verdict.text;
  const answer: DirectDecision = { ...decision, kind: 'answer', text };
  if (verdict.kind === 'ask' && verdict.rule === 'sensitive')
    return { kind: 'direct', decision: answer, gate, sensitiveQuestion: text };
  return { kind: 'direct', decision: answer, gate };
}
