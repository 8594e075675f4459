// End to end: `client.models.retrieve` and `client.embeddings.create` of the official openai client against the
// real program, with a fake llama.cpp server as the configured embedder and a fake Ollama as a physical model.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import { fakeEmbedding, startFakeLlamaServer, type FakeLlamaServer } from '../fakes/llama-server/index.ts';
import { startFakeOllama, type FakeOllama } from '../fakes/ollama/index.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

type ApiError = InstanceType<typeof OpenAI.APIError>;

let llamaServer: FakeLlamaServer;
let ollama: FakeOllama;
let chatOnly: FakeOpenAiServer;
let hearth: RunningHearth;
let client: OpenAI;

before(async () => {
  llamaServer = await startFakeLlamaServer();
  ollama = await startFakeOllama({ models: ['nomic-embed-text'], embeddingDimensions: 8 });
  chatOnly = await startFakeOpenAiServer({ models: ['gemma-4-E2B-it'] });
  hearth = await spawnHearth(
    [
      'embeddings:',
      '  backend: openai',
      `  base_url: ${llamaServer.baseUrl}`,
      '  model: all-minilm',
      'models:',
      '  nomic:',
      '    backend: ollama',
      `    base_url: ${ollama.baseUrl}`,
      '    upstream_model: nomic-embed-text',
      '  gemma:',
      `    base_url: ${chatOnly.baseUrl}`,
      '    upstream_model: gemma-4-E2B-it',
    ].join('\n'),
  );
  client = new OpenAI({ baseURL: `${hearth.url}/v1`, apiKey: 'not-needed', maxRetries: 0 });
});

after(async () => {
  await hearth?.stop();
  await Promise.all([llamaServer?.close(), ollama?.close(), chatOnly?.close()]);
});

/** What a float32 round trip makes of `values`. */
function asFloat32(values: number[]): number[] {
  return Array.from(Float32Array.from(values));
}

describe('client.models.retrieve against hearth', () => {
  it('answers the model object of the list', async () => {
    const model = await client.models.retrieve('HA-Assist');
    assert.deepEqual(
      { id: model.id, object: model.object, owned_by: model.owned_by },
      {
        id: 'HA-Assist',
        object: 'model',
        owned_by: 'hearth',
      },
    );
    assert.equal((await client.models.retrieve('nomic')).owned_by, 'ollama');
  });

  it('answers 404 model_not_found with the names that exist and a case hint', async () => {
    await assert.rejects(client.models.retrieve('ha-assist'), (error: ApiError) => {
      assert.equal(error.status, 404);
      assert.equal(error.code, 'model_not_found');
      assert.match(error.message, /There is no model 'ha-assist'; did you mean 'HA-Assist'\?/);
      assert.match(error.message, /Available: HA-Assist, nomic, gemma\./);
      return true;
    });
  });
});

describe('client.embeddings.create against hearth', () => {
  it("embeds with the configured embedder, in the client's default base64", async () => {
    llamaServer.reset();
    const response = await client.embeddings.create({ model: 'all-minilm', input: ['kitchen light', 'hall'] });
    assert.equal(response.object, 'list');
    assert.equal(response.model, 'all-minilm');
    assert.deepEqual(
      response.data.map((item) => [item.object, item.index, Array.from(item.embedding)]),
      [
        ['embedding', 0, asFloat32(fakeEmbedding('kitchen light'))],
        ['embedding', 1, asFloat32(fakeEmbedding('hall'))],
      ],
    );
    assert.deepEqual(response.usage, { prompt_tokens: 4 + 2, total_tokens: 4 + 2 });
    assert.deepEqual(
      llamaServer.requests.map((request) => [request.path, request.body]),
      [['/v1/embeddings', { model: 'all-minilm', input: ['kitchen light', 'hall'] }]],
    );
  });

  it('answers floats when asked, and takes the dimensions the model has', async () => {
    const response = await client.embeddings.create({
      model: 'all-minilm',
      input: 'hall',
      encoding_format: 'float',
      dimensions: 16,
    });
    assert.deepEqual(response.data[0]!.embedding, asFloat32(fakeEmbedding('hall')));
  });

  it("embeds with a physical model whose backend embeds (Ollama's /api/embed)", async () => {
    ollama.reset();
    const response = await client.embeddings.create({
      model: 'nomic',
      input: 'kitchen light',
      encoding_format: 'float',
    });
    assert.deepEqual(response.data[0]!.embedding, asFloat32(fakeEmbedding('kitchen light', 8)));
    assert.equal(response.model, 'nomic');
    assert.deepEqual(
      ollama.requests.map((request) => [request.path, request.body]),
      [['/api/embed', { model: 'nomic-embed-text', input: ['kitchen light'] }]],
    );
  });

  const refusals: {
    name: string;
    params: OpenAI.EmbeddingCreateParams;
    status: number;
    code: string;
    message: RegExp;
  }[] = [
    {
      name: 'an unknown model',
      params: { model: 'All-MiniLM', input: 'x' },
      status: 404,
      code: 'model_not_found',
      message: /did you mean 'all-minilm'\?.*Available: all-minilm, nomic, gemma\./,
    },
    {
      name: 'HA-Assist',
      params: { model: 'HA-Assist', input: 'x' },
      status: 400,
      code: 'model_cannot_embed',
      message: /'HA-Assist' is a chat model/,
    },
    {
      name: 'other dimensions',
      params: { model: 'all-minilm', input: 'x', dimensions: 4 },
      status: 400,
      code: 'unsupported_dimensions',
      message: /produces 16-dimensional embeddings/,
    },
    {
      name: 'token ids',
      params: { model: 'all-minilm', input: [1, 2, 3] },
      status: 400,
      code: 'unsupported_parameter',
      message: /text only/,
    },
    {
      name: 'an empty text',
      params: { model: 'all-minilm', input: '' },
      status: 400,
      code: 'invalid_request',
      message: /'input'/,
    },
    {
      name: 'a model whose server has no embeddings endpoint',
      params: { model: 'gemma', input: 'x' },
      status: 502,
      code: 'backend_error',
      message: /Backend 'gemma' answered HTTP 404/,
    },
  ];
  for (const row of refusals) {
    it(`refuses ${row.name} with ${row.status} in OpenAI's error form`, async () => {
      await assert.rejects(client.embeddings.create(row.params), (error: ApiError) => {
        assert.equal(error.status, row.status);
        assert.equal(error.code, row.code);
        assert.match(error.message, row.message);
        return true;
      });
    });
  }
});
