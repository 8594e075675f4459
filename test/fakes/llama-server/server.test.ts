// Direct tests of the fake llama.cpp / vLLM server: both /tokenize dialects, /v1/embeddings, scripts and record.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { FAKE_BOS_ID, fakeEmbedding, fakeTokenize, startFakeLlamaServer, type FakeLlamaServer } from './index.ts';

const GUARD = { timeout: 10_000 };

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('fakeTokenize', () => {
  it('splits words and punctuation deterministically', () => {
    assert.equal(fakeTokenize('Turn on the kitchen light, please!').length, 8);
    assert.deepEqual(fakeTokenize('a b'), fakeTokenize('a  b'));
    assert.notDeepEqual(fakeTokenize('kitchen'), fakeTokenize('bedroom'));
    assert.deepEqual(fakeTokenize(''), []);
  });
});

describe('fake llama.cpp server', () => {
  let server: FakeLlamaServer;
  before(async () => {
    server = await startFakeLlamaServer();
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it('tokenizes at the root, adding BOS only when asked', GUARD, async () => {
    const plain = await (await post(`${server.rootUrl}/tokenize`, { content: 'Hello, world' })).json();
    const special = await (
      await post(`${server.rootUrl}/tokenize`, { content: 'Hello, world', add_special: true })
    ).json();
    assert.deepEqual(plain, { tokens: fakeTokenize('Hello, world') });
    assert.deepEqual(special, { tokens: [FAKE_BOS_ID, ...fakeTokenize('Hello, world')] });
    assert.deepEqual(
      server.requests.map((request) => request.path),
      ['/tokenize', '/tokenize'],
    );
  });

  it('answers pieces when asked with_pieces', GUARD, async () => {
    const json = (await (await post(`${server.rootUrl}/tokenize`, { content: 'Hi!', with_pieces: true })).json()) as {
      tokens: { piece: string }[];
    };
    assert.deepEqual(
      json.tokens.map((token) => token.piece),
      ['Hi', '!'],
    );
  });

  it('embeds under /v1 with indexed deterministic vectors, optionally reversed', GUARD, async () => {
    const json = (await (
      await post(`${server.baseUrl}/embeddings`, { model: 'fake-model', input: ['kitchen', 'hall'] })
    ).json()) as { data: { index: number; embedding: number[] }[] };
    assert.deepEqual(
      json.data.map((item) => item.index),
      [0, 1],
    );
    assert.deepEqual(json.data[1]?.embedding, fakeEmbedding('hall'));
    server.scriptEmbeddings({ kind: 'embeddings', isReversed: true });
    const reversed = (await (
      await post(`${server.baseUrl}/embeddings`, { model: 'fake-model', input: ['kitchen', 'hall'] })
    ).json()) as { data: { index: number; embedding: number[] }[] };
    assert.deepEqual(
      reversed.data.map((item) => item.index),
      [1, 0],
    );
    assert.deepEqual(reversed.data[0]?.embedding, fakeEmbedding('hall'));
  });

  it('plays scripted faults per endpoint, then computes again', GUARD, async () => {
    server.scriptTokenize({ kind: 'http-error', status: 500, body: { error: { code: 500, message: 'boom' } } });
    server.scriptEmbeddings({ kind: 'raw-body', body: 'not json' });
    assert.equal(server.pendingSteps, 2);
    assert.equal((await post(`${server.rootUrl}/tokenize`, { content: 'x' })).status, 500);
    assert.equal(await (await post(`${server.baseUrl}/embeddings`, { input: ['x'] })).text(), 'not json');
    assert.equal((await post(`${server.rootUrl}/tokenize`, { content: 'x' })).status, 200);
    assert.equal(server.pendingSteps, 0);
  });

  it('answers unknown paths with a llama.cpp-style 404', GUARD, async () => {
    const response = await post(`${server.baseUrl}/tokenize`, { content: 'x' });
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { error: { code: number } }).error.code, 404);
  });
});

describe('fake vLLM server', () => {
  let server: FakeLlamaServer;
  before(async () => {
    server = await startFakeLlamaServer({ dialect: 'vllm', models: ['Qwen/Qwen3-4B'], maxModelLen: 8192 });
  });
  after(() => server.close());

  it('tokenizes with count and max_model_len, adding BOS unless add_special_tokens is false', GUARD, async () => {
    const withBos = (await (
      await post(`${server.rootUrl}/tokenize`, { model: 'Qwen/Qwen3-4B', prompt: 'Hello, world' })
    ).json()) as Record<string, unknown>;
    const without = (await (
      await post(`${server.rootUrl}/tokenize`, {
        model: 'Qwen/Qwen3-4B',
        prompt: 'Hello, world',
        add_special_tokens: false,
      })
    ).json()) as Record<string, unknown>;
    assert.deepEqual([withBos.count, withBos.max_model_len], [4, 8192]);
    assert.deepEqual(without, {
      count: 3,
      max_model_len: 8192,
      tokens: fakeTokenize('Hello, world'),
      token_strs: null,
    });
  });

  it("answers an unknown model with vLLM's 404 error body", GUARD, async () => {
    const response = await post(`${server.rootUrl}/tokenize`, { model: 'other', prompt: 'x' });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), {
      object: 'error',
      message: 'The model `other` does not exist.',
      type: 'NotFoundError',
      param: null,
      code: 404,
    });
  });

  it('answers a body without a prompt with 400', GUARD, async () => {
    assert.equal((await post(`${server.rootUrl}/tokenize`, { model: 'Qwen/Qwen3-4B', content: 'x' })).status, 400);
  });
});
