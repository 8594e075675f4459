// Extended OpenAI Conversation through the app: its `execute_services` function instead of Home Assistant's intent
// tools, replayed from the fixture's round (ha-requests.md §6.5).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../server/app-harness.ts';
import { ask, type Answer } from './ask-app.ts';
import {
  assertNoModel,
  callsOf,
  EXTENDED_FIXTURE,
  EXTENDED_SYSTEM,
  extendedRequest,
  service,
} from './extended-turns.ts';
import { textOf } from '../../src/conversation/index.ts';
import type { HaChatRequest } from '../../src/homeassistant/request/index.ts';

const FIXTURE = EXTENDED_FIXTURE;
const SYSTEM = EXTENDED_SYSTEM;

/** The fixture's prompt with the device rows `rows` instead of its own (same header, same instructions). */
function systemWith(header: string, rows: readonly string[]): string {
  return SYSTEM.replace(/entity_id,name,state,aliases\n[\s\S]*?\n```/u, `${header}\n${rows.join('\n')}\n\`\`\``);
}

/** The next round: the assistant's call echoed (no `content`) and the integration's Python-repr result. */
function withServiceResult(request: HaChatRequest, call: Answer['calls'][number], result: string): HaChatRequest {
  const messages = [
    ...request.messages,
    {
      role: 'assistant',
      tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }],
    },
    { tool_call_id: call.id, role: 'tool', name: call.name, content: result },
  ];
  return { ...request, messages } as HaChatRequest;
}

describe('Extended OpenAI Conversation: deterministic commands become one execute_services call', () => {
  it("replays the fixture's round: the same call, then the acknowledgement of its result", async () => {
    const harness = createHarness();
    const first = { ...FIXTURE, messages: FIXTURE.messages.slice(0, 2) } as HaChatRequest;
    const answer = await ask(harness, first);
    assertNoModel(harness, answer);
    const recorded = (FIXTURE.messages[2]!.tool_calls as { function: { name: string; arguments: string } }[])[0]!;
    assert.deepEqual(callsOf(answer), [[recorded.function.name, JSON.parse(recorded.function.arguments)]]);
    const done = await ask(harness, FIXTURE);
    assertNoModel(harness, done);
    assert.equal(done.content, 'Turned off Living Room Light.');
    assert.deepEqual(done.calls, []);
  });

  it('"turn off the kitchen light" → light.turn_off on light.kitchen_light, 0 model calls', async () => {
    const harness = createHarness();
    const answer = await ask(harness, extendedRequest('turn off the kitchen light'));
    assertNoModel(harness, answer);
    assert.deepEqual(callsOf(answer), [
      ['execute_services', { list: [service('light', 'turn_off', 'light.kitchen_light')] }],
    ]);
  });

  it('"turn off the lights in the kitchen" (a prompt with an area column) → every kitchen light in one item', async () => {
    const harness = createHarness();
    const system = systemWith('entity_id,name,state,aliases,area', [
      'light.kitchen_light,Kitchen Light,on,,Kitchen',
      'light.kitchen_spots,Kitchen Spots,on,,Kitchen',
      'switch.coffee_maker,Coffee Maker,on,,Kitchen',
      'light.living_room_light,Living Room Light,on,Ceiling Light,Living Room',
    ]);
    const answer = await ask(harness, extendedRequest('turn off the lights in the kitchen', system));
    assertNoModel(harness, answer);
    assert.deepEqual(callsOf(answer), [
      ['execute_services', { list: [service('light', 'turn_off', 'light.kitchen_light, light.kitchen_spots')] }],
    ]);
  });

  const rows: [string, unknown][] = [
    [
      'set the kitchen light to 40% brightness',
      [service('light', 'turn_on', 'light.kitchen_light', { brightness_pct: 40 })],
    ],
    ['set the kitchen light to red', [service('light', 'turn_on', 'light.kitchen_light', { color_name: 'red' })]],
    ['close the living room blinds', [service('cover', 'close_cover', 'cover.living_room_blinds')]],
    [
      'set the living room blinds to 0%',
      [service('cover', 'set_cover_position', 'cover.living_room_blinds', { position: 0 })],
    ],
    [
      'set the thermostat to 21 degrees',
      [service('climate', 'set_temperature', 'climate.thermostat', { temperature: 21 })],
    ],
    ['set the bedroom fan to 50%', [service('fan', 'set_percentage', 'fan.bedroom_fan', { percentage: 50 })]],
    ['turn on the coffee maker', [service('switch', 'turn_on', 'switch.coffee_maker')]],
    ['lock the front door', [service('lock', 'lock', 'lock.front_door')]],
    ['add milk to my shopping list', [service('todo', 'add_item', 'todo.shopping_list', { item: 'milk' })]],
  ];
  for (const [sentence, list] of rows)
    it(`"${sentence}" → ${JSON.stringify(list)}`, async () => {
      const harness = createHarness();
      const answer = await ask(harness, extendedRequest(sentence));
      assertNoModel(harness, answer);
      assert.deepEqual(callsOf(answer), [['execute_services', { list }]]);
    });
});

describe('Extended OpenAI Conversation: sensitive actions and results', () => {
  it('"unlock the front door" → a confirmation question; "yes" → lock.unlock; its result → the acknowledgement', async () => {
    const harness = createHarness();
    const first = extendedRequest('unlock the front door');
    const question = await ask(harness, first);
    assertNoModel(harness, question);
    assert.deepEqual(question.calls, []);
    assert.equal(question.content, 'Unlock the Front Door? Say yes to confirm.');
    const yes = {
      ...first,
      messages: [...first.messages, { role: 'assistant', content: question.content }, { role: 'user', content: 'yes' }],
    } as HaChatRequest;
    const sent = await ask(harness, yes);
    assertNoModel(harness, sent);
    assert.deepEqual(callsOf(sent), [['execute_services', { list: [service('lock', 'unlock', 'lock.front_door')] }]]);
    const done = await ask(harness, withServiceResult(yes, sent.calls[0]!, "[{'success': True}]"));
    assertNoModel(harness, done);
    assert.equal(done.content, 'Unlocking Front Door.');
  });

  it('"set the living room blinds to 30%" opens a cover of unknown class (the CSV has none, and there is no live read): asked first', async () => {
    const harness = createHarness();
    const answer = await ask(harness, extendedRequest('set the living room blinds to 30%'));
    assertNoModel(harness, answer);
    assert.equal(answer.content, 'Set the Living Room Blinds to 30 %? Say yes to confirm.');
  });

  it("the integration's error result → plainly what failed, without a model", async () => {
    const harness = createHarness();
    const first = extendedRequest('turn off the kitchen light');
    const call = (await ask(harness, first)).calls[0]!;
    const answer = await ask(harness, withServiceResult(first, call, "{'error': 'Service light.turn_off not found.'}"));
    assertNoModel(harness, answer);
    assert.equal(answer.content, 'Sorry, that did not work: Service light.turn_off not found.');
  });
});

describe('Extended OpenAI Conversation: the generative path', () => {
  it("a general question → the model, with the integration's instructions, entity ids and execute_services", async () => {
    const harness = createHarness();
    const answer = await ask(harness, extendedRequest('Is it a good idea to turn the kitchen light on at night?'));
    assert.equal(answer.metrics.ha_route?.route, 'llm');
    assert.equal(harness.gemma.turns.length, 1);
    const turn = harness.gemma.turns[0]!;
    const system = textOf(turn.messages[0]!.content);
    assert.match(system, /I want you to act as smart home manager of Home Assistant\./u);
    assert.match(system, /Use execute_services function only for requested action, not for current states\./u);
    assert.match(system, /Do not execute service without user's confirmation\./u);
    assert.match(system, /- Kitchen Light \| light \| entity_id: light\.kitchen_light \| state: off/u);
    assert.doesNotMatch(system, /entity_id,name,state,aliases/u, 'the CSV itself is replaced by the relevant devices');
    assert.deepEqual(
      turn.tools.map((tool) => tool.name),
      ['execute_services'],
    );
  });

  it("the model's execute_services call on a listed entity id is sent", async () => {
    const harness = createHarness();
    const list = [service('switch', 'turn_on', 'switch.coffee_maker')];
    harness.gemma.script(modelCall({ list }));
    const answer = await ask(harness, extendedRequest('I could use a coffee, could you sort that out?'));
    assert.equal(answer.metrics.ha_validation?.ok ?? true, true, JSON.stringify(answer.metrics.ha_validation));
    assert.deepEqual(callsOf(answer), [['execute_services', { list }]]);
  });

  it("the model's execute_services call on an unknown entity id is rejected", async () => {
    const harness = createHarness();
    harness.gemma.script(modelCall({ list: [service('switch', 'turn_on', 'switch.espresso_machine')] }));
    const answer = await ask(harness, extendedRequest('I could use a coffee, could you sort that out?'));
    assert.deepEqual(answer.calls, []);
    assert.match(answer.content ?? '', /"switch\.espresso_machine", which is not an exposed device/u);
  });

  it("the model's unlock through execute_services → the same confirmation question", async () => {
    const harness = createHarness();
    harness.gemma.script(modelCall({ list: [service('lock', 'unlock', 'lock.front_door')] }));
    const answer = await ask(harness, extendedRequest('My friend is at the door, let her in please'));
    assert.deepEqual(answer.calls, []);
    assert.equal(answer.content, 'Unlock the Front Door? Say yes to confirm.');
  });
});

describe('Extended OpenAI Conversation: the model is held to the values the sentence asked for', () => {
  /** Two lights called "Ceiling Light": the plan asks which, and hands the model the candidates and brightness 70. */
  const system = systemWith('entity_id,name,state,aliases', [
    'light.living_room_light,Living Room Light,on,Ceiling Light',
    'light.bedroom_light,Bedroom Light,off,Ceiling Light',
  ]);
  const setBrightness = (data: Record<string, unknown>) =>
    modelCall({ list: [service('light', 'turn_on', 'light.bedroom_light', data)] });

  it('light.turn_on with brightness_pct 40 for "70 %" is rejected (rule value); with 70 it is sent', async () => {
    const harness = createHarness();
    harness.gemma.script(setBrightness({ brightness_pct: 40 }), setBrightness({ brightness_pct: 70 }));
    const wrong = await ask(harness, extendedRequest('set the ceiling light to 70%', system));
    assert.deepEqual(wrong.metrics.ha_plan?.values, { brightness: 70 });
    assert.equal(wrong.metrics.ha_validation?.rule, 'value');
    assert.match(
      String(wrong.metrics.ha_validation?.reason),
      /must set light\.turn_on's brightness_pct to 70 as asked, not 40/u,
    );
    assert.deepEqual(wrong.calls, []);
    const right = await ask(harness, extendedRequest('set the ceiling light to 70%', system));
    assert.equal(right.metrics.ha_validation?.valid, true);
    assert.deepEqual(callsOf(right), [
      ['execute_services', { list: [service('light', 'turn_on', 'light.bedroom_light', { brightness_pct: 70 })] }],
    ]);
  });

  it('light.turn_on that leaves the brightness out is rejected too', async () => {
    const harness = createHarness();
    harness.gemma.script(setBrightness({}));
    const answer = await ask(harness, extendedRequest('set the ceiling light to 70%', system));
    assert.equal(answer.metrics.ha_validation?.rule, 'value');
    assert.match(String(answer.metrics.ha_validation?.reason), /brightness_pct to 70 as asked, not leave it out/u);
  });
});

/** A scripted model reply calling execute_services with `args`. */
function modelCall(args: unknown) {
  return {
    kind: 'reply' as const,
    reply: {
      content: null,
      toolCalls: [{ id: 'call_model_1', name: 'execute_services', arguments: JSON.stringify(args) }],
      finishReason: 'tool_calls' as const,
    },
  };
}
