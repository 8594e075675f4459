// The gate's condition rule: HA-Assist's own plan acts on a conditional sentence only when it checked the condition
// and it holds, or when the grammar matched the sentence word for word ("play When Doves Cry"); a model's calls are its
// judgement of the condition. Generated over condition words, sentence shapes and homes.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GateCall } from '../../../../src/assist/steps/gate/index.ts';
import { generateGateHome } from '../../gate-homes.ts';
import { verdictOf as verdictIn } from './gate-verdict.ts';

/** The verdict's kind and rule for `calls` on `text`. */
const verdictOf = (
  home: ReturnType<typeof generateGateHome>,
  text: string,
  calls: GateCall[],
  plan: { isExact: boolean; conditionHeld: boolean },
  source: 'deterministic' | 'model',
) => verdictIn(home.home, text, calls, plan, source);

const CONDITIONS = ['if', 'when', 'unless', 'whenever', 'once', 'until', 'while'];
const SHAPES = [
  (word: string, lamp: string) => `turn on the ${lamp} ${word} it gets dark`,
  (word: string, lamp: string) => `${word} the front door opens, turn on the ${lamp}`,
  (word: string, lamp: string) => `${word} the hall is below 19 degrees turn on the ${lamp}`,
];

describe('the gate: a conditional sentence', () => {
  const homes = [3, 8, 13].map(generateGateHome);
  const cases = homes.flatMap((home) =>
    CONDITIONS.flatMap((word) =>
      SHAPES.map((shape) => {
        const lamp = home.lamp(home.areas[0]!);
        return {
          home,
          text: shape(word, lamp.toLowerCase()),
          call: { name: 'HassTurnOn', arguments: JSON.stringify({ name: lamp, domain: ['light'] }) },
        };
      }),
    ),
  );
  it(`is never acted on by a plan that did not check its condition (${cases.length} sentences)`, () => {
    for (const { home, text, call } of cases)
      assert.deepEqual(
        verdictOf(home, text, [call], { isExact: false, conditionHeld: false }, 'deterministic'),
        ['refuse', 'condition'],
        text,
      );
  });
  it('is acted on when the plan checked the condition and it holds, or the grammar matched it word for word', () => {
    for (const { home, text, call } of cases) {
      assert.deepEqual(
        verdictOf(home, text, [call], { isExact: false, conditionHeld: true }, 'deterministic'),
        ['send'],
        text,
      );
      assert.deepEqual(
        verdictOf(home, text, [call], { isExact: true, conditionHeld: false }, 'deterministic'),
        ['send'],
        text,
      );
    }
  });
  it("leaves a model's calls to its judgement of the condition", () => {
    for (const { home, text, call } of cases)
      assert.deepEqual(
        verdictOf(home, text, [call], { isExact: false, conditionHeld: false }, 'model'),
        ['send'],
        text,
      );
  });
  it('does not apply to a sentence without a condition word', () => {
    const home = homes[0]!;
    const lamp = home.lamp(home.areas[0]!);
    const call = { name: 'HassTurnOn', arguments: JSON.stringify({ name: lamp, domain: ['light'] }) };
    for (const text of [`turn on the ${lamp}`, `please turn on the ${lamp} now`, `turn on the ${lamp} quickly`])
      assert.deepEqual(
        verdictOf(home, text, [call], { isExact: false, conditionHeld: false }, 'deterministic'),
        ['send'],
        text,
      );
  });
});
