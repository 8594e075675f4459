// End to end: the real program on loopback, the fake backend behind it, the official openai client in front.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import { readHaRequestFixture } from '../fixtures/data.ts';
import { ollamaToOpenAi } from '../fixtures/ollama-to-openai.ts';
import { gemmaConfig } from './gemma-config.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

const FIXTURES = [
  'a-turn-off-living-room-light.json',
  'b-after-hassturnoff-tool-call.json',
  'synthetic-500-entities-30-areas.json',
  'variants/a-ha2025-era.json',
  'variants/a-local-openai-llm.json',
  'variants/b-local-openai-llm.json',
  'variants/b-extended-openai-conversation.json',
  'variants/b-ollama-api-chat.json',
];

const LOOKUP_TOOL = {
  type: 'function' as const,
  function: {
    name: 'lookup',
    description: 'Look something up',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  },
};

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

describe('the official openai client against hearth', () => {
  it('prints where it listens and what it serves', () => {
    assert.match(hearth.stdout(), /configuration: .*hearth\.yaml/);
    assert.match(
      hearth.stdout(),
      /gemma {2}openai backend at http:\/\/127\.0\.0\.1:\d+\/v1 \(upstream model gemma-4-E2B-it\)/,
    );
    assert.match(hearth.stdout(), /curl -s http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions/);
  });

  it('lists HA-Assist and the enabled models', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    assert.deepEqual(ids, ['HA-Assist', 'gemma', 'broken']);
  });

  it('chats through a pass-through model, non-streaming', async () => {
    fake.reset();
    fake.script({ kind: 'text', text: 'Paris.', usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 } });
    const completion = await client.chat.completions.create({
      model: 'gemma',
      messages: [{ role: 'user', content: 'Capital of France?' }],
      temperature: 0.3,
    });
    assert.equal(completion.model, 'gemma');
    assert.equal(completion.choices[0]!.message.content, 'Paris.');
    assert.equal(completion.usage?.total_tokens, 11);
    const sent = fake.requests[0]!.body as Record<string, unknown>;
    assert.equal(sent.model, 'gemma-4-E2B-it');
    assert.equal(sent.temperature, 0.3);
    assert.deepEqual(sent.messages, [{ role: 'user', content: 'Capital of France?' }]);
  });

  it('streams through a pass-through model', async () => {
    fake.reset();
    fake.script({ kind: 'text', text: 'One two three four.' });
    const stream = await client.chat.completions.create({
      model: 'gemma',
      messages: [{ role: 'user', content: 'Count' }],
      stream: true,
    });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    assert.equal(text, 'One two three four.');
    assert.equal(finish, 'stop');
    assert.equal((fake.requests[0]!.body as { stream: boolean }).stream, true);
  });

  it('carries tools and tool calls both ways, streaming and not', async () => {
    fake.reset();
    const calls = [
      { id: 'call_a', name: 'lookup', arguments: '{"q":"weather in Paris"}' },
      { id: 'call_b', name: 'lookup', arguments: '{"q":"time"}' },
    ];
    fake.script({ kind: 'tool-calls', calls }, { kind: 'tool-calls', calls });
    const request = {
      model: 'gemma',
      messages: [{ role: 'user' as const, content: 'Look it up' }],
      tools: [LOOKUP_TOOL],
      tool_choice: 'auto' as const,
      parallel_tool_calls: true,
    };
    const completion = await client.chat.completions.create(request);
    const toolCalls = completion.choices[0]!.message.tool_calls!.map((call) =>
      call.type === 'function' ? [call.id, call.function.name, call.function.arguments] : [],
    );
    assert.deepEqual(
      toolCalls,
      calls.map((call) => [call.id, call.name, call.arguments]),
    );
    assert.equal(completion.choices[0]!.finish_reason, 'tool_calls');
    const sent = fake.requests[0]!.body as Record<string, unknown>;
    assert.deepEqual([sent.tools, sent.tool_choice, sent.parallel_tool_calls], [[LOOKUP_TOOL], 'auto', true]);

    const streamed = await client.chat.completions.stream(request).finalChatCompletion();
    const streamedCalls = streamed.choices[0]!.message.tool_calls!.map((call) =>
      call.type === 'function' ? [call.id, call.function.name, call.function.arguments] : [],
    );
    assert.deepEqual(
      streamedCalls,
      calls.map((call) => [call.id, call.name, call.arguments]),
    );
  });

  it('sends back a re-sent tool round exactly', async () => {
    fake.reset();
    const messages = [
      { role: 'user' as const, content: 'Look it up' },
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function' as const, function: { name: 'lookup', arguments: '{"q": "x"}' } },
        ],
      },
      { role: 'tool' as const, tool_call_id: 'call_a', content: '{"answer": 42}' },
    ];
    await client.chat.completions.create({ model: 'gemma', messages, tools: [LOOKUP_TOOL] });
    assert.deepEqual((fake.requests[0]!.body as { messages: unknown }).messages, messages);
  });

  for (const name of FIXTURES) {
    it(`answers the HA-Assist request of ${name}: directly with no backend call, or with exactly one`, async () => {
      fake.reset();
      const fixture = readHaRequestFixture(name);
      const body = (name.includes('ollama')
        ? ollamaToOpenAi(fixture)
        : fixture) as unknown as OpenAI.ChatCompletionCreateParams;
      if (body.stream) {
        const stream = await client.chat.completions.create({ ...body, stream: true });
        let produced = '';
        for await (const chunk of stream)
          produced +=
            (chunk.choices[0]?.delta.content ?? '') + JSON.stringify(chunk.choices[0]?.delta.tool_calls ?? '');
        assert.ok(produced.length > 0);
        assert.ok(fake.requests.length <= 1);
        return;
      }
      const completion = await client.chat.completions.create({ ...body, stream: false });
      assert.equal(completion.model, 'HA-Assist');
      const { metrics } = completion as unknown as {
        metrics: {
          ha_route: { route: string; inference_calls: number };
          ha_retrieval?: { tools: { chosen: string[] } };
        };
      };
      const route = metrics.ha_route;
      assert.equal(fake.requests.length, route.inference_calls, 'one backend call exactly when the route says so');
      if (route.route === 'direct') return;
      // The model gets the tools retrieval chose for the turn, under the names Home Assistant offered them.
      const sent = fake.requests[0]!.body as { model: string; tools?: { function: { name: string } }[] };
      assert.equal(sent.model, 'gemma-4-E2B-it');
      assert.deepEqual(
        sent.tools?.map((tool) => tool.function.name),
        metrics.ha_retrieval?.tools.chosen,
      );
    });
  }

  it('turns "Turn off the living room light" into HassTurnOff at once, and verifies the result', async () => {
    fake.reset();
    const request = readHaRequestFixture(
      'a-turn-off-living-room-light.json',
    ) as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming;
    const completion = await client.chat.completions.create(request);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    assert.ok(call.type === 'function');
    assert.deepEqual(
      [call.function.name, JSON.parse(call.function.arguments)],
      ['HassTurnOff', { name: 'Living Room Light', domain: ['light'] }],
    );
    assert.equal(completion.choices[0]!.finish_reason, 'tool_calls');
    const next = readHaRequestFixture(
      'b-after-hassturnoff-tool-call.json',
    ) as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming;
    const verification = await client.chat.completions.create(next);
    assert.equal(
      verification.choices[0]!.message.tool_calls?.[0]?.type === 'function' &&
        verification.choices[0]!.message.tool_calls[0].function.name,
      'GetLiveContext',
    );
    assert.equal(fake.requests.length, 0, 'no model was asked');
  });

  it('answers 404 for an unknown model and 502 naming an unreachable backend', async () => {
    await assert.rejects(
      client.chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'x' }] }),
      (error: InstanceType<typeof OpenAI.APIError>) => error.status === 404 && error.code === 'model_not_found',
    );
    await assert.rejects(
      client.chat.completions.create({ model: 'broken', messages: [{ role: 'user', content: 'x' }] }),
      (error: InstanceType<typeof OpenAI.APIError>) =>
        error.status === 502 && /Backend 'broken' is unreachable/.test(error.message),
    );
  });

  it('answers 400 naming the field for a malformed request', async () => {
    await assert.rejects(
      client.chat.completions.create({
        model: 'gemma',
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: {} as never }],
      }),
      (error: InstanceType<typeof OpenAI.APIError>) => error.status === 400 && error.param === 'tools[0].function.name',
    );
  });
});

describe('hearth with API keys', () => {
  it('accepts the openai client only with the right key', async () => {
    const secured = await spawnHearth('server:\n  api_keys: [correct-horse-battery-staple]\n');
    try {
      const good = new OpenAI({ baseURL: `${secured.url}/v1`, apiKey: 'correct-horse-battery-staple', maxRetries: 0 });
      const page = await good.models.list();
      assert.equal(page.data[0]?.id, 'HA-Assist');
      const bad = new OpenAI({ baseURL: `${secured.url}/v1`, apiKey: 'wrong-key-wrong-key', maxRetries: 0 });
      await assert.rejects(bad.models.list(), (error: InstanceType<typeof OpenAI.APIError>) => error.status === 401);
      assert.doesNotMatch(
        secured.stderr(),
        /correct-horse-battery-staple|wrong-key-wrong-key/,
        'keys never reach the log',
      );
    } finally {
      await secured.stop();
    }
  });
});
