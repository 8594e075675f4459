// Wiring from a configuration: the repair settings reach HA-Assist's deterministic step.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SILENT_LOGGER } from '../../src/common/index.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { buildApp, repairSettingsOf } from '../../src/cli/wire.ts';
import { DEFAULT_ASSIST_SETTINGS } from '../../src/assist/index.ts';
import { createCountingIds, createFakeClock } from '../fakes/clock/index.ts';
import { firstRequest } from '../assist/ha-turns.ts';
import { postChat } from '../server/app-harness.ts';
import { startFakeOllama } from '../fakes/ollama/index.ts';
import { startFakeLlamaServer } from '../fakes/llama-server/index.ts';

interface Reply {
  choices: { message: { tool_calls: { function: { name: string } }[] } }[];
  metrics: { ha_intent: { match: string } };
  error: { code: string; message: string };
}

async function post(settings: Record<string, number>, text: string): Promise<{ status: number; json: Reply }> {
  const app = buildApp(ConfigSchema.parse({ settings }), {
    clock: createFakeClock(),
    ids: createCountingIds(),
    logger: SILENT_LOGGER,
  });
  const response = await postChat(app, firstRequest(text));
  return { status: response.status, json: (await response.json()) as Reply };
}

describe('repairSettingsOf', () => {
  it('is the default repair settings for the default configuration', () => {
    assert.deepEqual(repairSettingsOf(ConfigSchema.parse({})), DEFAULT_ASSIST_SETTINGS.repair);
  });

  it('takes the four configured values and keeps the finer bounds', () => {
    const settings = repairSettingsOf(
      ConfigSchema.parse({
        settings: {
          ha_assist_repair_threshold: 0.9,
          ha_assist_repair_margin: 0.1,
          ha_assist_repair_max_edits: 1,
          ha_assist_skeleton_max_distance: 0,
        },
      }),
    );
    assert.deepEqual(settings.fuzzy, {
      ...DEFAULT_ASSIST_SETTINGS.repair.fuzzy,
      threshold: 0.9,
      margin: 0.1,
      maxEdits: 1,
    });
    assert.deepEqual(settings.skeleton, { ...DEFAULT_ASSIST_SETTINGS.repair.skeleton, maxDistance: 0 });
  });
});

describe('buildApp with repair settings', () => {
  it('repairs a misspelt name on the defaults', async () => {
    const { status, json } = await post({}, 'Turn off the kitchn light');
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(json.choices[0]!.message.tool_calls[0]!.function.name, 'HassTurnOff');
    assert.equal(json.metrics.ha_intent.match, 'repaired');
  });

  it('leaves it to the generative path above the configured threshold (no text model here: 503 naming the setting)', async () => {
    const { status, json } = await post({ ha_assist_repair_threshold: 0.99 }, 'Turn off the kitchn light');
    assert.equal(status, 503, JSON.stringify(json));
    assert.equal(json.error.code, 'backend_not_configured');
    assert.match(json.error.message, /ha_assist_text_model/);
  });

  it('does not repair the sentence frame with skeleton repair off', async () => {
    assert.equal((await post({}, 'Turn of the kitchen light')).status, 200);
    assert.equal((await post({ ha_assist_skeleton_max_distance: 0 }, 'Turn of the kitchen light')).status, 503);
  });
});

describe('buildApp with generative backends', () => {
  const runtime = { clock: createFakeClock(), ids: createCountingIds(), logger: SILENT_LOGGER };

  it("sends HA-Assist's compact prompt to an Ollama model over /api/chat, once, with num_ctx from the model entry", async () => {
    const ollama = await startFakeOllama();
    try {
      const config = ConfigSchema.parse({
        models: { qwen: { backend: 'ollama', base_url: ollama.baseUrl, max_input_tokens: 3000 } },
        settings: { ha_assist_text_model: 'qwen' },
      });
      const response = await postChat(buildApp(config, runtime), firstRequest('Make the living room more comfortable'));
      assert.equal(response.status, 200);
      const chats = ollama.requests.filter((request) => request.path === '/api/chat');
      assert.equal(chats.length, 1);
      const body = chats[0]!.body as {
        messages: { role: string; content: string }[];
        options: { num_ctx: number };
        tools: unknown[];
      };
      assert.match(body.messages[0]!.content, /Devices relevant to this request/);
      assert.equal(body.options.num_ctx, 4024);
      assert.ok(body.tools.length > 0);
    } finally {
      await ollama.close();
    }
  });

  it("counts the prompt with the server's own /tokenize and refuses one that does not fit, before any chat call", async () => {
    const server = await startFakeLlamaServer();
    try {
      const config = ConfigSchema.parse({
        models: { gemma: { base_url: server.baseUrl, tokenizer: 'llama.cpp', max_input_tokens: 128 } },
        settings: { ha_assist_text_model: 'gemma' },
      });
      const response = await postChat(buildApp(config, runtime), firstRequest('Make the living room more comfortable'));
      const json = (await response.json()) as Reply;
      assert.equal(response.status, 400);
      assert.equal(json.error.code, 'context_length_exceeded');
      assert.deepEqual(
        server.requests.map((request) => request.path),
        ['/tokenize'],
      );
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a llama-cpp model file that does not exist, naming the key', () => {
    const config = ConfigSchema.parse({
      models: { tiny: { backend: 'llama-cpp', model_path: '/nonexistent/tiny.gguf' } },
    });
    assert.throws(
      () => buildApp(config, runtime),
      /models\.tiny\.model_path: the file \/nonexistent\/tiny\.gguf does not exist/,
    );
  });
});
