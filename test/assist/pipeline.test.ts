// The pipeline: the order of HA-Assist's steps, and the runner that walks them until one answers or fails.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError, SILENT_LOGGER } from '../../src/common/index.ts';
import { decodeChatRequest } from '../../src/openai/index.ts';
import { createHarness } from '../server/app-harness.ts';
import { firstRequest } from './ha-turns.ts';
import { runSteps, STEPS } from '../../src/assist/pipeline.ts';
import { textReply } from '../../src/assist/reply.ts';
import {
  type Answer,
  continueWith,
  type Step,
  type StepDeps,
  type TurnState,
} from '../../src/assist/steps/turn-state.ts';
import { createFakeClock } from '../fakes/clock/index.ts';
import { stepDeps, userTurn } from './step-deps.ts';

const TURN = userTurn('Turn off the light');

/** Step deps on a fake clock that has run `monotonicMs`. */
function depsAt(monotonicMs = 0): StepDeps {
  const clock = createFakeClock();
  clock.advance(monotonicMs);
  return stepDeps({ clock });
}

/** A step that records its name in `seen` and goes on with the turn's confirmation set to `asked`. */
function goesOn(name: string, seen: string[]): Step {
  return async (state) => {
    seen.push(name);
    return continueWith(state, { confirmation: 'asked' });
  };
}

const ANSWER: Answer = {
  kind: 'reply',
  reply: textReply('Done'),
  diagnostics: { route: { route: 'direct', backend: null, prepMs: 0, inferenceCalls: 0 } },
};

describe('the order of the steps', () => {
  it('reads as one list: understand, answer a confirmation, decide without a model, then the model', () => {
    assert.deepEqual(
      STEPS.map((step) => step.name),
      [
        'understandTurn',
        'answerConfirmation',
        'readRequestType',
        'readFacts',
        'decideWithoutModel',
        'gateOwnCalls',
        'answerWithoutModel',
        'readDeviceClasses',
        'chooseModel',
        'compileTurn',
        'checkTokenBudget',
        'callModel',
        'validateOutput',
      ],
    );
  });
});

describe('runSteps', () => {
  it('starts the turn at the clock monotonic reading and hands each step what the one before set', async () => {
    const seen: string[] = [];
    const states: TurnState[] = [];
    const look: Step = async (state) => {
      states.push(state);
      return continueWith(state, {});
    };
    const run = await runSteps([goesOn('first', seen), look], TURN, depsAt(250));
    assert.deepEqual(seen, ['first']);
    assert.equal(states[0]?.started, 250);
    assert.equal(states[0]?.turn, TURN);
    assert.equal(states[0]?.confirmation, 'asked');
    assert.equal(run.kind, 'continue');
  });

  it('stops at the first step that answers', async () => {
    const seen: string[] = [];
    const answers: Step = async () => ({ kind: 'answer', answer: ANSWER });
    const run = await runSteps([goesOn('first', seen), answers, goesOn('never', seen)], TURN, stepDeps());
    assert.deepEqual(run, { kind: 'answer', answer: ANSWER });
    assert.deepEqual(seen, ['first']);
  });

  it('throws the error of a step that fails, and runs no further step', async () => {
    const seen: string[] = [];
    const error = new HearthError('BACKEND_NOT_CONFIGURED', 'no model');
    const fails: Step = async () => ({ kind: 'fail', error });
    await assert.rejects(runSteps([fails, goesOn('never', seen)], TURN, stepDeps()), (thrown) => thrown === error);
    assert.deepEqual(seen, []);
  });

  it('returns the turn so far when the steps run out (what explain compiles offline)', async () => {
    const run = await runSteps([goesOn('only', [])], TURN, depsAt(7));
    assert.deepEqual(run, { kind: 'continue', state: { turn: TURN, started: 7, confirmation: 'asked' } });
  });
});

describe('the request abort signal', () => {
  // Making a request's signal costs every deterministic answer a few percent of its time, so it stays behind a getter
  // until a step needs it (a model call, a wait): a turn HA-Assist answers alone must never read it.
  const sentences = [
    'Turn off the kitchen light',
    'turn on the floor lamp',
    'Is the bedroom fan on?',
    'close the living room blinds',
    'turn off all the lights in the bedroom',
    'what is the kitchen temperature',
  ];
  for (const sentence of sentences)
    it(`"${sentence}": answered without a model, whole and streamed, and the signal never read`, async () => {
      const { haAssist } = createHarness();
      let reads = 0;
      const options = {
        logger: SILENT_LOGGER,
        get signal() {
          reads += 1;
          return undefined;
        },
      };
      const turn = decodeChatRequest(firstRequest(sentence));
      const reply = await haAssist.complete(turn, options);
      assert.equal((reply.metrics as { ha_route: { route: string } }).ha_route.route, 'direct');
      for await (const _delta of haAssist.stream({ ...turn, stream: true }, options));
      assert.equal(reads, 0);
    });
});
