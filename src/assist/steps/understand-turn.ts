// The first step: Home Assistant's request read from the turn (its home, history, tools and sentence).

import { type HaRequest, readAnswerForm, readHaContext, understandRequest } from '../understand/index.ts';
import { continueWith, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/**
 * Reads the request the turn carries, within the deterministic-processing limits. An answer-form phrase ("… Reply
 * with yes or no.") is taken off the sentence, in the grammar's language, and the form asked is kept.
 */
export async function understandTurn(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  // Only `model: "HA-Assist"` reaches this point: the boundary passed other models through.
  const request = understandRequest(state.turn, deps.caches, readHaContext(state.turn.extra), deps.settings.limits);
  return continueWith(state, { request: withAnswerForm(request, deps.grammar.language) });
}

/** The request with its sentence's answer-form phrase taken off; a request past a limit is read as it is. */
function withAnswerForm(request: HaRequest, language: string): HaRequest {
  if (request.overLimit !== undefined) return request;
  const asked = readAnswerForm(request.userText, language);
  if (asked === undefined) return request;
  const answerForm = { form: asked.form, spoken: request.userText, separated: asked.separated };
  return { ...request, userText: asked.text, answerForm };
}
