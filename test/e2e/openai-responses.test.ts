// End to end: the official openai client's Responses API against the real program, the fake backend behind it.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import { createSimulatedHome, runConversation, type ConversationTurn } from '../fakes/home-assistant/index.ts';
import { readHaRequestFixture } from '../fixtures/data.ts';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';
import { chatToResponses, responseToChat, type ChatShapedAnswer } from '../fixtures/chat-to-responses.ts';
import { gemmaConfig } from './gemma-config.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

const LOOKUP_TOOL = {
  type: 'function' as const,
  name: 'lookup',
  description: 'Look something up',
  parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  strict: false,
};

type Metrics = Record<string, unknown>;

let fake: FakeOpenAiServer;
let hearth: RunningHearth;
let client: OpenAI;

before(async () => {
  fake = await startFakeOpenAiServer({ models: ['gemma-4-E2B-it'] });
  hearth = await spawnHearth(gemmaConfig(fake.baseUrl, ['  broken:', '    base_url: http://127.0.0.1:9/v1']));
  client = new OpenAI({ baseURL: `${hearth.url}/v1`, apiKey: 'not-needed', maxRetries: 0 });
});

after(async () => {
  await hearth?.stop();
  await fake?.close();
});

/** Every event of a streamed response, in order. */
async function streamEvents(params: OpenAI.Responses.ResponseCreateParamsNonStreaming) {
  const events: OpenAI.Responses.ResponseStreamEvent[] = [];
  for await (const event of await client.responses.create({ ...params, stream: true })) events.push(event);
  return events;
}

/** Drives Home Assistant's conversation loop over `send`, recording each round's metrics. */
async function converse(userTurns: string[], send: (body: Record<string, unknown>) => Promise<ChatShapedAnswer>) {
  const metrics: (Metrics | undefined)[] = [];
  const simulation = createSimulatedHome(FIXTURE_HOME, { lateReads: { 'Living Room Light': 1 } });
  const turns: ConversationTurn[] = await runConversation(userTurns, {
    home: FIXTURE_HOME,
    simulation,
    send: async (body) => {
      const answer = await send(body);
      metrics.push(answer.metrics);
      return answer as never;
    },
  });
  return { turns, metrics, commands: simulation.commands };
}

/** Metrics without the durations, which differ from one run to the next. */
function withoutDurations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDurations);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.endsWith('_ms'))
      .map(([key, inner]) => [key, withoutDurations(inner)]),
  );
}

const sendChat = async (body: Record<string, unknown>) =>
  (await client.chat.completions.create(body as never)) as unknown as ChatShapedAnswer;
const sendResponses = async (body: Record<string, unknown>) =>
  responseToChat(await client.responses.create(chatToResponses(body)));
const sendResponsesStreamed = async (body: Record<string, unknown>) =>
  responseToChat(await client.responses.stream(chatToResponses(body)).finalResponse());

describe("the official openai client's Responses API against hearth", () => {
  it('answers through a pass-through model, non-streaming, with instructions as the system message', async () => {
    fake.reset();
    fake.script({ kind: 'text', text: 'Paris.', usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 } });
    const response = await client.responses.create({
      model: 'gemma',
      instructions: 'Answer briefly.',
      input: 'Capital of France?',
      temperature: 0.3,
      max_output_tokens: 40,
      store: false,
    });
    assert.match(response.id, /^resp_/);
    assert.equal(response.object, 'response');
    assert.equal(response.status, 'completed');
    assert.equal(response.model, 'gemma');
    assert.equal(response.output_text, 'Paris.');
    assert.deepEqual(
      [response.usage?.input_tokens, response.usage?.output_tokens, response.usage?.total_tokens],
      [9, 2, 11],
    );
    const sent = fake.requests[0]!.body as Record<string, unknown>;
    assert.deepEqual(sent.messages, [
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Capital of France?' },
    ]);
    assert.deepEqual([sent.model, sent.temperature, sent.max_tokens], ['gemma-4-E2B-it', 0.3, 40]);
  });

  it('streams through a pass-through model: every event numbered, text deltas, usage at the end', async () => {
    fake.reset();
    fake.script({
      kind: 'text',
      text: 'One two three four.',
      usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
    });
    const events = await streamEvents({ model: 'gemma', input: [{ role: 'user', content: 'Count' }] });
    assert.deepEqual(
      events.map((event) => event.sequence_number),
      events.map((_, index) => index),
    );
    const types = events.map((event) => event.type).filter((type) => type !== 'response.output_text.delta');
    assert.deepEqual(types, [
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const text = events.map((event) => (event.type === 'response.output_text.delta' ? event.delta : '')).join('');
    assert.equal(text, 'One two three four.');
    const completed = events.at(-1) as OpenAI.Responses.ResponseCompletedEvent;
    assert.equal(completed.response.usage?.total_tokens, 9);
    assert.equal((fake.requests[0]!.body as { stream: boolean }).stream, true);
  });

  it('carries function tools and calls both ways, streaming and not, and sends a tool round back as chat', async () => {
    fake.reset();
    const calls = [
      { id: 'call_a', name: 'lookup', arguments: '{"q":"weather in Paris"}' },
      { id: 'call_b', name: 'lookup', arguments: '{"q":"time"}' },
    ];
    fake.script({ kind: 'tool-calls', calls }, { kind: 'tool-calls', calls }, { kind: 'text', text: 'Sunny.' });
    const request = {
      model: 'gemma',
      input: 'Look it up',
      tools: [LOOKUP_TOOL],
      tool_choice: 'auto' as const,
      parallel_tool_calls: true,
    };
    const expected = calls.map((call) => [call.id, call.name, call.arguments]);
    const response = await client.responses.create(request);
    const out = response.output.flatMap((item) =>
      item.type === 'function_call' ? [[item.call_id, item.name, item.arguments]] : [],
    );
    assert.deepEqual(out, expected);
    const sent = fake.requests[0]!.body as Record<string, unknown>;
    assert.deepEqual(
      [sent.tools, sent.tool_choice, sent.parallel_tool_calls],
      [
        [
          {
            type: 'function',
            function: {
              name: 'lookup',
              description: LOOKUP_TOOL.description,
              parameters: LOOKUP_TOOL.parameters,
              strict: false,
            },
          },
        ],
        'auto',
        true,
      ],
    );

    const streamed = await client.responses.stream(request).finalResponse();
    const streamedOut = streamed.output.flatMap((item) =>
      item.type === 'function_call' ? [[item.call_id, item.name, item.arguments]] : [],
    );
    assert.deepEqual(streamedOut, expected);

    await client.responses.create({
      ...request,
      input: [
        { role: 'user', content: 'Look it up' },
        ...response.output.filter((item) => item.type === 'function_call'),
        { type: 'function_call_output', call_id: 'call_a', output: '{"answer": "sunny"}' },
        { type: 'function_call_output', call_id: 'call_b', output: '{"answer": "noon"}' },
      ],
    });
    assert.deepEqual((fake.requests[2]!.body as { messages: unknown }).messages, [
      { role: 'user', content: 'Look it up' },
      {
        role: 'assistant',
        content: null,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      },
      { role: 'tool', tool_call_id: 'call_a', content: '{"answer": "sunny"}' },
      { role: 'tool', tool_call_id: 'call_b', content: '{"answer": "noon"}' },
    ]);
  });

  it("answers Home Assistant's recorded request as chat completions does: HassTurnOff, then GetLiveContext", async () => {
    fake.reset();
    for (const name of ['a-turn-off-living-room-light.json', 'b-after-hassturnoff-tool-call.json']) {
      const fixture = readHaRequestFixture(name);
      const chat = await sendChat({ ...fixture, stream: false });
      const responses = await client.responses.create(chatToResponses(fixture));
      assert.equal(responses.model, 'HA-Assist');
      assert.equal(responses.status, 'completed');
      const { metrics, ...answer } = responseToChat(responses);
      const messages = (shaped: ChatShapedAnswer) => shaped.choices.map((choice) => pick(choice.message));
      assert.deepEqual(messages(answer as ChatShapedAnswer), messages(chat));
      assert.ok(metrics?.ha_route, 'HA-Assist reports its metrics beside the response');
      assert.deepEqual(withoutDurations(metrics), withoutDurations(chat.metrics));
      const streamed = responseToChat(await client.responses.stream(chatToResponses(fixture)).finalResponse());
      assert.deepEqual(messages(streamed), messages(answer as ChatShapedAnswer));
    }
    const first = await client.responses.create(
      chatToResponses(readHaRequestFixture('a-turn-off-living-room-light.json')),
    );
    const call = first.output.find((item) => item.type === 'function_call');
    assert.ok(call?.type === 'function_call');
    assert.deepEqual(
      [call.name, JSON.parse(call.arguments)],
      ['HassTurnOff', { name: 'Living Room Light', domain: ['light'] }],
    );
    assert.equal(fake.requests.length, 0, 'no model was asked');
  });

  for (const [label, send] of [
    ['non-streaming', sendResponses],
    ['streaming', sendResponsesStreamed],
  ] as const)
    it(`holds Home Assistant's conversation (${label}) with the same answers, calls and metrics as chat completions`, async () => {
      const userTurns = [
        'Turn off the living room light',
        'Is the kitchen light on?',
        'What is the capital of France?',
      ];
      fake.reset();
      fake.script({ kind: 'text', text: 'Paris.' });
      const overChat = await converse(userTurns, sendChat);
      fake.script({ kind: 'text', text: 'Paris.' });
      const overResponses = await converse(userTurns, send);

      assert.deepEqual(
        overResponses.turns.map((turn) => turn.answer),
        ['Turned off Living Room Light.', 'No, Kitchen Light is off.', 'Paris.'],
      );
      // The command, then a verification read that still sees the light on, then one that sees it off.
      assert.deepEqual(
        overResponses.turns[0]!.toolCalls.map((call) => call.name),
        ['HassTurnOff', 'GetLiveContext', 'GetLiveContext'],
      );
      assert.deepEqual(
        overResponses.turns[1]!.toolCalls.map((call) => call.name),
        ['GetLiveContext'],
      );
      assert.deepEqual(overResponses.turns, overChat.turns);
      assert.deepEqual(overResponses.commands, overChat.commands);
      assert.equal(fake.requests.length, 2, 'only the general question reached the model, once per surface');
      const [viaChat, viaResponses] = fake.requests.map((request) => (request.body as { messages: unknown }).messages);
      assert.deepEqual(viaResponses, viaChat, 'the model got the same messages');
      // A stream carries no metrics, on either surface.
      if (label === 'non-streaming') assert.ok(overResponses.metrics.every((round) => round?.ha_route));
      if (label === 'non-streaming')
        assert.deepEqual(withoutDurations(overResponses.metrics), withoutDurations(overChat.metrics));
    });

  it('refuses previous_response_id with a 400 naming the field: hearth keeps no state', async () => {
    await assert.rejects(
      client.responses.create({ model: 'gemma', input: 'x', previous_response_id: 'resp_earlier' }),
      (error: InstanceType<typeof OpenAI.APIError>) =>
        error.status === 400 && error.param === 'previous_response_id' && /keeps no state/.test(error.message),
    );
  });

  it('answers bad input in the OpenAI error form with a 4xx naming the field, never a 500', async () => {
    const cases: [OpenAI.Responses.ResponseCreateParamsNonStreaming, number, string | null][] = [
      [{ model: 'gemma', input: 'x', tools: [{ type: 'function', parameters: {} } as never] }, 400, 'tools[0].name'],
      [{ model: 'gemma', input: 'x', tools: [{ type: 'web_search' }] }, 400, 'tools[0].type'],
      [{ model: 'gemma', input: [{ type: 'function_call_output', output: 'x' } as never] }, 400, 'input[0].call_id'],
      [{ model: 'gemma', input: 'x', temperature: 7 }, 400, 'temperature'],
      [{ model: 'gemma' } as never, 400, 'input'],
      [{ model: 'nope', input: 'x' }, 404, null],
      [{ model: 'broken', input: 'x' }, 502, null],
    ];
    for (const [params, status, param] of cases) {
      await assert.rejects(client.responses.create(params), (error: InstanceType<typeof OpenAI.APIError>) => {
        assert.equal(error.status, status, JSON.stringify(params));
        if (param !== null) assert.equal(error.param, param);
        assert.equal(typeof error.message, 'string');
        return true;
      });
    }
  });
});

/** The message's text and calls; call ids are left out, since hearth draws them at random each time. */
function pick(message: ChatShapedAnswer['choices'][number]['message']) {
  const calls = message.tool_calls?.map((call) => ({
    function: { name: call.function.name, arguments: call.function.arguments },
  }));
  return { content: message.content, ...(calls === undefined ? {} : { tool_calls: calls }) };
}
