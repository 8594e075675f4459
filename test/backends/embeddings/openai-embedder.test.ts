// Tests of the OpenAI-protocol embedder against the fake llama.cpp server's /v1/embeddings.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createOpenAiEmbedder, type Embedder, type OpenAiEmbedderOptions } from '../../../src/backends/index.ts';
import { assertHearthError, messagesOf, rejectionOf } from '../../contract/backend-contract-kit.ts';
import { fakeEmbedding, startFakeLlamaServer, type FakeLlamaServer } from '../../fakes/llama-server/index.ts';

const GUARD = { timeout: 10_000 };
const KEY = 'sk-embed-secret-9';

/** Float32 rounding of the fake's vectors, as the embedder returns them. */
function asFloat32(vectors: number[][]): Float32Array[] {
  return vectors.map((vector) => Float32Array.from(vector));
}

describe('OpenAI embedder', () => {
  let server: FakeLlamaServer;
  let embedder: Embedder;
  const create = (overrides: Partial<OpenAiEmbedderOptions> = {}): Embedder =>
    createOpenAiEmbedder({
      name: 'minilm',
      baseUrl: server.baseUrl,
      upstreamModel: 'all-MiniLM-L6-v2',
      apiKey: KEY,
      readTimeoutMs: 5_000,
      fetch: globalThis.fetch,
      ...overrides,
    });
  before(async () => {
    server = await startFakeLlamaServer();
    embedder = create();
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it(
    'posts {model, input} to {baseUrl}/embeddings with the key as a bearer token, and returns one vector per text',
    GUARD,
    async () => {
      const texts = ['kitchen light', 'bedroom thermostat'];
      assert.deepEqual(await embedder.embed(texts), asFloat32(texts.map((text) => fakeEmbedding(text))));
      const [request] = server.requests;
      assert.deepEqual(
        [request?.method, request?.path, request?.body],
        ['POST', '/v1/embeddings', { model: 'all-MiniLM-L6-v2', input: texts }],
      );
      assert.equal(request?.headers.authorization, `Bearer ${KEY}`);
    },
  );

  it('orders the vectors by index when the server lists them out of order', GUARD, async () => {
    server.scriptEmbeddings({ kind: 'embeddings', isReversed: true });
    const vectors = await embedder.embed(['kitchen', 'hall', 'garage']);
    assert.deepEqual(vectors, asFloat32(['kitchen', 'hall', 'garage'].map((text) => fakeEmbedding(text))));
  });

  it('sends large inputs in batches, in order, and asks nothing for no texts', GUARD, async () => {
    const texts = Array.from({ length: 150 }, (_, index) => `entity number ${index}`);
    const vectors = await embedder.embed(texts);
    assert.deepEqual(
      server.requests.map((request) => (request.body as { input: string[] }).input.length),
      [64, 64, 22],
    );
    assert.deepEqual(vectors[149], Float32Array.from(fakeEmbedding('entity number 149')));
    assert.deepEqual(await embedder.embed([]), []);
    assert.equal(server.requests.length, 3);
  });

  it('honours a configured batch size', GUARD, async () => {
    await create({ batchSize: 2 }).embed(['a', 'b', 'c']);
    assert.deepEqual(
      server.requests.map((request) => (request.body as { input: string[] }).input),
      [['a', 'b'], ['c']],
    );
  });

  const BAD_ROWS: { name: string; vectors: number[][] }[] = [
    { name: 'a missing vector', vectors: [[1, 0]] },
    {
      name: 'vectors of different lengths',
      vectors: [
        [1, 0],
        [1, 0, 0],
      ],
    },
  ];
  for (const row of BAD_ROWS) {
    it(`answers ${row.name} with BACKEND_BAD_RESPONSE`, GUARD, async () => {
      server.scriptEmbeddings({ kind: 'embeddings', vectors: row.vectors });
      assertHearthError(await rejectionOf(embedder.embed(['a', 'b'])), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });
  }

  for (const [name, body] of [
    ['a body that is not JSON', 'not json'],
    ['a body without data', '{"object":"list"}'],
    ['a repeated index', '{"data":[{"index":0,"embedding":[1]},{"index":0,"embedding":[1]}]}'],
    ['an index out of range', '{"data":[{"index":0,"embedding":[1]},{"index":5,"embedding":[1]}]}'],
  ] as const) {
    it(`answers ${name} with BACKEND_BAD_RESPONSE`, GUARD, async () => {
      server.scriptEmbeddings({ kind: 'raw-body', body });
      assertHearthError(await rejectionOf(embedder.embed(['a', 'b'])), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });
  }

  it('an HTTP 500 is BACKEND_ERROR naming the model, without the key it echoed', GUARD, async () => {
    server.scriptEmbeddings({
      kind: 'http-error',
      status: 500,
      body: { error: { code: 500, message: `embedding failed for ${KEY}` } },
    });
    const error = assertHearthError(await rejectionOf(embedder.embed(['a'])), 'upstream_failure', 'BACKEND_ERROR');
    assert.ok(error.message.includes('minilm') && error.message.includes('embedding failed'), error.message);
    for (const message of messagesOf(error)) assert.ok(!message.includes(KEY), message);
  });

  it('a server that never answers is BACKEND_TIMEOUT', GUARD, async () => {
    server.scriptEmbeddings({ kind: 'hang' });
    assertHearthError(
      await rejectionOf(create({ readTimeoutMs: 250 }).embed(['a'])),
      'upstream_timeout',
      'BACKEND_TIMEOUT',
    );
  });

  it('a failing later batch fails the whole call', GUARD, async () => {
    server.scriptEmbeddings({ kind: 'embeddings' }, { kind: 'drop' });
    assertHearthError(await rejectionOf(create({ batchSize: 1 }).embed(['a', 'b'])), 'upstream_failure');
    assert.equal(server.requests.length, 2);
  });
});
