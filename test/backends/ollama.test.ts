// Tests of the Ollama backend against the fake Ollama server: requests, replies, streams, tool calls and images.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createOllamaBackend, type Backend, type OllamaBackendOptions } from '../../src/backends/index.ts';
import type { Turn } from '../../src/conversation/index.ts';
import {
  assembleToolCalls,
  assertHearthError,
  collect,
  firstNextOf,
  rejectionOf,
  simpleTurn,
  textOfDeltas,
} from '../contract/backend-contract-kit.ts';
import { DEFAULT_COUNTS, DEFAULT_OLLAMA_TEXT, startFakeOllama, type FakeOllama } from '../fakes/ollama/index.ts';

const GUARD = { timeout: 10_000 };
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const DEFAULT_USAGE = {
  promptTokens: DEFAULT_COUNTS.prompt_eval_count,
  completionTokens: DEFAULT_COUNTS.eval_count,
  totalTokens: DEFAULT_COUNTS.prompt_eval_count + DEFAULT_COUNTS.eval_count,
};
const TOOLS: Turn['tools'] = [
  {
    name: 'HassTurnOn',
    description: 'Turns on a device',
    parameters: { type: 'object', properties: { name: { type: 'string' } } },
  },
];

describe('Ollama backend', () => {
  let server: FakeOllama;
  let backend: Backend;
  let idCount = 0;
  const create = (overrides: Partial<OllamaBackendOptions> = {}): Backend =>
    createOllamaBackend({
      name: 'local-qwen',
      baseUrl: `${server.baseUrl}/`,
      upstreamModel: 'qwen3:4b',
      readTimeoutMs: 5_000,
      fetch: globalThis.fetch,
      newToolCallId: () => `call_hearth_${++idCount}`,
      ...overrides,
    });
  before(async () => {
    server = await startFakeOllama({ models: ['qwen3:4b'] });
    backend = create();
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  describe('complete', () => {
    it('posts a non-streaming /api/chat request for the upstream model and decodes the reply', GUARD, async () => {
      const reply = await backend.complete(simpleTurn({ sampling: { temperature: 0.1, maxTokens: 64 } }));
      assert.deepEqual(reply, {
        content: DEFAULT_OLLAMA_TEXT,
        toolCalls: [],
        finishReason: 'stop',
        usage: DEFAULT_USAGE,
      });
      const [request] = server.requests;
      assert.deepEqual([request?.method, request?.path], ['POST', '/api/chat']);
      assert.deepEqual(request?.body, {
        model: 'qwen3:4b',
        messages: [{ role: 'user', content: 'Hello?' }],
        stream: false,
        options: { temperature: 0.1, num_predict: 64 },
      });
      assert.equal(request?.headers.authorization, undefined, 'no key, no authorization header');
    });

    it('reports thinking as reasoning content and a length stop as length', GUARD, async () => {
      server.scriptChat({ kind: 'text', text: 'Partial', thinking: 'Let me think.', doneReason: 'length' });
      const reply = await backend.complete(simpleTurn());
      assert.deepEqual(
        [reply.content, reply.reasoningContent, reply.finishReason],
        ['Partial', 'Let me think.', 'length'],
      );
    });

    it('sends think, num_ctx and keep_alive when configured', GUARD, async () => {
      await create({ think: true, numCtx: 16_384, keepAlive: '1h' }).complete(simpleTurn());
      const body = server.requests[0]?.body as Record<string, unknown>;
      assert.deepEqual(
        [body.think, (body.options as Record<string, unknown>).num_ctx, body.keep_alive],
        [true, 16_384, '1h'],
      );
    });
  });

  describe('tool calls', () => {
    it(
      'round-trip: calls come back with our ids and JSON text, and go out again as objects named by result',
      GUARD,
      async () => {
        server.scriptChat(
          { kind: 'tool-calls', calls: [{ name: 'HassTurnOn', arguments: { name: 'kitchen light' } }] },
          { kind: 'text', text: 'The kitchen light is on.' },
        );
        const first = await backend.complete(
          simpleTurn({ tools: TOOLS, messages: [{ role: 'user', content: 'Turn on the kitchen light' }] }),
        );
        assert.equal(first.finishReason, 'tool_calls');
        assert.equal(first.content, null);
        const [call] = first.toolCalls;
        assert.match(String(call?.id), /^call_hearth_\d+$/);
        assert.deepEqual([call?.name, JSON.parse(String(call?.arguments))], ['HassTurnOn', { name: 'kitchen light' }]);

        const second = await backend.complete(
          simpleTurn({
            tools: TOOLS,
            messages: [
              { role: 'user', content: 'Turn on the kitchen light' },
              { role: 'assistant', content: first.content, toolCalls: first.toolCalls },
              { role: 'tool', toolCallId: call!.id, content: '{"success":true}' },
            ],
          }),
        );
        assert.equal(second.content, 'The kitchen light is on.');
        const sent = server.requests[1]?.body as { messages: unknown[]; tools: unknown[] };
        assert.deepEqual(sent.messages.slice(1), [
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'HassTurnOn', arguments: { name: 'kitchen light' } } }],
          },
          { role: 'tool', content: '{"success":true}', tool_name: 'HassTurnOn' },
        ]);
        assert.deepEqual(sent.tools, [
          {
            type: 'function',
            function: { name: 'HassTurnOn', description: 'Turns on a device', parameters: TOOLS[0]!.parameters },
          },
        ]);
      },
    );

    it('streams each call whole with its own index and id, then finishes with tool_calls', GUARD, async () => {
      server.scriptChat({
        kind: 'tool-calls',
        content: 'On it.',
        calls: [
          { name: 'A', arguments: { x: 1 } },
          { name: 'B', arguments: {} },
        ],
        callsPerLine: 'one',
      });
      server.scriptChat({
        kind: 'tool-calls',
        calls: [
          { name: 'A', arguments: { x: 1 } },
          { name: 'B', arguments: {}, id: 'call_ollama' },
        ],
        callsPerLine: 'all',
      });
      for (const expectedIds of [
        [/^call_hearth_/, /^call_hearth_/],
        [/^call_hearth_/, /^call_ollama$/],
      ]) {
        const deltas = await collect(backend.stream(simpleTurn({ stream: true, tools: TOOLS })));
        const calls = assembleToolCalls(deltas);
        assert.deepEqual(
          calls.map((c) => [c.first.name, c.arguments]),
          [
            ['A', '{"x":1}'],
            ['B', '{}'],
          ],
        );
        for (const [index, c] of calls.entries()) assert.match(String(c.first.id), expectedIds[index]!);
        assert.deepEqual(
          deltas.filter((d) => d.finishReason !== undefined).map((d) => d.finishReason),
          ['tool_calls'],
        );
      }
      assert.equal(textOfDeltas(await collect(backend.stream(simpleTurn({ stream: true })))), DEFAULT_OLLAMA_TEXT);
    });

    it('sends no tools when tool_choice is none', GUARD, async () => {
      await backend.complete(simpleTurn({ tools: TOOLS, toolChoice: 'none' }));
      assert.equal('tools' in (server.requests[0]?.body as object), false);
    });
  });

  describe('stream', () => {
    it('yields content as it comes, then the finish, then usage', GUARD, async () => {
      server.scriptChat({ kind: 'text', text: ['Hello', ' there', '!'] });
      const deltas = await collect(backend.stream(simpleTurn({ stream: true })));
      assert.deepEqual(deltas, [
        { content: 'Hello' },
        { content: ' there' },
        { content: '!' },
        { finishReason: 'stop' },
        { usage: DEFAULT_USAGE },
      ]);
      assert.equal((server.requests[0]?.body as { stream: unknown }).stream, true);
    });

    it('yields thinking as reasoning content before the text, and length when cut off', GUARD, async () => {
      server.scriptChat({
        kind: 'text',
        text: 'Short',
        thinking: 'Quick thought',
        doneReason: 'length',
        counts: { eval_count: 2 },
      });
      const deltas = await collect(backend.stream(simpleTurn({ stream: true })));
      assert.equal(deltas.map((d) => d.reasoningContent ?? '').join(''), 'Quick thought');
      assert.ok(
        deltas.findIndex((d) => d.reasoningContent !== undefined) < deltas.findIndex((d) => d.content !== undefined),
        'thinking comes first',
      );
      assert.deepEqual(deltas.slice(-2), [
        { finishReason: 'length' },
        { usage: { promptTokens: 0, completionTokens: 2, totalTokens: 2 } },
      ]);
    });

    it('reads lines split across network chunks and skips blank lines', GUARD, async () => {
      const line = (content: string): string =>
        JSON.stringify({ model: 'm', message: { role: 'assistant', content }, done: false });
      const done = JSON.stringify({
        model: 'm',
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
      });
      const text = `${line('Hi')}\n\n${line(' you 🙂')}\n${done}`;
      // Cut inside the first object and between the UTF-8 bytes of the emoji; no newline after the last line.
      const bytes = Buffer.from(text);
      const cuts = [20, bytes.indexOf(Buffer.from('🙂')) + 2, bytes.length - 10];
      const chunks = [0, ...cuts].map((start, index) => bytes.subarray(start, [...cuts, bytes.length][index]));
      server.scriptChat({ kind: 'raw-chunks', chunks, chunkDelayMs: 15 });
      const deltas = await collect(backend.stream(simpleTurn({ stream: true })));
      assert.deepEqual(deltas, [{ content: 'Hi' }, { content: ' you 🙂' }, { finishReason: 'stop' }]);
    });
  });

  describe('images', () => {
    it('sends a data: image of a vision turn to Ollama as bare base64', GUARD, async () => {
      await backend.complete(
        simpleTurn({
          messages: [
            {
              role: 'user',
              content: [
                { kind: 'text', text: 'What is on the camera?' },
                { kind: 'image', url: `data:image/png;base64,${PNG_BASE64}`, detail: 'low' },
              ],
            },
          ],
        }),
      );
      const body = server.requests[0]?.body as { messages: unknown[] };
      assert.deepEqual(body.messages, [{ role: 'user', content: 'What is on the camera?', images: [PNG_BASE64] }]);
    });

    it(
      'refuses an http image URL before calling Ollama, in complete and in the first next() of a stream',
      GUARD,
      async () => {
        const turn = simpleTurn({
          messages: [{ role: 'user', content: [{ kind: 'image', url: 'https://example.com/cam.jpg' }] }],
        });
        const error = assertHearthError(
          await rejectionOf(backend.complete(turn)),
          'invalid_request',
          'IMAGE_URL_UNSUPPORTED',
        );
        assert.equal(error.param, 'messages[0].content[0].image_url.url');
        assertHearthError(
          await rejectionOf(firstNextOf(backend.stream({ ...turn, stream: true }))),
          'invalid_request',
          'IMAGE_URL_UNSUPPORTED',
        );
        assert.equal(server.requests.length, 0);
      },
    );
  });
});
