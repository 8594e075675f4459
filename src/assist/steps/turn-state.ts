// A step of HA-Assist's pipeline: the turn so far it takes, what it is given, and the outcome it returns.

import assert from 'node:assert/strict';
import type { HearthError, Logger } from '../../common/index.ts';
import type { Reply, ReplyDelta, Turn } from '../../conversation/index.ts';
import type { Diagnostics } from '../diagnostics/index.ts';
import type { AssistDeps } from '../ha-assist.ts';
import type { HaRequest } from '../understand/index.ts';
import type { ConfirmationState } from './confirm/index.ts';
import type { Decision, GenerativeDecision } from './deterministic/decision.ts';
import type { RequestType } from './detect-request-type.ts';
import type { SentenceFacts } from './facts/index.ts';
import type { ModelChoice } from './select-backend.ts';

/** The turn so far: each step reads what earlier steps set and may set more. */
export interface TurnState {
  /** The turn as the client sent it. */
  readonly turn: Turn;
  /** When the turn started (a monotonic reading): preparation times count from here. */
  readonly started: number;
  /** Home Assistant's request, understood (`understandTurn`). */
  readonly request?: HaRequest;
  /** What became of an open confirmation question: `cancelled` by another sentence, or `asked` by the gate. */
  readonly confirmation?: ConfirmationState;
  /** Text, image or tool-result round (`readRequestType`). */
  readonly type?: RequestType;
  /** The sentence's facts, read once: the deterministic path and the gate hold the calls to the same ones. */
  readonly facts?: SentenceFacts;
  /** What HA-Assist decided without a model; none for an image. After `gateOwnCalls` it is never a call. */
  readonly decision?: Decision;
  /** The model the turn goes to (`chooseModel`). */
  readonly model?: ModelChoice;
  /** The compact prompt and what the steps that built it report (`compileTurn`). */
  readonly compiled?: CompiledTurn;
  /** What the turn reports once its prompt is counted (`checkTokenBudget`). */
  readonly diagnostics?: Diagnostics;
  /** The model's answer, not yet checked (`callModel`). */
  readonly output?: ModelOutput;
}

/** A compiled turn: the prompt, and what the steps that built it report. */
export interface CompiledTurn {
  turn: Turn;
  diagnostics: Omit<Diagnostics, 'route'>;
}

/** The model's answer: whole, or as it is generated. */
export type ModelOutput = { kind: 'reply'; reply: Reply } | { kind: 'stream'; deltas: AsyncIterable<ReplyDelta> };

/** What a step decides: go on with the turn so far, answer now, or fail with a reason. */
export type StepOutcome =
  | { kind: 'continue'; state: TurnState }
  | { kind: 'answer'; answer: Answer }
  | { kind: 'fail'; error: HearthError };

/** The answer to a turn: a whole reply with what the turn reports, or the model's checked stream. */
export type Answer =
  | { kind: 'reply'; reply: Reply; diagnostics: Diagnostics }
  | { kind: 'stream'; deltas: AsyncIterable<ReplyDelta> };

/** What every step is given besides the turn: the pipeline's parts, and this call's mode, logger and signal. */
export interface StepDeps extends AssistDeps {
  /** Explained only (no model is called), answered whole, or streamed. */
  mode: 'explain' | 'complete' | 'stream';
  /** The request's logger (carries the request id). */
  logger: Logger;
  signal?: AbortSignal;
}

/** One step of the pipeline. */
export type Step = (state: TurnState, deps: StepDeps) => Promise<StepOutcome>;

/** Goes on with the turn so far plus the fields a step set. */
export function continueWith(state: TurnState, changes: Partial<TurnState>): StepOutcome {
  return { kind: 'continue', state: { ...state, ...changes } };
}

/** A field an earlier step sets; missing, the steps run out of order (a programming mistake). */
export function need<T>(value: T | undefined, field: keyof TurnState): T {
  assert(value !== undefined, `the turn has no ${field} yet: a step runs before the one that sets it`);
  return value;
}

/** The hand-over to the model, when the deterministic step made one (an image turn has none). */
export function handOverOf(state: TurnState): GenerativeDecision | undefined {
  const { decision } = state;
  if (decision === undefined || decision.kind === 'generative') return decision;
  assert.fail('a turn HA-Assist answers itself reached the model');
}
