// A default that serves: with no models configured, `hearth serve` asks a local Ollama (OLLAMA_HOST) which models it
// has, serves them, and uses the first chat model for HA-Assist; `ollama: false` asks nothing.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { DEFAULT_OLLAMA_URL, ollamaUrl, shouldDiscover, withDiscoveredModels } from '../../src/cli/ollama-discovery.ts';
import { readOllamaModels } from '../../src/services/index.ts';
import { runServe } from '../../src/cli/serve.ts';
import type { Listening } from '../../src/cli/listen.ts';
import { startFakeOllama, type FakeOllama } from '../fakes/ollama/index.ts';
import { OLLAMA_TAGS } from '../fixtures/ollama-tags.ts';

describe('ollamaUrl', () => {
  const cases: [string | undefined, string][] = [
    [undefined, DEFAULT_OLLAMA_URL],
    ['', DEFAULT_OLLAMA_URL],
    ['0.0.0.0', 'http://127.0.0.1:11434'],
    ['0.0.0.0:11500', 'http://127.0.0.1:11500'],
    ['ollama.lan', 'http://ollama.lan:11434'],
    ['http://10.0.0.5:8000', 'http://10.0.0.5:8000'],
    ['https://ollama.example.org', 'https://ollama.example.org'],
  ];
  for (const [host, url] of cases)
    it(`OLLAMA_HOST=${JSON.stringify(host)} → ${url}`, () => {
      assert.equal(ollamaUrl(host === undefined ? {} : { OLLAMA_HOST: host }), url);
    });
});

describe('withDiscoveredModels', () => {
  const tags = OLLAMA_TAGS;

  it('serves the chat models, the first as the text model and the first vision one for images', () => {
    const config = withDiscoveredModels(ConfigSchema.parse({}), 'http://127.0.0.1:11434', readOllamaModels(tags));
    assert.deepEqual(Object.keys(config.models), ['qwen3_4b', 'llava_7b', 'gemma3_4b']);
    assert.deepEqual(
      [config.models.qwen3_4b!.backend, config.models.qwen3_4b!.base_url, config.models.qwen3_4b!.model],
      ['ollama', 'http://127.0.0.1:11434', 'qwen3:4b'],
    );
    assert.deepEqual(
      [config.settings.ha_assist_text_model, config.settings.ha_assist_vision_model],
      ['qwen3:4b', 'llava:7b'],
    );
  });

  it('asks only when `ollama` is on and no models are configured', () => {
    assert.equal(shouldDiscover(ConfigSchema.parse({})), true);
    assert.equal(shouldDiscover(ConfigSchema.parse({ ollama: false })), false);
    assert.equal(
      shouldDiscover(ConfigSchema.parse({ models: { gemma: { base_url: 'http://127.0.0.1:8081/v1' } } })),
      false,
    );
  });
});

describe('hearth serve with no models and a local Ollama', () => {
  let fake: FakeOllama;
  const running: Listening[] = [];

  before(async () => {
    fake = await startFakeOllama({ models: ['qwen3:4b', 'all-minilm:latest'] });
  });
  after(async () => {
    for (const listening of running) await listening.close();
    await fake.close();
  });

  /** Starts `hearth serve` on a free port with `configYaml` and the fake as OLLAMA_HOST; returns its URL and banner. */
  async function serve(configYaml: string): Promise<{ url: string; banner: string }> {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hearth-ollama-'));
    const configPath = join(dir, 'hearth.yaml');
    writeFileSync(configPath, configYaml);
    let banner = '';
    const listening = await runServe(
      { kind: 'serve', configPath, port: 0, host: '127.0.0.1' },
      { OLLAMA_HOST: fake.baseUrl, HEARTH__DATA_DIR: join(dir, 'data') },
      (text) => (banner += text),
    );
    running.push(listening);
    return { url: listening.url, banner };
  }

  it("lists Ollama's models and sends HA-Assist's general question to its chat model", async () => {
    fake.reset();
    const { url, banner } = await serve('log:\n  level: silent\n');
    assert.match(banner, new RegExp(`serving the 1 chat model of the Ollama at ${fake.baseUrl}`));
    assert.match(banner, /HA-Assist {2}virtual; text model: qwen3:4b, vision model: not set/);
    const models = (await (await fetch(`${url}/v1/models`)).json()) as { data: { id: string }[] };
    assert.deepEqual(
      models.data.map((model) => model.id),
      ['HA-Assist', 'qwen3:4b'],
    );
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'HA-Assist',
        messages: [{ role: 'user', content: 'What is the capital of France?' }],
      }),
    });
    assert.equal(response.status, 200);
    const chats = fake.requests.filter((request) => request.path === '/api/chat');
    assert.equal(chats.length, 1);
    assert.equal((chats[0]!.body as { model: string }).model, 'qwen3:4b');
  });

  it('asks nothing with `ollama: false`', async () => {
    fake.reset();
    const { banner } = await serve('ollama: false\nlog:\n  level: silent\n');
    assert.deepEqual(fake.requests, []);
    assert.match(banner, /HA-Assist {2}virtual; text model: not set/);
  });

  it('says how to add a model when no Ollama answers', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'hearth-no-ollama-'));
    const configPath = join(dir, 'hearth.yaml');
    writeFileSync(configPath, 'log:\n  level: silent\n');
    let banner = '';
    // A port nothing listens on: the loopback connection is refused at once.
    const listening = await runServe(
      { kind: 'serve', configPath, port: 0, host: '127.0.0.1' },
      { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data') },
      (text) => (banner += text),
    );
    running.push(listening);
    assert.match(banner, /no models configured, and no Ollama at http:\/\/127\.0\.0\.1:9 \(/);
    assert.match(banner, /add one under `models:`/);
  });
});
