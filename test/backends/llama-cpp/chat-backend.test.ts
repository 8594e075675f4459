// The embedded llama.cpp backend answering text and tool calls, on the generated bigram model.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLlamaCppModel, type LlamaCppModel } from '../../../src/backends/index.ts';
import type { ReplyDelta } from '../../../src/conversation/index.ts';
import {
  BIGRAM_ANSWER,
  BIGRAM_SECOND_TOOL,
  BIGRAM_TOOL,
  BIGRAM_TOOL_ARGUMENTS,
  ensureTestModels,
} from '../../fakes/gguf/index.ts';
import { HA_TOOLS, idSource, turnOf } from './llama-turns.ts';

async function collect(deltas: AsyncIterable<ReplyDelta>): Promise<ReplyDelta[]> {
  const all: ReplyDelta[] = [];
  for await (const delta of deltas) all.push(delta);
  return all;
}

describe('the embedded llama.cpp backend', () => {
  let model: LlamaCppModel;

  before(async () => {
    const { chat } = await ensureTestModels();
    model = createLlamaCppModel({
      name: 'bigram',
      modelPath: chat,
      threads: 1,
      contextSize: 2048,
      newToolCallId: idSource(),
    });
  });
  after(() => model.close());

  it('answers a chat with the scripted text and reports usage', async () => {
    const reply = await model.backend.complete(turnOf('Hi there'));
    assert.equal(reply.content, BIGRAM_ANSWER);
    assert.deepEqual(reply.toolCalls, []);
    assert.equal(reply.finishReason, 'stop');
    // "Hello", " world" and "!" are one token each.
    assert.equal(reply.usage?.completionTokens, 3);
    // The ChatML prompt, after the BOS token node-llama-cpp's ChatML wrapper puts first.
    const prompt =
      1 +
      (await model.tokens.count(
        '<|im_start|>system\nYou control a smart home.<|im_end|>\n<|im_start|>user\nHi there<|im_end|>\n<|im_start|>assistant\n',
      ));
    assert.equal(reply.usage?.promptTokens, prompt);
    assert.equal(reply.usage?.totalTokens, prompt + 3);
  });

  it('streams the same text as content deltas, then the finish, then usage', async () => {
    const deltas = await collect(model.backend.stream(turnOf('Hi there', { stream: true })));
    const contents = deltas.filter((delta) => delta.content !== undefined);
    assert.ok(contents.length >= 2, `the text came in pieces as it was generated: ${JSON.stringify(contents)}`);
    assert.equal(contents.map((delta) => delta.content).join(''), BIGRAM_ANSWER);
    const rest = deltas.slice(contents.length);
    assert.deepEqual(
      rest.map((delta) => Object.keys(delta)),
      [['finishReason'], ['usage']],
    );
    assert.equal(rest[0]!.finishReason, 'stop');
    assert.equal(rest[1]!.usage?.completionTokens, 3);
  });

  it('cuts the answer at maxTokens with finish reason length', async () => {
    const reply = await model.backend.complete(turnOf('Hi', { sampling: { maxTokens: 2 } }));
    assert.equal(reply.content, 'Hello world');
    assert.equal(reply.finishReason, 'length');
  });

  it('stops at a stop string, without it', async () => {
    const reply = await model.backend.complete(turnOf('Hi', { sampling: { stop: [' wor'] } }));
    assert.equal(reply.content, 'Hello');
    assert.equal(reply.finishReason, 'stop');
  });

  it('calls an offered tool under the tool grammar, with parseable arguments and a fresh id', async () => {
    const reply = await model.backend.complete(turnOf('Turn off the kitchen light', { tools: HA_TOOLS }));
    assert.equal(reply.finishReason, 'tool_calls');
    assert.equal(reply.content, null);
    assert.equal(reply.toolCalls.length, 1);
    const [call] = reply.toolCalls;
    assert.equal(call!.name, BIGRAM_TOOL);
    assert.ok(HA_TOOLS.some((tool) => tool.name === call!.name));
    assert.deepEqual(JSON.parse(call!.arguments), BIGRAM_TOOL_ARGUMENTS);
    assert.match(call!.id, /^call_\d+$/);
  });

  it('calls the tool tool_choice names, even when the model prefers another', async () => {
    const reply = await model.backend.complete(
      turnOf('Turn on the kitchen light', { tools: HA_TOOLS, toolChoice: { name: BIGRAM_SECOND_TOOL } }),
    );
    assert.deepEqual(
      reply.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)]),
      [[BIGRAM_SECOND_TOOL, BIGRAM_TOOL_ARGUMENTS]],
    );
  });

  it('answers in text when tool_choice is none, tools offered or not', async () => {
    const reply = await model.backend.complete(
      turnOf('Turn off the kitchen light', { tools: HA_TOOLS, toolChoice: 'none' }),
    );
    assert.equal(reply.content, BIGRAM_ANSWER);
    assert.deepEqual(reply.toolCalls, []);
    assert.equal(reply.finishReason, 'stop');
  });

  it('streams tool calls whole after generating them', async () => {
    const deltas = await collect(
      model.backend.stream(turnOf('Turn off the kitchen light', { tools: HA_TOOLS, stream: true })),
    );
    const calls = deltas.flatMap((delta) => delta.toolCalls ?? []);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.index, 0);
    assert.equal(calls[0]!.name, BIGRAM_TOOL);
    assert.deepEqual(JSON.parse(calls[0]!.arguments!), BIGRAM_TOOL_ARGUMENTS);
    assert.equal(deltas.find((delta) => delta.finishReason !== undefined)?.finishReason, 'tool_calls');
    assert.ok(deltas.at(-1)?.usage !== undefined);
  });

  it('reads a conversation with earlier tool calls and results', async () => {
    const reply = await model.backend.complete(
      turnOf(
        [
          { role: 'developer', content: 'You control a smart home.' },
          { role: 'user', content: 'Turn off the kitchen light' },
          {
            role: 'assistant',
            content: null,
            toolCalls: [{ id: 'call_a', name: 'HassTurnOff', arguments: '{"name":"Kitchen Light"}' }],
          },
          { role: 'tool', toolCallId: 'call_a', content: '{"success":true}' },
        ],
        { tools: HA_TOOLS, toolChoice: 'none' },
      ),
    );
    assert.equal(reply.content, BIGRAM_ANSWER);
  });

  it('runs concurrent calls one after the other, each answered whole', async () => {
    const replies = await Promise.all([
      model.backend.complete(turnOf('one')),
      model.backend.complete(turnOf('two', { tools: HA_TOOLS })),
      model.backend.complete(turnOf('three')),
    ]);
    assert.deepEqual(
      replies.map((reply) => reply.content ?? reply.toolCalls[0]?.name),
      [BIGRAM_ANSWER, BIGRAM_TOOL, BIGRAM_ANSWER],
    );
  });
});
