// Issue 10's rows, each through the app with the fake model's record: repair never changes meaning, negated
// requests are never acted on, and names repair would not choose between bind the model.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat, type Harness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import { firstRequest, homePlus } from './ha-turns.ts';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';
import type { Home } from '../../src/homeassistant/request/index.ts';

/** Asks `text` with a model configured; asserts the model got the turn, once, and nothing else ran. */
async function askModel(text: string, home: Home = FIXTURE_HOME): Promise<{ answer: Answer; harness: Harness }> {
  const harness = createHarness();
  const answer = await ask(harness, firstRequest(text, home));
  assert.equal(answer.metrics.ha_route?.route, 'llm', JSON.stringify(answer.metrics));
  assert.equal(harness.gemma.turns.length, 1);
  assert.equal(harness.vision.turns.length, 0);
  assert.deepEqual(answer.calls, []);
  assert.equal(answer.content, 'ok from gemma');
  return { answer, harness };
}

/** The refusal `metrics.ha_intent` reports. */
function refusalOf(answer: Answer): unknown {
  return (answer.metrics.ha_intent?.repair as { refused?: string } | undefined)?.refused;
}

describe('negated requests: never repaired, never acted on', () => {
  for (const text of ['do not turn off the kitchen light', "don't turn on the kitchen light"]) {
    it(`"${text}" goes to the model, with the reason`, async () => {
      const { answer } = await askModel(text);
      assert.equal(answer.metrics.ha_intent?.match, 'none');
      assert.equal(answer.metrics.ha_intent?.repair, undefined);
      assert.equal(answer.metrics.ha_plan?.kind, 'nevermind');
      assert.equal(answer.metrics.ha_plan?.generative_reason, 'the request is negated');
    });

    it(`"${text}" without a model: nothing is done, and the answer says so`, async () => {
      const harness = createHarness({ withoutTextModel: true });
      const answer = await ask(harness, firstRequest(text));
      assert.deepEqual(answer.calls, []);
      assert.equal(answer.content, "OK, I won't do anything.");
      assert.equal(answer.metrics.ha_route?.route, 'direct');
      assert.equal(answer.metrics.ha_plan?.kind, 'nevermind');
      assert.equal(harness.gemma.turns.length, 0);
    });
  }

  it('a negated question without a model has no plain answer: 503, as for any turn that needs one', async () => {
    const harness = createHarness({ withoutTextModel: true });
    const response = await postChat(harness.app, firstRequest('is the kitchen light not on'));
    assert.equal(response.status, 503);
    assert.equal(harness.gemma.turns.length, 0);
  });

  for (const text of ['never turn on the kitchen light', 'turn off the kitchen light no'])
    it(`"${text}" is not read as the command without its negation`, async () => {
      const { answer } = await askModel(text);
      assert.equal(answer.metrics.ha_plan?.generative_reason, 'the request is negated');
    });

  it('"is the kitchen light not on" is not read as the question without its negation', async () => {
    const { answer } = await askModel('is the kitchen light not on');
    // A question gets no plan (nothing was planned), so no `ha_plan` either.
    assert.deepEqual([answer.metrics.ha_intent?.match, answer.metrics.ha_plan], ['none', undefined]);
  });

  it('"never mind" negates nothing: it is answered at once', async () => {
    const harness = createHarness();
    const answer = await ask(harness, firstRequest('never mind'));
    assert.equal(answer.metrics.ha_route?.route, 'direct');
    assert.equal(answer.metrics.ha_plan?.kind, 'nevermind');
    assert.equal(harness.gemma.turns.length, 0);
  });

  it('a "not" inside a device\'s exact name is no negation ("turn on do not disturb")', async () => {
    const home = homePlus(FIXTURE_HOME, { name: 'Do Not Disturb', domain: 'switch', area: 'Bedroom', state: 'off' });
    const harness = createHarness();
    const answer = await ask(harness, firstRequest('turn on do not disturb', home));
    assert.deepEqual(
      answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [['HassTurnOn', { name: 'Do Not Disturb', domain: ['switch'] }]],
    );
    assert.equal(harness.gemma.turns.length, 0);
  });
});

describe('unknown verbs are never deleted: the model decides', () => {
  for (const text of ['kill the kitchen light', 'toggle the kitchen light']) {
    it(`"${text}"`, async () => {
      const { answer } = await askModel(text);
      assert.equal(refusalOf(answer), 'word-changed');
    });
  }
});

describe('content words are never substituted', () => {
  for (const text of ['how humid is it in the living room', 'how bright is it in the kitchen']) {
    it(`"${text}" is not read as "how hot is it …"`, async () => {
      const { answer } = await askModel(text);
      assert.equal(refusalOf(answer), 'word-changed');
    });
  }
});

describe('units are constraints like numbers', () => {
  for (const text of ['set the thermostat to 70 percent', 'set the kitchen light to 21 degrees']) {
    it(`"${text}": the unit is not dropped`, async () => {
      const { answer } = await askModel(text);
      assert.equal(refusalOf(answer), 'unit-changed');
    });
  }
});

describe('"switch on/off" is a verb', () => {
  it('"switch off the readng lamp" repairs the name (the Floor Lamp\'s alias): "switch" is no domain word here', async () => {
    const harness = createHarness();
    const answer = await ask(harness, firstRequest('switch off the readng lamp'));
    assert.deepEqual(
      answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [['HassTurnOff', { name: 'Floor Lamp', domain: ['light'] }]],
    );
    assert.deepEqual(
      (answer.metrics.ha_plan?.corrections as { kind: string; from: string; to: string }[]).map((c) => [
        c.kind,
        c.from,
        c.to,
      ]),
      [['fuzzy', 'readng lamp', 'Reading Lamp']],
    );
    assert.equal(harness.gemma.turns.length, 0);
  });
});

describe('names repair would not choose between bind the model', () => {
  let home = homePlus(FIXTURE_HOME, { name: 'Bed Lamp', domain: 'light', area: 'Bedroom', state: 'on' });
  home = homePlus(home, { name: 'Red Lamp', domain: 'light', area: 'Living Room', state: 'on' });
  const turnOff = (name: string) => ({
    kind: 'reply' as const,
    reply: {
      content: null,
      toolCalls: [{ id: 'c1', name: 'HassTurnOff', arguments: JSON.stringify({ name }) }],
      finishReason: 'tool_calls',
    },
  });

  it('"turn off the ced lamp": a call to an unrelated light is not sent', async () => {
    const harness = createHarness();
    harness.gemma.script(turnOff('Kitchen Light'));
    const answer = await ask(harness, firstRequest('turn off the ced lamp', home));
    assert.equal(harness.gemma.turns.length, 1);
    assert.deepEqual(answer.calls, []);
    assert.equal(refusalOf(answer), 'ambiguous');
    assert.deepEqual(answer.metrics.ha_plan?.candidates, [
      { name: 'Bed Lamp', domain: 'light', area: 'Bedroom' },
      { name: 'Red Lamp', domain: 'light', area: 'Living Room' },
    ]);
    assert.equal(answer.metrics.ha_validation?.rule, 'candidates');
    const system = String(harness.gemma.turns[0]!.messages[0]!.content);
    assert.match(
      system,
      /Several devices fit the request equally well: Bed Lamp \(Bedroom\), Red Lamp \(Living Room\)/,
    );
  });

  it('"turn off the ced lamp" with no model: asks which lamp, and sends nothing', async () => {
    const harness = createHarness({ withoutTextModel: true });
    const answer = await ask(harness, firstRequest('turn off the ced lamp', home));
    assert.deepEqual(answer.calls, []);
    assert.equal(
      answer.content,
      'Which one do you mean: the Bed Lamp in the Bedroom or the Red Lamp in the Living Room?',
    );
    assert.equal(answer.metrics.ha_route?.inference_calls, 0);
  });

  it('"turn off the ced lamp": a call to one of the candidates is sent', async () => {
    const harness = createHarness();
    harness.gemma.script(turnOff('Red Lamp'));
    const answer = await ask(harness, firstRequest('turn off the ced lamp', home));
    assert.equal(harness.gemma.turns.length, 1);
    assert.deepEqual(
      answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [['HassTurnOff', { name: 'Red Lamp' }]],
    );
    assert.equal(answer.metrics.ha_validation?.valid, true);
  });
});

describe('small slips are still repaired', () => {
  const rows: [string, string, string][] = [
    ['turn off the kitchn light', 'fuzzy', 'HassTurnOff'],
    ['turn of the kitchen light', 'skeleton', 'HassTurnOff'],
    ['tunr on the kitchen light', 'skeleton', 'HassTurnOn'],
    ['turn on the kitchen light please now', 'skeleton', 'HassTurnOn'],
  ];
  for (const [text, kind, tool] of rows) {
    it(`"${text}": ${kind}`, async () => {
      const harness = createHarness();
      const answer = await ask(harness, firstRequest(text));
      assert.deepEqual(
        answer.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
        [[tool, { name: 'Kitchen Light', domain: ['light'] }]],
      );
      assert.deepEqual(
        (answer.metrics.ha_plan?.corrections as { kind: string }[]).map((c) => c.kind),
        [kind],
      );
      assert.equal(harness.gemma.turns.length, 0);
    });
  }
});
