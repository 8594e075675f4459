// Building the diagnostics of a turn from what the steps returned: a direct answer, a compiled prompt, a verdict.

import { definedProps } from '../../common/index.ts';
import type { ToolCall } from '../../conversation/index.ts';
import type { DirectDecision, GenerativeDecision } from '../steps/deterministic/decision.ts';
import type { OutputCheck } from '../steps/validate-output.ts';
import type { Diagnostics, HistoryDiagnostics, RetrievalDiagnostics, ValidationDiagnostics } from './diagnostics.ts';

/** The diagnostics of a turn HA-Assist answered itself. */
export function directDiagnostics(decision: DirectDecision, prepMs: number, waitMs: number): Diagnostics {
  return {
    route: { route: 'direct', backend: null, prepMs, inferenceCalls: 0 },
    plan: decision.plan,
    ...definedProps({ intent: decision.intent, verify: decision.verify }),
    ...(waitMs > 0 ? { verifySettleMs: waitMs } : {}),
  };
}

/** What a compiled generative turn reports: the decision that handed it over, the history and the retrieval. */
export function compiledDiagnostics(
  decision: GenerativeDecision | undefined,
  history: HistoryDiagnostics,
  retrieval: RetrievalDiagnostics,
): Omit<Diagnostics, 'route'> {
  return {
    history,
    ...definedProps({ intent: decision?.intent }),
    ...(decision?.plan === undefined ? {} : { plan: { ...decision.plan, generativeReason: decision.reason } }),
    retrieval,
  };
}

/** The verdict on a model's tool calls. */
export function validationDiagnostics(check: OutputCheck, calls: readonly ToolCall[]): ValidationDiagnostics {
  if (check.ok) return { valid: true, calls: calls.length };
  return { valid: false, rule: check.rule, reason: check.reason, calls: calls.length };
}
