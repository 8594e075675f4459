// The step that calls the chosen model: whole for `complete`, as a stream for `stream`, with the compiled turn.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createEstimateCounter } from '../../../src/backends/index.ts';
import { callModel } from '../../../src/assist/steps/call-model.ts';
import type { TurnState } from '../../../src/assist/steps/turn-state.ts';
import { createScriptedBackend } from '../../fakes/scripted-backend/index.ts';
import { stepDeps, userTurn } from '../step-deps.ts';

/** A turn ready for the model `gemma`, with `prompt` as its compiled turn. */
function readyFor(backend: ReturnType<typeof createScriptedBackend>): TurnState {
  const prompt = userTurn('compiled');
  return {
    turn: userTurn('Turn off the light'),
    started: 0,
    model: { route: 'llm', model: { backend, maxInputTokens: 4096, tokens: createEstimateCounter() } },
    compiled: { turn: prompt, diagnostics: {} },
  };
}

describe('callModel', () => {
  it('calls the model once, whole, with the compiled turn when the answer is wanted whole', async () => {
    const gemma = createScriptedBackend('gemma');
    const state = readyFor(gemma);
    const outcome = await callModel(state, stepDeps());
    assert.equal(outcome.kind, 'continue');
    const output = outcome.kind === 'continue' ? outcome.state.output : undefined;
    assert.deepEqual(output, {
      kind: 'reply',
      reply: { content: 'ok from gemma', toolCalls: [], finishReason: 'stop' },
    });
    assert.deepEqual(gemma.turns, [state.compiled?.turn]);
  });

  it('streams the model with the compiled turn when the answer is streamed', async () => {
    const gemma = createScriptedBackend('gemma');
    gemma.script({ kind: 'stream', deltas: [{ content: 'Hel' }, { content: 'lo' }, { finishReason: 'stop' }] });
    const state = readyFor(gemma);
    const outcome = await callModel(state, stepDeps({ mode: 'stream' }));
    const output = outcome.kind === 'continue' ? outcome.state.output : undefined;
    assert.equal(output?.kind, 'stream');
    const deltas = [];
    if (output?.kind === 'stream') for await (const delta of output.deltas) deltas.push(delta);
    assert.deepEqual(deltas, [{ content: 'Hel' }, { content: 'lo' }, { finishReason: 'stop' }]);
    assert.deepEqual(gemma.turns, [state.compiled?.turn]);
  });
});
