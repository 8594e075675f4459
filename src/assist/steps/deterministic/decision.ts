// What the deterministic step decides: an answer, a tool call, or a hand-over to the model.

import type { ToolCall } from '../../../conversation/index.ts';
import type {
  Candidate,
  IntentDiagnostics,
  PlanDiagnostics,
  VerifyDiagnostics,
} from '../../diagnostics/diagnostics.ts';

/** What the deterministic step decided, with the plan and match the diagnostics report. */
export type Decision =
  | { kind: 'answer'; text: string; plan: PlanDiagnostics; intent?: IntentDiagnostics; verify?: VerifyDiagnostics }
  | {
      kind: 'call';
      /** One call, or one per command of a sentence with several, in the order spoken. */
      calls: readonly Omit<ToolCall, 'id'>[];
      plan: PlanDiagnostics;
      intent?: IntentDiagnostics;
      verify?: VerifyDiagnostics;
      /** How long to wait before sending the call (a verification read). */
      waitMs?: number;
    }
  | GenerativeDecision;

/** A decision that hands the turn to the model: why, and what the model must keep to. */
export interface GenerativeDecision {
  kind: 'generative';
  reason: string;
  plan?: PlanDiagnostics;
  intent?: IntentDiagnostics;
  /** Devices that fit equally well: the model must pick exactly one. */
  candidates?: readonly Candidate[];
  /** The values the sentence asked for: the model's call must keep them. */
  values?: Readonly<Record<string, string | number>>;
  /** What to answer when no model is configured: a question naming the candidates, or a plain answer. */
  withoutModel?: string;
}

/** A decision HA-Assist answers itself. */
export type DirectDecision = Exclude<Decision, GenerativeDecision>;
