// POST /v1/embeddings in-process: the response shape, and every refusal in OpenAI's error form.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../../src/common/index.ts';
import type { Embedder } from '../../../src/backends/index.ts';
import { createHarness } from '../app-harness.ts';

/** Answers [text length, 1] per text, or fails with `failure` when set. */
function fakeEmbedder(failure?: Error): Embedder {
  return {
    name: 'all-minilm',
    async embed(texts) {
      if (failure !== undefined) throw failure;
      return texts.map((text) => Float32Array.from([text.length, 1]));
    },
  };
}

function postEmbeddings(app: { fetch(request: Request): Promise<Response> }, body: unknown): Promise<Response> {
  return app.fetch(
    new Request('http://hearth.test/v1/embeddings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

describe('POST /v1/embeddings', () => {
  it('answers an OpenAI embeddings list', async () => {
    const { app } = createHarness({ embeddingModels: new Map([['all-minilm', fakeEmbedder()]]) });
    const response = await postEmbeddings(app, { model: 'all-minilm', input: ['hall', 'kitchen'] });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [4, 1] },
        { object: 'embedding', index: 1, embedding: [7, 1] },
      ],
      model: 'all-minilm',
      usage: { prompt_tokens: 4, total_tokens: 4 },
    });
  });

  const refusals: { name: string; body: unknown; status: number; code: string; message: RegExp }[] = [
    {
      name: 'an unknown model',
      body: { model: 'nope', input: 'x' },
      status: 404,
      code: 'model_not_found',
      message: /^There is no embedding model 'nope'\. Available: all-minilm\.$/,
    },
    {
      name: 'a chat model',
      body: { model: 'gemma', input: 'x' },
      status: 400,
      code: 'model_cannot_embed',
      message: /'gemma' is a chat model/,
    },
    {
      name: 'dimensions the model does not produce',
      body: { model: 'all-minilm', input: 'x', dimensions: 8 },
      status: 400,
      code: 'unsupported_dimensions',
      message: /produces 2-dimensional/,
    },
    {
      name: 'token ids',
      body: { model: 'all-minilm', input: [1, 2] },
      status: 400,
      code: 'unsupported_parameter',
      message: /text only/,
    },
    {
      name: 'a missing input',
      body: { model: 'all-minilm' },
      status: 400,
      code: 'invalid_request',
      message: /'input'/,
    },
    {
      name: 'JSON that is not an object',
      body: 'null',
      status: 400,
      code: 'invalid_request',
      message: /expected object/,
    },
    { name: 'broken JSON', body: '{"model":', status: 400, code: 'invalid_json', message: /JSON/ },
  ];
  for (const row of refusals) {
    it(`refuses ${row.name} with ${row.status} in OpenAI's error form`, async () => {
      const { app } = createHarness({ embeddingModels: new Map([['all-minilm', fakeEmbedder()]]) });
      const response = await postEmbeddings(app, row.body);
      assert.equal(response.status, row.status);
      const body = (await response.json()) as { error: { message: string; type: string; code: string } };
      assert.equal(body.error.type, 'invalid_request_error');
      assert.equal(body.error.code, row.code);
      assert.match(body.error.message, row.message);
    });
  }

  it("passes an embedder's failure on as its own status, naming the backend", async () => {
    const failure = new HearthError('BACKEND_UNREACHABLE', "Backend 'all-minilm' is unreachable.");
    const { app } = createHarness({ embeddingModels: new Map([['all-minilm', fakeEmbedder(failure)]]) });
    const response = await postEmbeddings(app, { model: 'all-minilm', input: 'x' });
    assert.equal(response.status, 502);
    assert.match(((await response.json()) as { error: { message: string } }).error.message, /all-minilm/);
  });
});
