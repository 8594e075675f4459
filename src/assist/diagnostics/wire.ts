// The diagnostics as the `metrics` object of a response, in the documented `ha_*` wire names: the one place they
// are spelt, so that renaming a field of the typed model is a compile error here.

import type { RepairCandidate } from '../steps/repair/index.ts';
import type { Diagnostics, IntentDiagnostics, MatchDiagnostics, PlanDiagnostics } from './diagnostics.ts';

/** The `metrics` object of an HA-Assist response. */
export function toWireMetrics(diagnostics: Diagnostics): Record<string, unknown> {
  const { route, intent, plan, verify, verifySettleMs, history, retrieval, prompt, validation, gate, confirmation } =
    diagnostics;
  const metrics: Record<string, unknown> = {
    ha_route: {
      route: route.route,
      backend: route.backend,
      prep_ms: route.prepMs,
      inference_calls: route.inferenceCalls,
    },
  };
  if (intent !== undefined)
    metrics.ha_intent = withoutUndefined({ ...wireIntent(intent), recognize_ms: intent.recognizeMs });
  // The confirmation belongs to the plan on the wire (`ha_plan.confirmation`), even when no plan was made.
  if (plan !== undefined || confirmation !== undefined)
    metrics.ha_plan = withoutUndefined({ ...(plan === undefined ? {} : wirePlan(plan)), confirmation });
  if (verify !== undefined) {
    const { kind, attempt, attempts, delayS, reason } = verify;
    metrics.ha_verify = withoutUndefined({ kind, attempt, attempts, delay_s: delayS, reason });
  }
  if (verifySettleMs !== undefined) metrics.ha_verify_settle_ms = verifySettleMs;
  if (history !== undefined) {
    const { policy, messages, kept, dropped } = history;
    metrics.ha_history = { policy, messages, kept, dropped };
  }
  if (retrieval !== undefined) {
    const { entities, tools, cues, semantic } = retrieval;
    metrics.ha_retrieval = {
      entities: { offered: entities.offered, chosen: entities.chosen, limit: entities.limit },
      tools: { offered: tools.offered, chosen: tools.chosen },
      cues: cues === null ? null : { terms: cues.terms, areas: cues.areas, domains: cues.domains, named: cues.named },
      semantic,
    };
  }
  if (prompt !== undefined) {
    const { tokens, maxInputTokens, tokenizer, messages, tools } = prompt;
    metrics.ha_prompt = { tokens, max_input_tokens: maxInputTokens, tokenizer, messages, tools };
  }
  if (validation !== undefined) {
    const { valid, calls, rule, reason } = validation;
    metrics.ha_validation = withoutUndefined({ valid, calls, rule, reason });
  }
  if (gate !== undefined) {
    const { decision, source, calls, rule, reason } = gate;
    metrics.ha_gate = withoutUndefined({ decision, source, calls, rule, reason });
  }
  return metrics;
}

function wireIntent(intent: IntentDiagnostics): Record<string, unknown> {
  if (intent.match === 'none') {
    if (intent.repair === undefined) return { match: 'none' };
    const { refused, by, candidates } = intent.repair;
    return { match: 'none', repair: { refused, by, candidates: candidates.map(wireCandidate) } };
  }
  if (intent.match === 'split')
    return { match: 'split', parts: intent.parts.map((part) => ({ text: part.text, ...wireMatch(part) })) };
  return intent.match === 'exact'
    ? { match: 'exact', ...wireMatch(intent) }
    : { match: 'repaired', repaired_text: intent.repairedText, ...wireMatch(intent) };
}

function wireMatch(match: MatchDiagnostics): Record<string, unknown> {
  return {
    intent: match.intent,
    slot_combination: match.slotCombination,
    template: match.template,
    slots: match.slots,
  };
}

function wireCandidate(candidate: RepairCandidate): Record<string, unknown> {
  if (candidate.kind !== 'entity') return { ...candidate };
  const { requiresExactName, ...rest } = candidate;
  return { ...rest, requires_exact_name: requiresExactName };
}

function wirePlan(plan: PlanDiagnostics): Record<string, unknown> {
  return withoutUndefined({
    kind: plan.kind,
    tool: plan.tool,
    arguments: plan.arguments,
    calls: plan.calls,
    reason: plan.reason,
    candidates: plan.candidates,
    values: plan.values,
    fetch: plan.fetch,
    source: plan.source,
    matched: plan.matched,
    failed: plan.failed,
    pending: plan.pending,
    corrections: plan.corrections,
    generative_reason: plan.generativeReason,
    request_text: plan.requestText,
  });
}

/** The fields that are set: an absent field is left out of the JSON, never written as null. */
function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
