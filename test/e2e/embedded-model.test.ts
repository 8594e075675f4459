// End to end with a real model: hearth runs llama.cpp in process on a generated GGUF file, and ranks with a GGUF embedder.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { BIGRAM_ANSWER, BIGRAM_TOOL, BIGRAM_TOOL_ARGUMENTS, ensureTestModels } from '../fakes/gguf/index.ts';
import { DEMO_HOME } from '../../src/demo-home/index.ts';
import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

let hearth: RunningHearth;
let client: OpenAI;

before(async () => {
  const models = await ensureTestModels();
  hearth = await spawnHearth(
    [
      'models:',
      '  tiny:',
      '    backend: llama-cpp',
      `    model_path: ${models.chat}`,
      '    threads: 1',
      '    context_size: 4096',
      '    max_input_tokens: 3500',
      'embeddings:',
      '  backend: llama-cpp',
      `  model_path: ${models.embed}`,
      '  threads: 1',
      'settings:',
      '  ha_assist_text_model: tiny',
      // The test model's vocabulary is tiny (about one token per character): a small prompt keeps it fast.
      '  ha_assist_retrieval_entities: 6',
      '  ha_assist_retrieval_tools: 3',
    ].join('\n'),
  );
  client = new OpenAI({ baseURL: `${hearth.url}/v1`, apiKey: 'not-needed', maxRetries: 0 });
});

after(async () => {
  await hearth?.stop();
});

/** A Home Assistant request for the demo home, as the openai client's parameters. */
function haRequest(userText: string): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
  return {
    ...buildHaRequest(DEMO_HOME, { userText, era: '2026' }),
    model: 'HA-Assist',
    stream: false,
  } as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
}

describe('the embedded llama.cpp backend', () => {
  it('answers a plain chat by its own name', async () => {
    const completion = await client.chat.completions.create({
      model: 'tiny',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    assert.equal(completion.choices[0]!.message.content, BIGRAM_ANSWER);
    assert.ok((completion.usage?.prompt_tokens ?? 0) > 0);
  });

  it('answers a general question through HA-Assist with one generation, the prompt counted by the model itself', async () => {
    const completion = await client.chat.completions.create(haRequest('What is the capital of France?'));
    assert.equal(completion.choices[0]!.message.content, BIGRAM_ANSWER);
    const metrics = (completion as unknown as { metrics: Record<string, Record<string, unknown>> }).metrics;
    assert.equal(metrics.ha_route?.inference_calls, 1);
    assert.equal(metrics.ha_prompt?.tokenizer, 'node-llama-cpp');
  });

  it('makes a tool call under the JSON-schema grammar, and HA-Assist validates it before answering', async () => {
    const completion = await client.chat.completions.create(
      haRequest('the kitchen is far too bright for a film night, sort it out'),
    );
    const calls = completion.choices[0]!.message.tool_calls ?? [];
    assert.equal(calls.length, 1);
    const call = calls[0]! as { function: { name: string; arguments: string } };
    assert.equal(call.function.name, BIGRAM_TOOL);
    assert.deepEqual(JSON.parse(call.function.arguments), BIGRAM_TOOL_ARGUMENTS);
    const metrics = (completion as unknown as { metrics: Record<string, Record<string, unknown>> }).metrics;
    assert.deepEqual(metrics.ha_validation, { valid: true, calls: 1 });
    assert.equal(metrics.ha_retrieval?.semantic, 'used');
  });
});
