// What the gate and the confirmation questions are given from the pipeline's parts and the turn so far.

import type { ToolCall, Turn } from '../../conversation/index.ts';
import { canonicalToolName, type HaRequest } from '../understand/index.ts';
import type { AssistDeps } from '../ha-assist.ts';
import { type ConfirmContext, rememberQuestion } from './confirm/index.ts';
import type { SentenceFacts } from './facts/index.ts';
import type { GateInput } from './gate/index.ts';

/** What every gate input carries: the sentence's facts, the request, the validator and the sensitive setting. */
export function gateBase(
  request: HaRequest,
  facts: SentenceFacts,
  deps: AssistDeps,
): Pick<GateInput, 'facts' | 'request' | 'names' | 'validator' | 'confirmSensitive'> {
  const names = deps.homeLists.listsFor(request.catalog, []).entitiesByName;
  return { facts, request, names, validator: deps.validator, confirmSensitive: deps.settings.confirmSensitive };
}

/** What confirming needs now: the open questions, the time, the timeout and the grammar's language. */
export function confirmContext(deps: AssistDeps): ConfirmContext {
  const { confirmations: pending, clock, settings } = deps;
  const { language } = deps.grammar;
  return { pending, now: clock.monotonic(), timeoutSeconds: settings.confirmTimeoutSeconds, language };
}

/** Remembers a sensitive question the gate asked, so that only the conversation's next yes sends the calls. */
export function rememberAsked(
  calls: readonly Omit<ToolCall, 'id'>[],
  asking: { turn: Turn; request: HaRequest; question: string },
  deps: AssistDeps,
): void {
  const { turn, request, question } = asking;
  rememberQuestion(calls, { turn, request }, canonicalToolName, { question, context: confirmContext(deps) });
}
