// The HA-Assist pipeline: the one place that knows the order of the steps.

import assert from 'node:assert/strict';
import { deltasOfReply, type Turn } from '../conversation/index.ts';
import { toWireMetrics } from './diagnostics/index.ts';
import { explainModelTurn } from './explain-turn.ts';
import type { AssistCallOptions, AssistDeps, HaAssist } from './ha-assist.ts';
import { answerConfirmation } from './steps/answer-confirmation.ts';
import { answerWithoutModel } from './steps/answer-without-model.ts';
import { callModel } from './steps/call-model.ts';
import { checkTokenBudget } from './steps/check-token-budget.ts';
import { chooseModel } from './steps/choose-model.ts';
import { compileTurn } from './steps/compile-turn.ts';
import { decideWithoutModel } from './steps/decide-without-model.ts';
import { gateOwnCalls } from './steps/gate-own-calls.ts';
import { readDeviceClasses } from './steps/read-device-classes.ts';
import { readFacts } from './steps/read-facts.ts';
import { readRequestType } from './steps/read-request-type.ts';
import type { Answer, Step, StepDeps, TurnState } from './steps/turn-state.ts';
import { understandTurn } from './steps/understand-turn.ts';
import { validateOutput } from './steps/validate-output.ts';

/**
 * The steps of every turn, in order, for `complete` and `stream` alike. Each takes the turn so far and goes on
 * with it, answers, or fails; the first answer is the turn's.
 */
export const STEPS: readonly Step[] = [
  understandTurn,
  answerConfirmation,
  readRequestType,
  readFacts,
  decideWithoutModel,
  gateOwnCalls,
  answerWithoutModel,
  readDeviceClasses,
  // What is left goes to a model (`explain` stops here and compiles the prompt offline).
  chooseModel,
  compileTurn,
  checkTokenBudget,
  callModel,
  validateOutput,
];

/** The steps HA-Assist answers with alone: those before the model's part of the list. */
const STEPS_WITHOUT_MODEL = STEPS.slice(0, STEPS.indexOf(chooseModel));

/** How running steps ends: with an answer, or with the turn so far when the steps ran out. */
export type StepsRun = { kind: 'answer'; answer: Answer } | { kind: 'continue'; state: TurnState };

/** Runs `steps` in order over a new turn until one answers; a step that fails throws its error. */
export async function runSteps(steps: readonly Step[], turn: Turn, deps: StepDeps): Promise<StepsRun> {
  let state: TurnState = { turn, started: deps.clock.monotonic() };
  for (const step of steps) {
    const outcome = await step(state, deps);
    if (outcome.kind === 'fail') throw outcome.error;
    if (outcome.kind === 'answer') return outcome;
    state = outcome.state;
  }
  return { kind: 'continue', state };
}

/**
 * What every step is given for one turn. The request's abort signal stays behind a getter: a spread would read it, and
 * making it costs every deterministic answer a few percent of its time (see server/routes/call-options.ts).
 */
function stepDeps(deps: AssistDeps, options: AssistCallOptions, mode: StepDeps['mode']): StepDeps {
  return {
    ...deps,
    mode,
    logger: options.logger,
    get signal() {
      return options.signal;
    },
  };
}

/** Builds the HA-Assist pipeline. */
export function createHaAssist(deps: AssistDeps): HaAssist {
  /** Answers a turn through every step; a direct answer is told to the page's chart here (a model's, when it ends). */
  async function answer(turn: Turn, options: AssistCallOptions, mode: 'complete' | 'stream'): Promise<Answer> {
    const run = await runSteps(STEPS, turn, stepDeps(deps, options, mode));
    assert(run.kind === 'answer', 'the last step answers every turn that reaches it');
    const { answer } = run;
    // A direct answer took its preparation time; nothing else ran.
    if (answer.kind === 'reply' && answer.diagnostics.route.route === 'direct')
      deps.recent?.add({ route: 'direct', ms: answer.diagnostics.route.prepMs, source: 'api' });
    return answer;
  }

  return {
    async explain(turn, options) {
      const explaining = stepDeps(deps, options, 'explain');
      const run = await runSteps(STEPS_WITHOUT_MODEL, turn, explaining);
      if (run.kind === 'continue') return explainModelTurn(run.state, explaining);
      assert(run.answer.kind === 'reply', 'only the model streams');
      return { route: 'direct', reply: run.answer.reply, diagnostics: run.answer.diagnostics };
    },

    async complete(turn, options) {
      const answered = await answer(turn, options, 'complete');
      assert(answered.kind === 'reply', 'a turn answered whole is never streamed');
      return { ...answered.reply, metrics: toWireMetrics(answered.diagnostics) };
    },

    async *stream(turn, options) {
      const answered = await answer(turn, options, 'stream');
      yield* answered.kind === 'stream' ? answered.deltas : deltasOfReply(answered.reply);
    },
  };
}
