// Planning a command: an area + domain command is checked against the catalogue before a call is planned.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createHomeListsCache,
  createToolSchemaValidator,
  type HaContext,
  understandRequest,
} from '../../../../src/assist/index.ts';
import { planAction } from '../../../../src/assist/steps/deterministic/plan-action.ts';
import { recognizeIntent } from '../../../../src/assist/steps/deterministic/recognize-intent.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { createHarness, postChat } from '../../../server/app-harness.ts';
import { ask } from '../../ask-app.ts';
import { firstRequest } from '../../ha-turns.ts';
import { builtInGrammar } from '../../../fixtures/grammar.ts';

/** The plan for `text` against the fixture home (kitchen and living room without a fan; a fan in the bedroom). */
function planFor(text: string, context?: HaContext) {
  const body = { ...firstRequest(text), ...(context === undefined ? {} : { ha_context: context }) };
  const request = understandRequest(decodeChatRequest(body), undefined, context);
  const lists = createHomeListsCache().listsFor(request.catalog, request.floors);
  const result = recognizeIntent(request.userText, request, builtInGrammar(), lists);
  assert.ok(result !== undefined, `"${text}" is recognised`);
  return planAction(result, request, lists, createToolSchemaValidator());
}

describe('planAction: an area or floor with no such device is not a deterministic call', () => {
  const rows: [string, HaContext | undefined, string][] = [
    ['turn off the fan in the kitchen', undefined, 'no fan in the Kitchen'],
    ['turn on the living room fan', undefined, 'no fan in the Living Room'],
    [
      'turn off the fans on the ground floor',
      { floors: [{ name: 'Ground Floor', areas: ['Kitchen', 'Living Room'] }] },
      'no fan on the Ground Floor',
    ],
  ];
  for (const [text, context, missing] of rows)
    it(`"${text}" → not deterministic: ${missing}`, () => {
      assert.deepEqual(planFor(text, context), {
        kind: 'not-deterministic',
        reason: `the catalogue has ${missing}`,
        answer: `There is ${missing}.`,
      });
    });

  it('an area that has the device is planned as before', () => {
    const plan = planFor('turn off the fan in the bedroom');
    assert.equal(plan.kind, 'call');
    assert.deepEqual(plan.kind === 'call' ? plan.arguments : undefined, { area: 'Bedroom', domain: ['fan'] });
  });

  it('a floor whose areas hold the device is planned as before', () => {
    const plan = planFor('turn off the lights on the ground floor', {
      floors: [{ name: 'Ground Floor', areas: ['Kitchen', 'Living Room'] }],
    });
    assert.equal(plan.kind, 'call');
    assert.deepEqual(plan.kind === 'call' ? plan.arguments : undefined, { floor: 'Ground Floor', domain: ['light'] });
  });
});

describe('"turn off the fan in the kitchen" through the app, the kitchen having no fan', () => {
  it('goes to the model once, saying why, instead of a call Home Assistant would reject', async () => {
    const harness = createHarness();
    const answer = await ask(harness, firstRequest('turn off the fan in the kitchen'));
    assert.equal(harness.gemma.turns.length, 1);
    assert.equal(harness.vision.turns.length, 0);
    assert.equal(answer.content, 'ok from gemma');
    assert.deepEqual(answer.calls, []);
    assert.equal(answer.metrics.ha_plan?.kind, 'action');
    assert.equal(answer.metrics.ha_plan?.reason, 'the catalogue has no fan in the Kitchen');
    assert.equal(answer.metrics.ha_plan?.generative_reason, 'the catalogue has no fan in the Kitchen');
  });

  it('the bedroom, which has a fan, is still a direct call', async () => {
    const harness = createHarness();
    const answer = await ask(harness, firstRequest('turn off the fan in the bedroom'));
    assert.equal(harness.gemma.turns.length, 0);
    assert.deepEqual(
      answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [['HassTurnOff', { area: 'Bedroom', domain: ['fan'] }]],
    );
  });

  it('never sends the rejected call, streamed either', async () => {
    const harness = createHarness();
    const response = await postChat(harness.app, { ...firstRequest('turn off the fan in the kitchen'), stream: true });
    const text = await response.text();
    assert.equal(response.status, 200);
    assert.doesNotMatch(text, /HassTurnOff/);
    assert.equal(harness.gemma.turns.length, 1);
  });
});
