// The step that decides without a model: an image is never decided, a request past a limit is handed over or refused.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ASSIST_SETTINGS, understandRequest } from '../../../src/assist/index.ts';
import { decideWithoutModel } from '../../../src/assist/steps/decide-without-model.ts';
import { unreadSentenceFacts } from '../../../src/assist/steps/facts/index.ts';
import type { TurnState } from '../../../src/assist/steps/turn-state.ts';
import { stepDeps, userTurn } from '../step-deps.ts';

const TURN = userTurn('Turn off the light');
const OVER_LIMIT = {
  code: 'MESSAGE_TOO_LONG' as const,
  reason: 'the message has 600 characters, more than settings.ha_assist_max_deterministic_chars (500)',
  setting: 'settings.ha_assist_max_deterministic_chars',
};
const OVER: TurnState = {
  turn: TURN,
  started: 0,
  request: { ...understandRequest(TURN), overLimit: OVER_LIMIT },
  type: 'text',
  facts: unreadSentenceFacts('en'),
};
const WITH_MODEL = stepDeps({ settings: { ...DEFAULT_ASSIST_SETTINGS, textModel: 'gemma' } });

describe('decideWithoutModel', () => {
  it('decides nothing for an image: no text shortcut answers a picture', async () => {
    const state: TurnState = { ...OVER, type: 'image' };
    assert.deepEqual(await decideWithoutModel(state, stepDeps()), { kind: 'continue', state });
  });

  it('hands a request past a limit to the model, the limit as its reason', async () => {
    const outcome = await decideWithoutModel(OVER, WITH_MODEL);
    const { reason } = OVER_LIMIT;
    const decision = { kind: 'generative', reason, plan: { kind: 'action', reason } };
    assert.deepEqual(outcome, { kind: 'continue', state: { ...OVER, decision } });
  });

  it('fails a request past a limit when there is no model, naming the limit', async () => {
    const outcome = await decideWithoutModel(OVER, stepDeps());
    assert.equal(outcome.kind, 'fail');
    assert.equal(outcome.kind === 'fail' ? outcome.error.code : undefined, 'MESSAGE_TOO_LONG');
  });
});
