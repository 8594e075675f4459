// End to end: the real program on loopback, fake backends behind it, the official ollama client in front.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ollama, type ChatResponse, type Message } from 'ollama';
import OpenAI from 'openai';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import { startFakeOllama, type FakeOllama } from '../fakes/ollama/index.ts';
import { actionResult, firstRequest, homeWith, liveContextOf, withResult } from '../assist/ha-turns.ts';
import { readHaRequestFixture } from '../fixtures/data.ts';
import { gemmaConfig } from './gemma-config.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

let fake: FakeOpenAiServer;
let fakeOllama: FakeOllama;
let hearth: RunningHearth;
let ollama: Ollama;
let openai: OpenAI;

before(async () => {
  fake = await startFakeOpenAiServer({ models: ['gemma-4-E2B-it'] });
  fakeOllama = await startFakeOllama({ models: ['qwen3:1.7b'] });
  hearth = await spawnHearth(
    gemmaConfig(fake.baseUrl, [
      '  qwen:',
      '    backend: ollama',
      `    base_url: ${fakeOllama.baseUrl}`,
      '    upstream_model: qwen3:1.7b',
    ]),
  );
  ollama = new Ollama({ host: hearth.url });
  openai = new OpenAI({ baseURL: `${hearth.url}/v1`, apiKey: 'not-needed', maxRetries: 0 });
});

after(async () => {
  await hearth?.stop();
  await fake?.close();
  await fakeOllama?.close();
});

type OpenAiBody = ReturnType<typeof firstRequest>;
interface Answer {
  content: string;
  calls: { name: string; arguments: Record<string, unknown> }[];
  metrics?: unknown;
}

/** The Ollama form of an OpenAI-shaped HA request, as Home Assistant's Ollama integration would send it. */
function toOllama(body: OpenAiBody): { model: string; messages: Message[]; tools: never } {
  const messages = (body.messages as Record<string, unknown>[]).map((message): Message => {
    const calls = (message.tool_calls ?? []) as { function: { name: string; arguments: string } }[];
    const out: Message = { role: String(message.role), content: (message.content as string | null) ?? '' };
    if (calls.length > 0)
      out.tool_calls = calls.map((c) => ({
        function: { name: c.function.name, arguments: JSON.parse(c.function.arguments) },
      }));
    return out;
  });
  return { model: 'ha-assist:latest', messages, tools: body.tools as never };
}

/** Timings differ between two runs of the same turn; everything else must not. */
function withoutTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimings);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/^(prep|recognize)_ms$/.test(key))
      .map(([key, inner]) => [key, withoutTimings(inner)]),
  );
}

async function askOllama(body: OpenAiBody, stream: boolean): Promise<Answer> {
  const request = toOllama(body);
  if (!stream) {
    const response = (await ollama.chat({ ...request, stream: false })) as ChatResponse & { metrics?: unknown };
    assert.equal(response.done, true);
    assert.equal(response.model, 'ha-assist:latest');
    const calls = (response.message.tool_calls ?? []).map((c) => ({ ...c.function }));
    return { content: response.message.content, calls, metrics: withoutTimings(response.metrics) };
  }
  let content = '';
  const calls: Answer['calls'] = [];
  let last: ChatResponse | undefined;
  for await (const part of await ollama.chat({ ...request, stream: true })) {
    content += part.message.content;
    for (const call of part.message.tool_calls ?? []) calls.push({ ...call.function });
    last = part;
  }
  assert.equal(last?.done, true);
  assert.equal(last?.done_reason, 'stop');
  return { content, calls };
}

async function askOpenAi(body: OpenAiBody): Promise<Answer & { raw: OpenAI.ChatCompletion }> {
  const completion = await openai.chat.completions.create(
    body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
  );
  const message = completion.choices[0]!.message;
  const calls = (message.tool_calls ?? []).map((c) =>
    c.type === 'function'
      ? { name: c.function.name, arguments: JSON.parse(c.function.arguments) }
      : { name: '', arguments: {} },
  );
  const metrics = withoutTimings((completion as unknown as { metrics: unknown }).metrics);
  return { content: message.content ?? '', calls, metrics, raw: completion };
}

/** Asks both surfaces; asserts the same answer (and, non-streaming, the same metrics); returns chat completions'. */
async function askBoth(body: OpenAiBody, stream: boolean) {
  const viaOllama = await askOllama(body, stream);
  const viaOpenAi = await askOpenAi(body);
  assert.deepEqual([viaOllama.content, viaOllama.calls], [viaOpenAi.content, viaOpenAi.calls]);
  if (!stream) {
    assert.ok(viaOpenAi.metrics !== undefined, 'HA-Assist reports metrics');
    assert.deepEqual(viaOllama.metrics, viaOpenAi.metrics);
  }
  const call = viaOpenAi.raw.choices[0]!.message.tool_calls?.[0];
  return { answer: viaOllama, call: call?.type === 'function' ? { id: call.id, ...call.function } : undefined };
}

describe('the official ollama client against hearth', () => {
  it('lists HA-Assist and the enabled models, with the fields clients read', async () => {
    const { models } = await ollama.list();
    assert.deepEqual(
      models.map((m) => m.name),
      ['HA-Assist:latest', 'gemma:latest', 'qwen:latest'],
    );
    for (const model of models) {
      assert.equal(model.model, model.name);
      assert.match(model.digest, /^[0-9a-f]{64}$/);
      assert.equal(typeof model.size, 'number');
      assert.ok(!Number.isNaN(new Date(model.modified_at).getTime()));
      assert.deepEqual(Object.keys(model.details).sort(), [
        'families',
        'family',
        'format',
        'parameter_size',
        'parent_model',
        'quantization_level',
      ]);
    }
  });

  it('shows a known model, 404s an unknown one, and answers version and ps', async () => {
    const shown = await ollama.show({ model: 'ha-assist' });
    assert.equal(shown.details.family, 'hearth');
    assert.ok(shown.capabilities.includes('tools'));
    await assert.rejects(
      ollama.show({ model: 'nope' }),
      (error: { status_code: number; error: string }) =>
        error.status_code === 404 && error.error === "model 'nope' not found",
    );
    assert.match((await ollama.version()).version, /^\d+\.\d+\.\d+$/);
    assert.equal((await ollama.ps()).models.length, 3);
  });

  for (const stream of [false, true]) {
    const mode = stream ? 'streamed' : 'not streamed';
    it(`turns off the living room light with its verification round, ${mode}, as chat completions do`, async () => {
      fake.reset();
      const first = firstRequest('Turn off the living room light');
      const command = await askBoth(first, stream);
      assert.deepEqual(command.answer.calls, [
        { name: 'HassTurnOff', arguments: { name: 'Living Room Light', domain: ['light'] } },
      ]);
      const afterAction = withResult(first, command.call!, actionResult(['Living Room Light']));
      const read = await askBoth(afterAction, stream);
      assert.deepEqual(
        read.answer.calls.map((c) => c.name),
        ['GetLiveContext'],
      );
      const final = withResult(afterAction, read.call!, liveContextOf(homeWith({ 'Living Room Light': 'off' })));
      const done = await askBoth(final, stream);
      assert.equal(done.answer.content, 'Turned off Living Room Light.');
      assert.equal(fake.requests.length, 0, 'no model was asked');
    });

    it(`answers "Is the kitchen light on?" after GetLiveContext, ${mode}`, async () => {
      const first = firstRequest('Is the kitchen light on?');
      const read = await askBoth(first, stream);
      assert.deepEqual(read.answer.calls, [{ name: 'GetLiveContext', arguments: {} }]);
      const answer = await askBoth(
        withResult(first, read.call!, liveContextOf(homeWith({ 'Kitchen Light': 'on' }))),
        stream,
      );
      assert.equal(answer.answer.content, 'Yes, Kitchen Light is on.');
    });

    it(`sends a general question through the model, ${mode}`, async () => {
      fake.reset();
      fake.script({ kind: 'text', text: 'Paris is the capital.' }, { kind: 'text', text: 'Paris is the capital.' });
      const answer = await askBoth(firstRequest('What is the capital of France?'), stream);
      assert.equal(answer.answer.content, 'Paris is the capital.');
      assert.equal(fake.requests.length, 2, 'one model call per surface');
    });

    it(`passes a chat through to a physical Ollama model natively (format, think, keep_alive, options), ${mode}`, async () => {
      fakeOllama.reset();
      fakeOllama.scriptChat({ kind: 'text', text: 'Hi there.' });
      const request = {
        model: 'qwen',
        messages: [{ role: 'user', content: 'Hello' }],
        format: 'json',
        think: false,
        keep_alive: '10m',
        options: { num_ctx: 2048, temperature: 0.2, top_k: 20 },
      };
      let text = '';
      if (stream)
        for await (const part of await ollama.chat({ ...request, stream: true })) text += part.message.content;
      else text = (await ollama.chat({ ...request, stream: false })).message.content;
      assert.equal(text, 'Hi there.');
      const sent = fakeOllama.requests[0]!.body as Record<string, unknown>;
      assert.deepEqual([sent.model, sent.format, sent.messages], ['qwen3:1.7b', 'json', request.messages]);
      assert.deepEqual([sent.think, sent.keep_alive, sent.options], [false, '10m', request.options]);
    });
  }

  it("replays Home Assistant's Ollama integration: setup list, then streamed chats with tools and the tool result", async () => {
    const fixture = readHaRequestFixture('variants/b-ollama-api-chat.json') as {
      model: string;
      messages: Message[];
      tools: never;
      options: { num_ctx: number };
      keep_alive: number;
    };
    const { models } = await ollama.list();
    assert.ok(models.some((m) => m.model.toLowerCase() === fixture.model));
    const ask = async (messages: Message[]) => {
      const calls: unknown[] = [];
      for await (const part of await ollama.chat({ ...fixture, messages, stream: true }))
        calls.push(...(part.message.tool_calls ?? []));
      return calls;
    };
    assert.deepEqual(await ask(fixture.messages.slice(0, 2)), [
      { function: { name: 'HassTurnOff', arguments: { name: 'Living Room Light', domain: ['light'] } } },
    ]);
    assert.deepEqual(await ask(fixture.messages), [{ function: { name: 'GetLiveContext', arguments: {} } }]);
  });

  it('embeds with a model whose backend embeds', async () => {
    const response = await ollama.embed({ model: 'qwen', input: ['kitchen light', 'porch'] });
    assert.equal(response.embeddings.length, 2);
    const norm = Math.hypot(...response.embeddings[0]!);
    assert.ok(Math.abs(norm - 1) < 1e-6);
  });

  it("answers bad input in Ollama's error form and status, never 500", async () => {
    const post = async (path: string, body: string): Promise<[number, { error: string }]> => {
      const response = await fetch(`${hearth.url}${path}`, { method: 'POST', body });
      return [response.status, (await response.json()) as { error: string }];
    };
    const [status, body] = await post('/api/chat', '{"model":');
    assert.equal(status, 400);
    assert.match(body.error, /not valid JSON/);
    assert.deepEqual(await post('/api/chat', '{"messages":[]}'), [400, { error: "'model' is required" }]);
    assert.deepEqual(await post('/api/chat', '{"model":"qwen","messages":"hi"}'), [
      400,
      { error: "invalid 'messages': Invalid input: expected array, received string" },
    ]);
    assert.deepEqual(await post('/api/chat', '{"model":"nope","messages":[]}'), [
      404,
      { error: "model 'nope' not found" },
    ]);
    assert.deepEqual((await post('/api/pull', '{"model":"llama3"}'))[0], 400);
    const unknown = await fetch(`${hearth.url}/api/nothing`);
    assert.equal(unknown.status, 404);
    assert.ok('error' in ((await unknown.json()) as object));
  });
});

describe('the ollama client with API keys', () => {
  it('is served only with the right bearer key', async () => {
    const secured = await spawnHearth('server:\n  api_keys: [correct-horse-battery-staple]\n');
    try {
      const good = new Ollama({ host: secured.url, headers: { Authorization: 'Bearer correct-horse-battery-staple' } });
      assert.equal((await good.list()).models[0]?.name, 'HA-Assist:latest');
      await assert.rejects(
        new Ollama({ host: secured.url }).list(),
        (error: { status_code: number }) => error.status_code === 401,
      );
    } finally {
      await secured.stop();
    }
  });
});
