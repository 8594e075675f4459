// Tests of the Ollama embedder against the fake Ollama server's /api/embed.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createOllamaEmbedder, type Embedder, type OllamaEmbedderOptions } from '../../../src/backends/index.ts';
import { assertHearthError, rejectionOf } from '../../contract/backend-contract-kit.ts';
import { fakeEmbedding, startFakeOllama, type FakeOllama } from '../../fakes/ollama/index.ts';

const GUARD = { timeout: 10_000 };

describe('Ollama embedder', () => {
  let server: FakeOllama;
  let embedder: Embedder;
  const create = (overrides: Partial<OllamaEmbedderOptions> = {}): Embedder =>
    createOllamaEmbedder({
      name: 'minilm',
      baseUrl: server.baseUrl,
      upstreamModel: 'all-minilm',
      readTimeoutMs: 5_000,
      fetch: globalThis.fetch,
      ...overrides,
    });
  before(async () => {
    server = await startFakeOllama({ models: ['all-minilm'], rejectUnknownModels: true, embeddingDimensions: 8 });
    embedder = create();
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it('posts {model, input} to /api/embed and returns one Float32Array per text', GUARD, async () => {
    const vectors = await embedder.embed(['turn on the light', 'open the garage']);
    assert.deepEqual(vectors, [
      Float32Array.from(fakeEmbedding('turn on the light', 8)),
      Float32Array.from(fakeEmbedding('open the garage', 8)),
    ]);
    const [request] = server.requests;
    assert.deepEqual(
      [request?.path, request?.body],
      ['/api/embed', { model: 'all-minilm', input: ['turn on the light', 'open the garage'] }],
    );
    assert.equal(request?.headers.authorization, undefined);
  });

  it('batches large inputs', GUARD, async () => {
    const vectors = await create({ batchSize: 4 }).embed(Array.from({ length: 10 }, (_, index) => `text ${index}`));
    assert.equal(vectors.length, 10);
    assert.deepEqual(
      server.requests.map((request) => (request.body as { input: string[] }).input.length),
      [4, 4, 2],
    );
  });

  it('a wrong count or a body without embeddings is BACKEND_BAD_RESPONSE', GUARD, async () => {
    server.scriptEmbed({ kind: 'vectors', vectors: [[1, 2, 3]] }, { kind: 'raw-body', body: '{"embedding":[1,2]}' });
    assertHearthError(await rejectionOf(embedder.embed(['a', 'b'])), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    assertHearthError(await rejectionOf(embedder.embed(['a'])), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
  });

  it('a model Ollama does not have is an upstream failure naming our model and quoting Ollama', GUARD, async () => {
    const error = assertHearthError(
      await rejectionOf(create({ upstreamModel: 'nomic-embed-text' }).embed(['a'])),
      'upstream_failure',
      'BACKEND_ERROR',
    );
    assert.ok(error.message.includes("'minilm'") && error.message.includes('nomic-embed-text'), error.message);
  });

  it('a timeout is BACKEND_TIMEOUT and a caller abort is REQUEST_CANCELLED', GUARD, async () => {
    server.scriptEmbed({ kind: 'hang' }, { kind: 'hang' });
    assertHearthError(
      await rejectionOf(create({ readTimeoutMs: 250 }).embed(['a'])),
      'upstream_timeout',
      'BACKEND_TIMEOUT',
    );
    const controller = new AbortController();
    const call = embedder.embed(['a'], { signal: controller.signal });
    await server.waitForRequests(2);
    controller.abort();
    assertHearthError(await rejectionOf(call), 'upstream_failure', 'REQUEST_CANCELLED');
  });
});
