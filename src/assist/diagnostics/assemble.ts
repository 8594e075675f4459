// Building the diagnostics of a turn from what the steps returned: a direct answer, a compiled prompt, a verdict.

import { definedProps } from '../../common/index.ts';
import type { DirectDecision, GenerativeDecision } from '../steps/deterministic/decision.ts';
// The file, not the folder's index: the gate depends on steps that report through these diagnostics.
import type { CallSource, GateVerdict } from '../steps/gate/gate-input.ts';
import type {
  Diagnostics,
  GateDiagnostics,
  HistoryDiagnostics,
  RetrievalDiagnostics,
  ValidationDiagnostics,
} from './diagnostics.ts';

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

/** The verdict on a model's tool calls: valid unless the gate refused them. */
export function validationDiagnostics(verdict: GateVerdict, calls: number): ValidationDiagnostics {
  if (verdict.kind !== 'refuse') return { valid: true, calls };
  return { valid: false, rule: verdict.rule, reason: verdict.reason, calls };
}

/** The gate's decision on a set of `calls` calls. */
export function gateDiagnostics(source: CallSource, verdict: GateVerdict, calls: number): GateDiagnostics {
  if (verdict.kind === 'send') return { decision: 'send', source, calls };
  return { decision: verdict.kind, source, calls, rule: verdict.rule, reason: verdict.reason };
}
