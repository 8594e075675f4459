// The app in-process: model list, pass-through, HA-Assist routing and metrics, streaming, auth, errors.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../src/common/index.ts';
import { readHaRequestFixture } from '../fixtures/data.ts';
import { createHarness, postChat, readSse } from './app-harness.ts';

const HELLO = { messages: [{ role: 'user', content: 'Hello' }] };
const IMAGE_TURN = {
  model: 'HA-Assist',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What can you see?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    },
  ],
};

describe('GET /v1/models and /healthz', () => {
  it('lists HA-Assist first, then every enabled model', async () => {
    const { app } = createHarness();
    const body = (await (await app.fetch(new Request('http://hearth.test/v1/models'))).json()) as {
      data: { id: string; owned_by: string }[];
    };
    assert.deepEqual(
      body.data.map((m) => [m.id, m.owned_by]),
      [
        ['HA-Assist', 'hearth'],
        ['gemma', 'openai'],
        ['qwen-vl', 'openai'],
      ],
    );
  });

  it('answers /healthz', async () => {
    const { app } = createHarness();
    assert.deepEqual(await (await app.fetch(new Request('http://hearth.test/healthz'))).json(), { status: 'ok' });
  });

  it('answers an unknown path with an OpenAI-style 404', async () => {
    const { app } = createHarness();
    const response = await app.fetch(new Request('http://hearth.test/v1/nothing'));
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'unknown_url');
  });
});

describe('pass-through models', () => {
  it('forwards the turn unchanged and encodes the reply', async () => {
    const { app, gemma, vision } = createHarness();
    const tools = [
      {
        type: 'function',
        function: {
          name: 'lookup',
          description: 'Look up',
          parameters: { type: 'object', properties: { q: { type: 'string' } } },
        },
      },
    ];
    gemma.script({
      kind: 'reply',
      reply: {
        content: null,
        toolCalls: [{ id: 'call_9', name: 'lookup', arguments: '{"q":"x"}' }],
        finishReason: 'tool_calls',
        usage: { promptTokens: 5, completionTokens: 3, totalTokens: 8 },
      },
    });
    const response = await postChat(app, {
      model: 'gemma',
      ...HELLO,
      tools,
      tool_choice: 'required',
      temperature: 0.2,
      seed: 7,
      logit_bias: { 50256: -100 },
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(body.model, 'gemma');
    assert.equal(body.metrics, undefined, 'a physical model carries no HA-Assist metrics');
    assert.deepEqual(body.usage, { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 });
    assert.deepEqual((body.choices as { message: unknown }[])[0]!.message, {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } }],
    });
    const turn = gemma.turns[0]!;
    assert.deepEqual(turn.tools, [
      { name: 'lookup', description: 'Look up', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
    ]);
    assert.deepEqual(
      [turn.toolChoice, turn.sampling.temperature, turn.sampling.seed, turn.extra],
      ['required', 0.2, 7, { logit_bias: { 50256: -100 } }],
    );
    assert.equal(vision.turns.length, 0);
  });

  it('never switches HA-Assist on for a physical model, whatever the request looks like', async () => {
    const { app, gemma } = createHarness();
    const fixture = readHaRequestFixture('a-turn-off-living-room-light.json');
    const response = await postChat(app, { ...fixture, model: 'gemma' });
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(body.metrics, undefined);
    assert.equal(gemma.turns.length, 1);
    assert.equal(gemma.turns[0]!.messages.length, 2);
    assert.equal(gemma.turns[0]!.tools.length, 15);
  });

  it('answers 404 model_not_found for an unknown model, naming it and the models that exist', async () => {
    const { app } = createHarness();
    const response = await postChat(app, { model: 'gpt-9', ...HELLO });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), {
      error: {
        message: "There is no model 'gpt-9'. Available: HA-Assist, gemma, qwen-vl.",
        type: 'invalid_request_error',
        param: 'model',
        code: 'model_not_found',
      },
    });
  });

  it('maps a backend failure to 502/504 naming the backend', async () => {
    const { app, gemma } = createHarness();
    gemma.script(
      {
        kind: 'fail',
        error: new HearthError('BACKEND_TIMEOUT', "Backend 'gemma' did not answer in time."),
      },
      {
        kind: 'fail',
        error: new HearthError('BACKEND_UNREACHABLE', "Backend 'gemma' is unreachable (ECONNREFUSED)."),
      },
    );
    const timeout = await postChat(app, { model: 'gemma', ...HELLO });
    assert.equal(timeout.status, 504);
    assert.match(((await timeout.json()) as { error: { message: string } }).error.message, /'gemma'/);
    const down = await postChat(app, { model: 'gemma', ...HELLO });
    assert.equal(down.status, 502);
    assert.equal(((await down.json()) as { error: { code: string } }).error.code, 'backend_unreachable');
  });

  it('turns an unexpected exception into a 500 that says nothing of the cause', async () => {
    const { app, gemma } = createHarness();
    gemma.script({ kind: 'fail', error: new Error('secret internal detail') });
    const response = await postChat(app, { model: 'gemma', ...HELLO });
    assert.equal(response.status, 500);
    assert.doesNotMatch(await response.text(), /secret internal detail/);
  });
});

describe('HA-Assist routing', () => {
  it('forwards a text turn it cannot answer to the text model as exactly one call, with ha_route metrics', async () => {
    const { app, gemma, vision } = createHarness();
    const fixture = readHaRequestFixture('a-turn-off-living-room-light.json');
    const messages = [(fixture.messages as unknown[])[0], { role: 'user', content: 'What is the capital of France?' }];
    const response = await postChat(app, { ...fixture, messages });
    const body = (await response.json()) as { model: string; metrics: { ha_route: Record<string, unknown> } };
    assert.equal(response.status, 200);
    assert.equal(body.model, 'HA-Assist');
    assert.deepEqual(body.metrics.ha_route, { route: 'llm', backend: 'gemma', prep_ms: 0, inference_calls: 1 });
    assert.equal(gemma.turns.length, 1);
    assert.equal(vision.turns.length, 0);
  });

  it('sends an image turn to the vision model only', async () => {
    const { app, gemma, vision } = createHarness();
    const body = (await (await postChat(app, IMAGE_TURN)).json()) as {
      metrics: { ha_route: { route: string; backend: string } };
    };
    assert.deepEqual([body.metrics.ha_route.route, body.metrics.ha_route.backend], ['vlm', 'qwen-vl']);
    assert.deepEqual([gemma.turns.length, vision.turns.length], [0, 1]);
  });

  it('refuses an image with 503 when no vision model is set, and never asks the text model', async () => {
    const { app, gemma } = createHarness({ settings: { visionModel: undefined } });
    const response = await postChat(app, IMAGE_TURN);
    assert.equal(response.status, 503);
    assert.deepEqual(((await response.json()) as { error: unknown }).error, {
      message: 'HA-Assist needs a model to answer an image, but settings.ha_assist_vision_model is not set.',
      type: 'service_unavailable_error',
      param: 'settings.ha_assist_vision_model',
      code: 'backend_not_configured',
    });
    assert.equal(gemma.turns.length, 0);
  });

  it('answers 503 backend_not_configured for text when no text model is set', async () => {
    const { app } = createHarness({ settings: { textModel: undefined } });
    // A system prompt, as Home Assistant always sends: a bare sentence is a 400 instead (test/e2e/banner-commands).
    const system = { role: 'system', content: 'You are a voice assistant for Home Assistant.' };
    const response = await postChat(app, { model: 'HA-Assist', messages: [system, ...HELLO.messages] });
    assert.equal(response.status, 503);
    assert.equal(
      ((await response.json()) as { error: { param: string } }).error.param,
      'settings.ha_assist_text_model',
    );
  });

  it('matches the model name exactly', async () => {
    const { app } = createHarness();
    assert.equal((await postChat(app, { model: 'ha-assist', ...HELLO })).status, 404);
  });
});

describe('streaming', () => {
  it('streams chunks with the role first, tool-call deltas, a finish reason and [DONE]', async () => {
    const { app, gemma } = createHarness();
    gemma.script({
      kind: 'stream',
      deltas: [
        { content: 'Hel' },
        { content: 'lo' },
        { toolCalls: [{ index: 0, id: 'call_1', name: 'lookup', arguments: '{"q":' }] },
        { toolCalls: [{ index: 0, arguments: '"x"}' }] },
        { finishReason: 'tool_calls' },
        { usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } },
      ],
    });
    const response = await postChat(app, { model: 'gemma', ...HELLO, stream: true });
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const frames = await readSse(response);
    assert.equal(frames.at(-1), '[DONE]');
    const chunks = frames.slice(0, -1).map(
      (frame) =>
        JSON.parse(frame) as {
          object: string;
          choices: { delta: Record<string, unknown>; finish_reason: string | null }[];
        },
    );
    assert.ok(
      chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.choices.length === 1),
      'every chunk has choices[0] (no usage chunk unless asked)',
    );
    assert.equal(chunks[0]!.choices[0]!.delta.role, 'assistant');
    assert.equal(chunks.map((c) => c.choices[0]!.delta.content ?? '').join(''), 'Hello');
    assert.deepEqual(chunks[2]!.choices[0]!.delta.tool_calls, [
      { index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":' } },
    ]);
    assert.equal(chunks.at(-1)!.choices[0]!.finish_reason, 'tool_calls');
  });

  it('adds the usage chunk only when stream_options.include_usage is set', async () => {
    const { app, gemma } = createHarness();
    gemma.script({
      kind: 'stream',
      deltas: [
        { content: 'x' },
        { finishReason: 'stop' },
        { usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } },
      ],
    });
    const frames = await readSse(
      await postChat(app, { model: 'gemma', ...HELLO, stream: true, stream_options: { include_usage: true } }),
    );
    const last = JSON.parse(frames.at(-2)!) as { choices: unknown[]; usage: unknown };
    assert.deepEqual(last.choices, []);
    assert.deepEqual(last.usage, { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 });
  });

  it('answers an error that happens before the first delta as an ordinary error response', async () => {
    const { app, gemma } = createHarness();
    gemma.script({
      kind: 'fail',
      error: new HearthError('BACKEND_UNREACHABLE', "Backend 'gemma' is unreachable."),
    });
    const response = await postChat(app, { model: 'gemma', ...HELLO, stream: true });
    assert.equal(response.status, 502);
    assert.equal(response.headers.get('content-type')?.startsWith('application/json'), true);
  });

  it('writes a failure after the stream started as an in-stream error, then [DONE]', async () => {
    const { app, gemma } = createHarness();
    gemma.script({
      kind: 'stream',
      deltas: [{ content: 'Par' }],
      failAfter: new HearthError('BACKEND_TIMEOUT', "Backend 'gemma' did not answer in time."),
    });
    const frames = await readSse(await postChat(app, { model: 'gemma', ...HELLO, stream: true }));
    assert.equal(frames.at(-1), '[DONE]');
    assert.deepEqual(JSON.parse(frames.at(-2)!), {
      error: {
        message: "Backend 'gemma' did not answer in time.",
        type: 'upstream_error',
        param: null,
        code: 'backend_timeout',
      },
    });
  });
});

describe('API keys and request ids', () => {
  const KEY = 'hearth-test-key-0123456789';

  it('requires a valid bearer key on /v1 when keys are configured, but not on /healthz', async () => {
    const { app } = createHarness({ apiKeys: [KEY] });
    const missing = await postChat(app, { model: 'gemma', ...HELLO });
    assert.equal(missing.status, 401);
    assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'missing_api_key');
    const wrong = await postChat(app, { model: 'gemma', ...HELLO }, { authorization: 'Bearer nope' });
    assert.equal(wrong.status, 401);
    assert.doesNotMatch(await wrong.text(), /nope/);
    assert.equal((await postChat(app, { model: 'gemma', ...HELLO }, { authorization: `Bearer ${KEY}` })).status, 200);
    assert.equal((await app.fetch(new Request('http://hearth.test/healthz'))).status, 200);
    assert.equal((await app.fetch(new Request('http://hearth.test/v1/models'))).status, 401);
  });

  it('echoes a plain x-request-id and replaces an unsafe one', async () => {
    const { app } = createHarness();
    assert.equal(
      (await postChat(app, { model: 'gemma', ...HELLO }, { 'x-request-id': 'ha-42' })).headers.get('x-request-id'),
      'ha-42',
    );
    const replaced = (
      await postChat(app, { model: 'gemma', ...HELLO }, { 'x-request-id': 'bad id with spaces {"json":1}' })
    ).headers.get('x-request-id');
    assert.match(replaced ?? '', /^req_\d+$/);
  });

  it('puts the request id on errors, streams and unknown paths too', async () => {
    const { app } = createHarness();
    const id = { 'x-request-id': 'ha-43' };
    assert.equal((await postChat(app, '{not json', id)).headers.get('x-request-id'), 'ha-43');
    assert.equal((await postChat(app, { model: 'nope', ...HELLO }, id)).headers.get('x-request-id'), 'ha-43');
    const stream = await postChat(app, { model: 'gemma', stream: true, ...HELLO }, id);
    assert.equal(stream.headers.get('x-request-id'), 'ha-43');
    await stream.text();
    assert.equal(
      (await app.fetch(new Request('http://hearth.test/nowhere', { headers: id }))).headers.get('x-request-id'),
      'ha-43',
    );
  });
});
