// What HA-Assist reports about how it answered a turn, as a typed model; `wire.ts` gives it the documented names.

import type { RefusalReason, RepairCandidate, RepairCorrection, RepairMechanism } from '../steps/repair/index.ts';

/** Which way the request went and what it cost (`ha_route`). */
export interface RouteDiagnostics {
  /** `direct` (no model ran), `llm` (text backend) or `vlm` (vision backend). */
  route: 'direct' | 'llm' | 'vlm';
  /** The physical model that ran or would run, or null for a direct answer. */
  backend: string | null;
  /** Milliseconds spent before the backend call (or on the whole direct answer). */
  prepMs: number;
  /** Generative calls made: 0 or 1, never more. */
  inferenceCalls: 0 | 1;
}

/** What a grammar match looked like (intent, slot combination, template, slot values). */
export interface MatchDiagnostics {
  intent: string;
  /** Home Assistant's slot combination of the matched block, or null when the grammar names none. */
  slotCombination: string | null;
  /** The template that matched, as written. */
  template: string;
  slots: Record<string, unknown>;
}

/** A repair that was refused although something was close. */
export interface RepairRefusalDiagnostics {
  refused: RefusalReason;
  by: RepairMechanism;
  candidates: readonly RepairCandidate[];
}

/** One command of a sentence with several: its words (completed when elliptic) and its match. */
export interface PartDiagnostics extends MatchDiagnostics {
  text: string;
}

/**
 * The sentence's match (`ha_intent`): exact, split into several commands that each match exactly, after a
 * repair, or none (with a refused repair, if any).
 */
export type IntentDiagnostics = (
  | ({ match: 'exact' } & MatchDiagnostics)
  | { match: 'split'; parts: readonly PartDiagnostics[] }
  | ({ match: 'repaired'; repairedText: string } & MatchDiagnostics)
  | { match: 'none'; repair?: RepairRefusalDiagnostics }
) & {
  /** Milliseconds spent recognising the sentence (with any repair) and planning the answer. */
  recognizeMs?: number;
};

/** A device the plan found as good as others; a model must pick exactly one of them. */
export interface Candidate {
  name: string;
  domain: string;
  area?: string;
}

/** The kinds of plan (`ha_plan.kind`). */
export type PlanKind = 'action' | 'state' | 'time' | 'verify' | 'ambiguous' | 'nevermind';

/** What was decided (`ha_plan`); each kind fills the fields that apply to it. */
export interface PlanDiagnostics {
  kind: PlanKind;
  /** The tool called and its arguments (a deterministic action). */
  tool?: string;
  arguments?: Record<string, unknown>;
  /** The calls of a sentence with several commands, in the order spoken (instead of `tool` and `arguments`). */
  calls?: readonly { tool: string; arguments: Record<string, unknown> }[];
  /** Why an action could not be planned deterministically. */
  reason?: string;
  candidates?: readonly Candidate[];
  /** The values the sentence asked for, by slot ("brightness": 70). */
  values?: Readonly<Record<string, string | number>>;
  /** The read tool called first (GetLiveContext, GetDateTime). */
  fetch?: string;
  /** Where the live state answered from. */
  source?: 'live-context' | 'prompt';
  /** Names of the devices a state answer counted. */
  matched?: readonly string[];
  /** Verification: the targets Home Assistant reported as failed, or that have not reported the new state. */
  failed?: readonly string[];
  pending?: readonly string[];
  /** The repairs made to the sentence before it matched. */
  corrections?: readonly RepairCorrection[];
  /** Why the model gets the turn, when it does. */
  generativeReason?: string;
  /** The sentence the plan was made from: the user's words with their spacing tidied, or the repaired sentence. */
  requestText?: string;
  /** The condition the sentence put on its command, as checked against live state. */
  condition?: ConditionDiagnostics;
}

/** A condition as checked (`ha_plan.condition`): the device read, what it read, and whether the condition held. */
export interface ConditionDiagnostics {
  subject: string;
  reading: string;
  held: boolean;
}

/** Where action verification is (`ha_verify`). */
export interface VerifyDiagnostics {
  /** `skipped`: nothing was read back (see `reason`), so nothing is confirmed. */
  kind: 'state-read' | 'confirmed' | 'unconfirmed' | 'failed' | 'skipped';
  attempt: number;
  /** `settings.ha_assist_verify_attempts`. */
  attempts: number;
  /** `settings.ha_assist_verify_delay`, in seconds. */
  delayS: number;
  /** Why verification was skipped ("not a light or switch turned on or off"); only with kind `skipped`. */
  reason?: string;
}

/** Which history a model sees (`ha_history`). */
export interface HistoryDiagnostics {
  policy: 'drop-completed-tool-turns';
  messages: number;
  kept: number;
  dropped: number;
}

/** What retrieval read from the sentence. */
export interface CueDiagnostics {
  terms: string[];
  areas: string[];
  domains: string[];
  /** How many catalogue names and aliases the sentence says whole. */
  named: number;
}

/** What retrieval offered a model (`ha_retrieval`). */
export interface RetrievalDiagnostics {
  entities: { offered: number; chosen: number; limit: number };
  tools: { offered: number; chosen: string[] };
  /** Null when the request has no catalogue. */
  cues: CueDiagnostics | null;
  /** Embedding similarity: `used`, `off`, or `failed: <why>`. */
  semantic: string;
}

/** The compiled prompt's size (`ha_prompt`). */
export interface PromptDiagnostics {
  tokens: number;
  maxInputTokens: number;
  /** Which tokenizer counted. */
  tokenizer: string;
  messages: number;
  tools: number;
}

/** The verdict on the model's tool calls (`ha_validation`). */
export interface ValidationDiagnostics {
  valid: boolean;
  calls: number;
  /** For a rejection: the rule broken and why. */
  rule?: string;
  reason?: string;
}

/** The gate's decision on the turn's calls (`ha_gate`). */
export interface GateDiagnostics {
  /** `send` the set, `ask` (a sensitive action, or which area), or `refuse` all of it. */
  decision: 'send' | 'ask' | 'refuse';
  /** Who made the calls: HA-Assist's plan or the model. */
  source: 'deterministic' | 'model';
  calls: number;
  /** For an ask or a refusal: the rule and why. */
  rule?: string;
  reason?: string;
}

/** Everything HA-Assist reports about one turn. */
export interface Diagnostics {
  route: RouteDiagnostics;
  intent?: IntentDiagnostics;
  plan?: PlanDiagnostics;
  verify?: VerifyDiagnostics;
  /** The delay waited before a verification read, in milliseconds. */
  verifySettleMs?: number;
  history?: HistoryDiagnostics;
  retrieval?: RetrievalDiagnostics;
  prompt?: PromptDiagnostics;
  validation?: ValidationDiagnostics;
  /** The gate's decision on the calls of the turn (the deterministic plan's, or the model's). */
  gate?: GateDiagnostics;
  /** A sensitive action's confirmation: a question asked, or how the answer to one ended. */
  confirmation?: 'asked' | 'confirmed' | 'cancelled' | 'expired';
}

/** Rounds a duration for reporting (microsecond resolution is plenty). */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
