// The generative path through the app: exactly one backend call, with a compact prompt holding what matters.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat } from '../server/app-harness.ts';
import { ask } from './ask-app.ts';
import { homePlus, withResult } from './ha-turns.ts';
import { DEMO_HOME } from '../../src/demo-home/index.ts';
import {
  buildHaRequest,
  renderLiveContext,
  type HaChatRequest,
  type Home,
} from '../../src/homeassistant/request/index.ts';
import { textOf, type Turn } from '../../src/conversation/index.ts';

/** The demo home with temperature sensors in the office and the bedroom. */
const HOME: Home = homePlus(
  homePlus(DEMO_HOME, {
    name: 'Office Temperature',
    domain: 'sensor',
    area: 'Office',
    state: '24.1',
    attributes: { unit_of_measurement: '°C', device_class: 'temperature' },
  }),
  {
    name: 'Bedroom Temperature',
    domain: 'sensor',
    area: 'Bedroom',
    state: '19.2',
    attributes: { unit_of_measurement: '°C', device_class: 'temperature' },
  },
);

function request(userText: string, extra: Record<string, unknown> = {}): HaChatRequest {
  return { ...buildHaRequest(HOME, { userText, era: '2026' }), ...extra } as HaChatRequest;
}

/** The system text and the tool names the model was given. */
function promptOf(turn: Turn): { system: string; tools: string[] } {
  return { system: textOf(turn.messages[0]!.content), tools: turn.tools.map((tool) => tool.name) };
}

/** The device lines of the prompt's device list. */
function deviceNames(system: string): string[] {
  return system
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) =>
      line
        .slice(2)
        .split(' | ')[0]!
        .replace(/ \(aliases: .*\)$/, ''),
    );
}

const DOWNSTAIRS = {
  ha_context: {
    floors: [{ name: 'Ground Floor', aliases: ['Downstairs'], areas: ['Living Room', 'Kitchen', 'Hallway'] }],
  },
};

describe("requests that need generation (the document's examples)", () => {
  const cases: { text: string; extra?: Record<string, unknown>; relevant: string[]; irrelevant: string[] }[] = [
    {
      text: 'Make the living room more comfortable',
      relevant: ['Thermostat', 'Living Room Blinds'],
      irrelevant: ['Coffee Maker', 'Front Door', 'Shopping List', 'Bedroom Fan'],
    },
    {
      text: 'If it gets too warm later, do something sensible',
      relevant: ['Thermostat', 'Kitchen Temperature'],
      irrelevant: ['Coffee Maker', 'Front Door', 'Shopping List', 'Robot Vacuum'],
    },
    {
      text: 'Turn off everything downstairs except what we still need',
      extra: DOWNSTAIRS,
      relevant: ['Living Room Light', 'Kitchen Light', 'Hallway Light'],
      irrelevant: ['Bedroom Light', 'Desk Lamp', 'Bathroom Light'],
    },
    {
      text: 'Explain why my office is warmer than the bedroom',
      relevant: ['Office Temperature', 'Bedroom Temperature'],
      irrelevant: ['Coffee Maker', 'Front Door', 'Kitchen Speaker', 'Shopping List'],
    },
  ];
  for (const { text, extra, relevant, irrelevant } of cases) {
    it(`"${text}": one call to the text model, with the relevant devices and not the others`, async () => {
      const harness = createHarness();
      const answer = await ask(harness, request(text, extra));
      assert.equal(harness.gemma.turns.length, 1);
      assert.equal(harness.vision.turns.length, 0);
      assert.deepEqual(answer.metrics.ha_route, {
        ...answer.metrics.ha_route,
        route: 'llm',
        backend: 'gemma',
        inference_calls: 1,
      });
      const devices = deviceNames(promptOf(harness.gemma.turns[0]!).system);
      for (const name of relevant) assert.ok(devices.includes(name), `${name} missing from ${devices.join(', ')}`);
      for (const name of irrelevant)
        assert.ok(!devices.includes(name), `${name} should not be in ${devices.join(', ')}`);
      assert.equal(harness.gemma.turns[0]!.extra.ha_context, undefined);
    });
  }

  it("keeps an Ollama client's runner settings (num_ctx, keep_alive, think) from HA-Assist's model", async () => {
    const harness = createHarness();
    const body = {
      ...request('What is the capital of France?'),
      stream: false,
      keep_alive: -1,
      think: true,
      options: { num_ctx: 8192 },
    };
    const response = await harness.app.fetch(
      new Request('http://hearth.test/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    assert.equal(response.status, 200);
    assert.equal(harness.gemma.turns.length, 1);
    assert.equal(harness.gemma.turns[0]!.ollama, undefined);
  });

  it('"What is the capital of France?": the question alone, no devices and no tools', async () => {
    const harness = createHarness();
    await ask(harness, request('What is the capital of France?'));
    assert.equal(harness.gemma.turns.length, 1);
    const turn = harness.gemma.turns[0]!;
    const { system, tools } = promptOf(turn);
    assert.deepEqual(deviceNames(system), []);
    assert.deepEqual(tools, []);
    assert.equal(turn.toolChoice, undefined);
    assert.match(system, /Answer questions about the world truthfully/);
    assert.doesNotMatch(system, /Static Context|names: /);
    assert.equal(textOf(turn.messages.at(-1)!.content), 'What is the capital of France?');
  });

  it('an image and "What can you see?": one call to the vision model with the image, none to the text model', async () => {
    const harness = createHarness();
    const body = request('x');
    const image = {
      role: 'user',
      content: [
        { type: 'text', text: 'What can you see?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    };
    const answer = await ask(harness, { ...body, messages: [body.messages[0]!, image] } as HaChatRequest);
    assert.equal(harness.vision.turns.length, 1);
    assert.equal(harness.gemma.turns.length, 0);
    assert.equal(answer.metrics.ha_route?.route, 'vlm');
    const last = harness.vision.turns[0]!.messages.at(-1)!;
    assert.ok(Array.isArray(last.content) && last.content.some((part) => part.kind === 'image'));
  });

  it('keeps the prompt far smaller than the request, and names the tokenizer that counted it', async () => {
    const harness = createHarness();
    const body = request('Make the living room more comfortable');
    const answer = await ask(harness, body);
    const prompt = answer.metrics.ha_prompt as { tokens: number; tokenizer: string; tools: number };
    assert.equal(prompt.tokenizer, 'estimate');
    assert.ok(prompt.tokens < JSON.stringify(body).length / 3.5 / 2, `prompt ${prompt.tokens} tokens`);
    assert.ok(prompt.tools > 0 && prompt.tools < body.tools!.length);
  });
});

describe('the active tool round', () => {
  it("keeps the model's GetLiveContext call and its result, reduced to the relevant devices", async () => {
    const harness = createHarness();
    const first = request('Explain why my office is warmer than the bedroom');
    const result = renderLiveContext(HOME);
    await ask(harness, withResult(first, { id: 'call_1', name: 'GetLiveContext', arguments: '{}' }, result));
    assert.equal(harness.gemma.turns.length, 1);
    const turn = harness.gemma.turns[0]!;
    assert.ok(turn.tools.some((tool) => tool.name === 'GetLiveContext'));
    const assistant = turn.messages.find((message) => message.role === 'assistant');
    assert.deepEqual(assistant?.role === 'assistant' ? assistant.toolCalls.map((call) => call.name) : [], [
      'GetLiveContext',
    ]);
    const tool = turn.messages.find((message) => message.role === 'tool');
    const text = textOf(tool!.content);
    assert.match(text, /Office Temperature \| sensor \| area: Office \| state: 24\.1/);
    assert.doesNotMatch(text, /Coffee Maker/);
    assert.ok(text.length < result.length / 3);
  });
});

describe('the native token budget', () => {
  it('fails with context_length_exceeded naming both numbers, and calls no model', async () => {
    const harness = createHarness({ maxInputTokens: 128 });
    const response = await postChat(harness.app, request('Make the living room more comfortable'));
    const body = (await response.json()) as { error: { code: string; message: string; param: string } };
    assert.equal(response.status, 400);
    assert.equal(body.error.code, 'context_length_exceeded');
    assert.match(body.error.message, /is \d+ tokens, but model 'gemma' accepts at most 128 input tokens/);
    assert.equal(harness.gemma.turns.length, 0);
  });

  it("counts with the model's own tokenizer", async () => {
    const counted: string[] = [];
    const tokens = {
      source: 'test tokenizer',
      count: async (text: string) => {
        counted.push(text);
        return 7;
      },
    };
    const harness = createHarness({ tokens });
    const answer = await ask(harness, request('Make the living room more comfortable'));
    assert.equal(counted.length, 1);
    assert.match(counted[0]!, /Thermostat/);
    assert.deepEqual((answer.metrics.ha_prompt as { tokenizer: string }).tokenizer, 'test tokenizer');
  });
});
