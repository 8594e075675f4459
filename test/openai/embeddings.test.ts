// The embeddings wire format: which requests decode to which texts, which are refused, and the response shapes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../src/common/index.ts';
import { decodeEmbeddingsRequest, encodeEmbeddings, type EmbeddingsQuery } from '../../src/openai/index.ts';

describe('decodeEmbeddingsRequest', () => {
  const accepted: { name: string; body: Record<string, unknown>; query: EmbeddingsQuery }[] = [
    {
      name: 'one string',
      body: { model: 'all-minilm', input: 'kitchen light' },
      query: { model: 'all-minilm', texts: ['kitchen light'], encodingFormat: 'float' },
    },
    {
      name: 'a list, base64, dimensions and an ignored user',
      body: { model: 'm', input: ['a', 'b'], encoding_format: 'base64', dimensions: 16, user: 'u', extra: 1 },
      query: { model: 'm', texts: ['a', 'b'], encodingFormat: 'base64', dimensions: 16 },
    },
  ];
  for (const row of accepted) {
    it(`accepts ${row.name}`, () => assert.deepEqual(decodeEmbeddingsRequest(row.body), row.query));
  }

  const refused: { name: string; body: unknown; param: string | undefined; message: RegExp }[] = [
    { name: 'no model', body: { input: 'x' }, param: 'model', message: /Missing required parameter: 'model'/ },
    { name: 'no input', body: { model: 'm' }, param: 'input', message: /'input'/ },
    { name: 'an empty string', body: { model: 'm', input: '' }, param: 'input', message: /must not be an empty/ },
    { name: 'an empty list', body: { model: 'm', input: [] }, param: 'input', message: /at least one text/ },
    { name: 'an empty text in a list', body: { model: 'm', input: ['a', ''] }, param: 'input[1]', message: /empty/ },
    { name: 'a number', body: { model: 'm', input: 5 }, param: 'input', message: /expected string/ },
    { name: 'token ids', body: { model: 'm', input: [1, 2, 3] }, param: 'input', message: /text only/ },
    { name: 'lists of token ids', body: { model: 'm', input: [[1, 2]] }, param: 'input', message: /text only/ },
    {
      name: 'too many texts',
      body: { model: 'm', input: Array.from({ length: 2049 }, () => 'x') },
      param: 'input',
      message: /at most 2048/,
    },
    {
      name: 'another encoding',
      body: { model: 'm', input: 'x', encoding_format: 'int8' },
      param: 'encoding_format',
      message: /'float' or 'base64'/,
    },
    {
      name: 'zero dimensions',
      body: { model: 'm', input: 'x', dimensions: 0 },
      param: 'dimensions',
      message: /positive/,
    },
    { name: 'not an object', body: [1], param: undefined, message: /expected object/ },
  ];
  for (const row of refused) {
    it(`refuses ${row.name} with a 400 naming the field`, () => {
      assert.throws(
        () => decodeEmbeddingsRequest(row.body),
        (error: unknown) =>
          error instanceof HearthError &&
          error.kind === 'invalid_request' &&
          error.param === row.param &&
          row.message.test(error.message),
      );
    });
  }
});

describe('encodeEmbeddings', () => {
  const vectors = [Float32Array.from([0.5, -1, 0.25]), Float32Array.from([1, 0, 0])];
  const header = { model: 'all-minilm', promptTokens: 7 };

  it('sends floats in order with usage', () => {
    const query: EmbeddingsQuery = { model: 'all-minilm', texts: ['a', 'b'], encodingFormat: 'float' };
    assert.deepEqual(encodeEmbeddings(vectors, query, header), {
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.5, -1, 0.25] },
        { object: 'embedding', index: 1, embedding: [1, 0, 0] },
      ],
      model: 'all-minilm',
      usage: { prompt_tokens: 7, total_tokens: 7 },
    });
  });

  it('sends base64 as little-endian float32, as OpenAI does', () => {
    const query: EmbeddingsQuery = { model: 'all-minilm', texts: ['a', 'b'], encodingFormat: 'base64' };
    const body = encodeEmbeddings(vectors, query, header) as { data: { embedding: string }[] };
    const bytes = Buffer.from(body.data[0]!.embedding, 'base64');
    assert.equal(bytes.length, 12);
    assert.deepEqual(
      [0, 4, 8].map((offset) => bytes.readFloatLE(offset)),
      [0.5, -1, 0.25],
    );
  });

  it("accepts the model's own dimensions and refuses others with a 400", () => {
    const query: EmbeddingsQuery = { model: 'm', texts: ['a', 'b'], encodingFormat: 'float', dimensions: 3 };
    assert.equal((encodeEmbeddings(vectors, query, header) as { data: unknown[] }).data.length, 2);
    assert.throws(
      () => encodeEmbeddings(vectors, { ...query, dimensions: 2 }, header),
      (error: unknown) =>
        error instanceof HearthError &&
        error.kind === 'invalid_request' &&
        error.param === 'dimensions' &&
        /produces 3-dimensional embeddings/.test(error.message),
    );
  });
});
