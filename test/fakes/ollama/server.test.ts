// Direct tests of the fake Ollama server: its record, its scripts, and its chat, embed and tags wire output.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DEFAULT_COUNTS, DEFAULT_OLLAMA_TEXT, fakeEmbedding, startFakeOllama, type FakeOllama } from './index.ts';

const GUARD = { timeout: 10_000 };

function post(server: FakeOllama, path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function chat(server: FakeOllama, body: Record<string, unknown> = {}): Promise<Response> {
  return post(server, '/api/chat', { model: 'fake-model', messages: [{ role: 'user', content: 'Hi' }], ...body });
}

/** The NDJSON lines of a body, parsed. */
async function linesOf(response: Response): Promise<Record<string, unknown>[]> {
  return (await response.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function messageOf(json: Record<string, unknown> | undefined): Record<string, unknown> {
  return (json?.message ?? {}) as Record<string, unknown>;
}

describe('fake Ollama server', () => {
  let server: FakeOllama;
  before(async () => {
    server = await startFakeOllama({ models: ['fake-model', 'all-minilm'] });
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it('records every request with its method, path, headers and parsed body', GUARD, async () => {
    await (await chat(server, { stream: false })).text();
    await (await fetch(`${server.baseUrl}/api/tags`)).text();
    const [first, second] = server.requests;
    assert.deepEqual(
      [first?.method, first?.path, second?.method, second?.path],
      ['POST', '/api/chat', 'GET', '/api/tags'],
    );
    assert.deepEqual(first?.body, { model: 'fake-model', messages: [{ role: 'user', content: 'Hi' }], stream: false });
    assert.equal(first?.headers['content-type'], 'application/json');
  });

  it('lists its models at /api/tags', GUARD, async () => {
    const tags = (await (await fetch(`${server.baseUrl}/api/tags`)).json()) as { models: { name: string }[] };
    assert.deepEqual(
      tags.models.map((model) => model.name),
      ['fake-model', 'all-minilm'],
    );
  });

  it('streams NDJSON by default, ending in a done line with counts', GUARD, async () => {
    const response = await chat(server);
    assert.match(String(response.headers.get('content-type')), /application\/x-ndjson/);
    const lines = await linesOf(response);
    assert.equal(
      lines
        .slice(0, -1)
        .map((line) => messageOf(line).content)
        .join(''),
      DEFAULT_OLLAMA_TEXT,
    );
    assert.ok(
      lines.slice(0, -1).every((line) => line.done === false),
      'only the last line is done',
    );
    const last = lines.at(-1)!;
    assert.deepEqual(
      [last.done, last.done_reason, last.prompt_eval_count, last.eval_count],
      [true, 'stop', DEFAULT_COUNTS.prompt_eval_count, DEFAULT_COUNTS.eval_count],
    );
  });

  it('answers one JSON body when the request says stream: false', GUARD, async () => {
    server.scriptChat({
      kind: 'text',
      text: 'All done.',
      thinking: 'easy',
      doneReason: 'length',
      counts: { eval_count: 3 },
    });
    const json = (await (await chat(server, { stream: false })).json()) as Record<string, unknown>;
    assert.deepEqual(messageOf(json), { role: 'assistant', content: 'All done.', thinking: 'easy' });
    assert.deepEqual(
      [json.done, json.done_reason, json.eval_count, 'prompt_eval_count' in json],
      [true, 'length', 3, false],
    );
  });

  it('answers tool calls with object arguments, one line per call when streaming', GUARD, async () => {
    const calls = [
      { name: 'HassTurnOn', arguments: { name: 'kitchen' } },
      { name: 'HassTurnOff', arguments: { area: 'hall' }, id: 'call_x' },
    ];
    server.scriptChat({ kind: 'tool-calls', calls }, { kind: 'tool-calls', calls });
    const whole = (await (await chat(server, { stream: false })).json()) as Record<string, unknown>;
    assert.deepEqual(messageOf(whole).tool_calls, [
      { function: { name: 'HassTurnOn', arguments: { name: 'kitchen' } } },
      { function: { name: 'HassTurnOff', arguments: { area: 'hall' } }, id: 'call_x' },
    ]);
    const lines = await linesOf(await chat(server));
    const callLines = lines.filter((line) => messageOf(line).tool_calls !== undefined);
    assert.equal(callLines.length, 2);
    assert.equal(lines.at(-1)?.done, true);
  });

  it('streams raw lines exactly as scripted, without a done line', GUARD, async () => {
    server.scriptChat({ kind: 'raw-lines', lines: ['not json', { error: 'boom' }] });
    assert.equal(await (await chat(server)).text(), 'not json\n{"error":"boom"}\n');
  });

  it('answers scripted faults, then the default again', GUARD, async () => {
    server.scriptChat({ kind: 'http-error', status: 500, body: { error: 'out of memory' } });
    const failed = await chat(server, { stream: false });
    assert.deepEqual([failed.status, await failed.json()], [500, { error: 'out of memory' }]);
    assert.equal((await chat(server, { stream: false })).status, 200);
    server.scriptChat({ kind: 'drop' });
    await assert.rejects(chat(server));
  });

  it('embeds every input with the deterministic fake vectors, or scripted ones', GUARD, async () => {
    const json = (await (
      await post(server, '/api/embed', { model: 'all-minilm', input: ['kitchen light', 'hall'] })
    ).json()) as { embeddings: number[][]; model: string };
    assert.deepEqual(json.embeddings, [fakeEmbedding('kitchen light'), fakeEmbedding('hall')]);
    assert.equal(json.model, 'all-minilm');
    server.scriptEmbed({ kind: 'vectors', vectors: [[1, 2]] });
    const scripted = (await (await post(server, '/api/embed', { model: 'all-minilm', input: ['a', 'b'] })).json()) as {
      embeddings: number[][];
    };
    assert.deepEqual(scripted.embeddings, [[1, 2]]);
  });

  it('answers unknown paths with 404 and bodies that are not JSON with 400', GUARD, async () => {
    assert.equal((await fetch(`${server.baseUrl}/api/nothing`)).status, 404);
    const response = await fetch(`${server.baseUrl}/api/chat`, { method: 'POST', body: 'nope' });
    assert.equal(response.status, 400);
  });
});

describe('fake Ollama server options', () => {
  it("rejects unknown models with Ollama's 404 when asked to", GUARD, async () => {
    const server = await startFakeOllama({ models: ['qwen3:4b'], rejectUnknownModels: true });
    try {
      const response = await chat(server);
      assert.equal(response.status, 404);
      assert.match(((await response.json()) as { error: string }).error, /model "fake-model" not found/);
    } finally {
      await server.close();
    }
  });

  it('close() ends a hanging chat and a stalled stream', GUARD, async () => {
    const server = await startFakeOllama();
    server.scriptChat({ kind: 'hang' }, { kind: 'text', text: 'a b c', hangAfterLines: 1 });
    const hanging = chat(server);
    await server.waitForRequests(1);
    const stalledBody = (await chat(server)).text();
    await server.close();
    await assert.rejects(hanging);
    await assert.rejects(stalledBody);
  });
});
