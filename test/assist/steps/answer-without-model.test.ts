// The step that answers what needs no model: a decided answer, or a hand-over's own answer when there is no model.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ASSIST_SETTINGS } from '../../../src/assist/index.ts';
import { answerWithoutModel } from '../../../src/assist/steps/answer-without-model.ts';
import type { Decision } from '../../../src/assist/steps/deterministic/decision.ts';
import type { StepOutcome, TurnState } from '../../../src/assist/steps/turn-state.ts';
import { stepDeps, userTurn } from '../step-deps.ts';

const STATE: TurnState = { turn: userTurn('Turn off the lamp'), started: 0, type: 'text' };
const QUESTION = 'Which one: the desk lamp or the floor lamp?';
const HAND_OVER: Decision = { kind: 'generative', reason: 'two lamps fit', withoutModel: QUESTION };
const WITH_MODEL = stepDeps({ settings: { ...DEFAULT_ASSIST_SETTINGS, textModel: 'gemma' } });

/** The answer's text, or `continue` when the turn goes on. */
function textOf(outcome: StepOutcome): string {
  if (outcome.kind === 'continue') return 'continue';
  assert.equal(outcome.kind, 'answer');
  return outcome.kind === 'answer' && outcome.answer.kind === 'reply' ? (outcome.answer.reply.content ?? '') : '';
}

describe('answerWithoutModel', () => {
  const rows: { name: string; decision?: Decision; hasModel: boolean; expected: string }[] = [
    {
      name: 'a decided answer is answered, model or not',
      decision: { kind: 'answer', text: 'It is 5 PM.', plan: { kind: 'time' } },
      hasModel: true,
      expected: 'It is 5 PM.',
    },
    {
      name: 'a hand-over with no model is answered with its own answer',
      decision: HAND_OVER,
      hasModel: false,
      expected: QUESTION,
    },
    {
      name: 'a hand-over goes on to the model when there is one',
      decision: HAND_OVER,
      hasModel: true,
      expected: 'continue',
    },
    { name: 'no decision (an image) goes on', hasModel: false, expected: 'continue' },
  ];
  for (const row of rows)
    it(row.name, async () => {
      const state = row.decision === undefined ? STATE : { ...STATE, decision: row.decision };
      assert.equal(textOf(await answerWithoutModel(state, row.hasModel ? WITH_MODEL : stepDeps())), row.expected);
    });

  it('reports an ambiguous plan for a hand-over answered without a model', async () => {
    const outcome = await answerWithoutModel({ ...STATE, decision: HAND_OVER }, stepDeps());
    const plan =
      outcome.kind === 'answer' && outcome.answer.kind === 'reply' ? outcome.answer.diagnostics.plan : undefined;
    assert.deepEqual(plan, { kind: 'ambiguous' });
  });
});
