// The real program with no models configured and a fake Ollama named by OLLAMA_HOST: it serves Ollama's models and
// sends HA-Assist's general question to the first chat model; with `ollama: false` it asks Ollama nothing.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeOllama, type FakeOllama } from '../fakes/ollama/index.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

describe('hearth serve with no models and Ollama on OLLAMA_HOST', () => {
  let fake: FakeOllama;
  const started: RunningHearth[] = [];

  before(async () => {
    fake = await startFakeOllama({ models: ['qwen3:4b', 'nomic-embed-text:latest'] });
  });
  after(async () => {
    for (const hearth of started) await hearth.stop();
    await fake.close();
  });

  it("lists Ollama's chat models and answers HA-Assist's general question with the first", async () => {
    fake.reset();
    const hearth = await spawnHearth('log:\n  level: silent\n', { OLLAMA_HOST: fake.baseUrl });
    started.push(hearth);
    assert.match(hearth.stdout(), new RegExp(`serving the 1 chat model of the Ollama at ${fake.baseUrl}`));
    const tags = (await (await fetch(`${hearth.url}/api/tags`)).json()) as { models: { name: string }[] };
    assert.deepEqual(
      tags.models.map((model) => model.name),
      ['HA-Assist:latest', 'qwen3:4b'],
    );
    const response = await fetch(`${hearth.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'HA-Assist', messages: [{ role: 'user', content: 'Tell me a joke' }] }),
    });
    assert.equal(response.status, 200);
    const chats = fake.requests.filter((request) => request.path === '/api/chat');
    assert.deepEqual(
      chats.map((request) => (request.body as { model: string }).model),
      ['qwen3:4b'],
    );
  });

  it('asks Ollama nothing with `ollama: false`', async () => {
    fake.reset();
    const hearth = await spawnHearth('ollama: false\nlog:\n  level: silent\n', { OLLAMA_HOST: fake.baseUrl });
    started.push(hearth);
    assert.deepEqual(fake.requests, []);
    assert.match(hearth.stdout(), /text model: not set/);
  });
});
