// What `hearth serve` prints at start: each model says where it runs and how its prompts are counted.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderBanner } from '../../src/cli/banner.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';

describe('renderBanner', () => {
  it("names each model's backend, input limit and tokenizer, and the embedder", () => {
    const config = ConfigSchema.parse({
      models: {
        gemma: { base_url: 'http://127.0.0.1:8081/v1', tokenizer: 'gemma3' },
        tiny: { backend: 'llama-cpp', model_path: '/models/tiny.gguf', max_input_tokens: 2048 },
      },
      embeddings: { backend: 'ollama', base_url: 'http://127.0.0.1:11434' },
    });
    const text = renderBanner(config, 'http://127.0.0.1:8080', undefined);
    assert.match(
      text,
      /gemma {2}openai backend at http:\/\/127\.0\.0\.1:8081\/v1 \(upstream model gemma\); prompts up to 4096 tokens, counted by gemma3/,
    );
    assert.match(
      text,
      /tiny {2}llama\.cpp in process on \/models\/tiny\.gguf; prompts up to 2048 tokens, counted by model/,
    );
    assert.match(text, /embeddings: all-minilm at http:\/\/127\.0\.0\.1:11434 \(ollama\)/);
  });
});

describe('listening beyond this machine', () => {
  const WARNING = /^warning: listening on (\S+), beyond this machine, with no API keys/m;

  it('warns when the host is reachable from the network and no API key is set', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'hearth.lan']) {
      const config = ConfigSchema.parse({ server: { host } });
      assert.equal(renderBanner(config, `http://${host}:8080`, undefined).match(WARNING)?.[1], host);
    }
  });

  it('stays quiet on loopback, or when API keys are set', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
      assert.doesNotMatch(renderBanner(ConfigSchema.parse({ server: { host } }), 'http://x', undefined), WARNING);
    const keyed = ConfigSchema.parse({ server: { host: '0.0.0.0', api_keys: ['a-key-of-sixteen-chars'] } });
    assert.doesNotMatch(renderBanner(keyed, 'http://0.0.0.0:8080', undefined), WARNING);
  });

  it('names the page', () => {
    assert.match(
      renderBanner(ConfigSchema.parse({}), 'http://0.0.0.0:8080', undefined),
      /^page: http:\/\/127\.0\.0\.1:8080\/$/m,
    );
  });
});

describe('the commands to try', () => {
  const tryOf = (input: unknown) =>
    renderBanner(ConfigSchema.parse(input), 'http://127.0.0.1:8080', undefined).split('try:\n')[1]!;

  it('with no model: the models, a chat request carrying a home (answered without a model), and hearth ask', () => {
    const text = tryOf({});
    assert.match(text, /^ {2}curl -s http:\/\/127\.0\.0\.1:8080\/v1\/models$/m);
    assert.match(text, /^ {2}# HA-Assist answers "Yes, Kitchen Light is on\." calling no model/m);
    const body = /-d '(.*)'$/m.exec(text)?.[1];
    const request = JSON.parse(body!) as { model: string; messages: { role: string; content: string }[] };
    assert.deepEqual(
      request.messages.map((message) => message.role),
      ['system', 'user'],
    );
    assert.match(request.messages[0]!.content, /^Static Context: .*\n- names: Kitchen Light\n/);
    assert.match(text, /^ {2}npx hearth ask "turn on the kitchen light"$/m);
    assert.match(text, /answered 400 saying what\n {2}# HA-Assist needs/);
    assert.doesNotMatch(text, /capital of France/);
  });

  it('with a text model, also a request without a home, which goes to it; with API keys, each curl sends one', () => {
    const text = tryOf({
      server: { api_keys: ['a-key-of-sixteen-chars'] },
      models: { gemma: { base_url: 'http://127.0.0.1:8081/v1' } },
      settings: { ha_assist_text_model: 'gemma' },
    });
    assert.match(text, /# a request without a home goes to gemma\n.*\n.*"content":"What is the capital of France\?"/);
    assert.equal(text.match(/^ {2}curl /gm)?.length, 3);
    assert.equal(text.match(/-H "Authorization: Bearer \$HEARTH_API_KEY"/g)?.length, 3);
    assert.doesNotMatch(text, /answered 400/);
  });

  it('prints no English sentence for a grammar in another language', () => {
    const text = tryOf({ intents: { path: '/intents', language: 'de' } });
    assert.doesNotMatch(text, /kitchen light/);
    assert.match(text, /\/v1\/models/);
  });
});
