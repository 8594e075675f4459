// GET /v1/models/{id} in-process: the model object, or 404 model_not_found naming the models that exist.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat } from '../app-harness.ts';

describe('GET /v1/models/{id}', () => {
  it('answers the model object as the list holds it', async () => {
    const { app } = createHarness();
    const list = (await (await app.fetch(new Request('http://hearth.test/v1/models'))).json()) as { data: unknown[] };
    for (const [id, index] of [
      ['HA-Assist', 0],
      ['gemma', 1],
    ] as const) {
      const response = await app.fetch(new Request(`http://hearth.test/v1/models/${id}`));
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), list.data[index]);
    }
  });

  it('answers 404 model_not_found, suggesting a name that differs only in case', async () => {
    const { app } = createHarness();
    const response = await app.fetch(new Request('http://hearth.test/v1/models/ha-assist'));
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), {
      error: {
        message:
          "There is no model 'ha-assist'; did you mean 'HA-Assist'? (Model names are case-sensitive.) Available: HA-Assist, gemma, qwen-vl.",
        type: 'invalid_request_error',
        param: 'model',
        code: 'model_not_found',
      },
    });
  });

  it('reads a name with a slash, percent-encoded or not', async () => {
    const { app } = createHarness();
    for (const path of ['org/model', 'org%2Fmodel']) {
      const response = await app.fetch(new Request(`http://hearth.test/v1/models/${path}`));
      assert.equal(response.status, 404);
      const body = (await response.json()) as { error: { message: string } };
      assert.match(body.error.message, /^There is no model 'org\/model'\./);
    }
  });

  it('sits behind the API key like the rest of /v1', async () => {
    const { app } = createHarness({ apiKeys: ['k'.repeat(16)] });
    assert.equal((await app.fetch(new Request('http://hearth.test/v1/models/gemma'))).status, 401);
    const authorized = await app.fetch(
      new Request('http://hearth.test/v1/models/gemma', { headers: { authorization: `Bearer ${'k'.repeat(16)}` } }),
    );
    assert.equal(authorized.status, 200);
  });

  it('gives chat completions the same case hint', async () => {
    const { app } = createHarness();
    const response = await postChat(app, { model: 'GEMMA', messages: [{ role: 'user', content: 'Hi' }] });
    assert.equal(response.status, 404);
    const body = (await response.json()) as { error: { message: string; code: string } };
    assert.equal(body.error.code, 'model_not_found');
    assert.match(body.error.message, /did you mean 'gemma'\?/);
  });
});
