// /readyz's checks: each kind of backend and each enabled connection, reachable or not, with the reason.

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { readinessBackends } from '../../src/cli/readiness-backends.ts';
import { createHomeAssistantReader } from '../../src/homeassistant/index.ts';
import { createReadiness } from '../../src/services/index.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { startFakeOllama, type FakeOllama } from '../fakes/ollama/index.ts';
import { type AddOnHarness, createAddOnHarness } from '../tools/add-on-harness.ts';

describe('readiness', () => {
  let openai: FakeOpenAiServer;
  let ollama: FakeOllama;
  let refusing: Server;
  let refusingUrl: string;
  let fake: FakeHomeAssistant;
  let other: FakeHomeAssistant;
  let harness: AddOnHarness;

  before(async () => {
    openai = await startFakeOpenAiServer();
    ollama = await startFakeOllama();
    // A backend that answers, but not with its model list: a wrong API key.
    refusing = createServer((_request, response) => response.writeHead(401).end('no'));
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/v1`;
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    other = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    harness = createAddOnHarness({ openReader: (target) => createHomeAssistantReader(target) });
    assert.equal(
      (await harness.addOn.connections.add({ name: 'home', url: fake.rootUrl, token: ADMIN_TOKEN })).kind,
      'added',
    );
    assert.equal(
      (await harness.addOn.connections.add({ name: 'cabin', url: other.rootUrl, token: 'not-a-token-0123456789' }))
        .kind,
      'added',
    );
    assert.ok(harness.addOn.connections.setEnabled('cabin', true));
  });
  after(async () => {
    await harness.close();
    await fake.close();
    await other.close();
    await new Promise((resolve) => refusing.close(resolve));
    await ollama.close();
    await openai.close();
  });

  it('reaches each backend its own way and each enabled connection, naming what fails and why', async () => {
    const config = ConfigSchema.parse({
      models: {
        gpt: { backend: 'openai', base_url: openai.baseUrl, tokenizer: 'estimate' },
        llama: { backend: 'ollama', base_url: ollama.baseUrl, tokenizer: 'estimate' },
        locked: { backend: 'openai', base_url: refusingUrl, tokenizer: 'estimate' },
        local: { backend: 'llama-cpp', model_path: '/nonexistent/model.gguf' },
        off: { backend: 'openai', base_url: refusingUrl, enabled: false, tokenizer: 'estimate' },
      },
    });
    const state = await createReadiness(readinessBackends(config), harness.addOn.connections)();
    assert.equal(state.ready, false);
    assert.deepEqual(
      state.checks.map(({ kind, name, ok, reason }) => [kind, name, ok, reason]),
      [
        ['backend', 'gpt', true, undefined],
        ['backend', 'llama', true, undefined],
        ['backend', 'locked', false, 'it answered 401'],
        ['backend', 'local', false, 'the model file does not exist'],
        ['connection', 'cabin', false, 'the token was refused'],
        ['connection', 'home', true, undefined],
      ],
    );
    assert.ok(!JSON.stringify(state).includes('not-a-token-0123456789'));
    assert.ok(ollama.requests.some((request) => request.path === '/api/version'));
  });

  it('is ready when everything answers', async () => {
    const config = ConfigSchema.parse({
      models: { gpt: { backend: 'openai', base_url: openai.baseUrl, tokenizer: 'estimate' } },
    });
    assert.deepEqual(await createReadiness(readinessBackends(config), undefined)(), {
      ready: true,
      checks: [{ kind: 'backend', name: 'gpt', url: openai.baseUrl, ok: true }],
    });
  });
});
