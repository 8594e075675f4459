// The turn so far: the one helper that derives the next state, and reading what an earlier step set.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Turn } from '../../../src/conversation/index.ts';
import { continueWith, handOverOf, need, type TurnState } from '../../../src/assist/steps/turn-state.ts';

const TURN: Turn = {
  model: 'HA-Assist',
  messages: [{ role: 'user', content: 'Turn off the light' }],
  tools: [],
  stream: false,
  includeUsage: false,
  sampling: {},
  extra: {},
};
const STATE: TurnState = { turn: TURN, started: 3 };

describe('continueWith', () => {
  it('goes on with the earlier fields and the changed ones, leaving the earlier state as it was', () => {
    const outcome = continueWith(STATE, { type: 'text' });
    assert.deepEqual(outcome, { kind: 'continue', state: { turn: TURN, started: 3, type: 'text' } });
    assert.deepEqual(STATE, { turn: TURN, started: 3 });
  });
});

describe('need', () => {
  it('returns a field an earlier step set', () => assert.equal(need<'text'>('text', 'type'), 'text'));
  it('throws, naming the field, when no step set it yet (steps out of order)', () =>
    assert.throws(() => need(STATE.request, 'request'), /the turn has no request yet/));
});

describe('handOverOf', () => {
  const generative = { kind: 'generative' as const, reason: 'no intent matched' };
  const rows: { name: string; state: TurnState; expected: unknown }[] = [
    { name: 'no decision (an image turn)', state: STATE, expected: undefined },
    { name: 'a hand-over', state: { ...STATE, decision: generative }, expected: generative },
  ];
  for (const row of rows) it(row.name, () => assert.deepEqual(handOverOf(row.state), row.expected));
  it('throws for a decision HA-Assist answers itself (it never reaches the model steps)', () => {
    const answer = { kind: 'answer' as const, text: 'Done', plan: { kind: 'action' as const } };
    assert.throws(() => handOverOf({ ...STATE, decision: answer }), /answers itself/);
  });
});
