// How the embedded llama.cpp backend fails: bad input, missing or broken files, cut-off tool JSON, cancellation.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLlamaCppModel, type LlamaCppModel } from '../../../src/backends/index.ts';
import { isHearthError } from '../../../src/common/index.ts';
import type { ReplyDelta } from '../../../src/conversation/index.ts';
import { BIGRAM_ANSWER, ensureTestModels } from '../../fakes/gguf/index.ts';
import { HA_TOOLS, idSource, turnOf } from './llama-turns.ts';

/** Matches a HearthError of this kind and code whose message contains every one of `mentions`. */
function hearthError(kind: string, code: string, ...mentions: string[]) {
  return (error: unknown): boolean => {
    assert.ok(isHearthError(error), `expected a HearthError, got ${String(error)}`);
    assert.equal(error.kind, kind);
    assert.equal(error.code, code);
    for (const mention of mentions)
      assert.ok(error.message.includes(mention), `'${error.message}' mentions '${mention}'`);
    return true;
  };
}

describe('the embedded llama.cpp backend, failing', () => {
  let model: LlamaCppModel;
  let folder: string;

  before(async () => {
    const { chat } = await ensureTestModels();
    folder = await mkdtemp(join(tmpdir(), 'hearth-llama-failures-'));
    model = createLlamaCppModel({
      name: 'bigram',
      modelPath: chat,
      threads: 1,
      contextSize: 1024,
      newToolCallId: idSource(),
    });
  });
  after(async () => {
    await model.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('refuses an image, naming the model and the message', async () => {
    const turn = turnOf([
      {
        role: 'user',
        content: [
          { kind: 'text', text: 'What is this?' },
          { kind: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' },
        ],
      },
    ]);
    await assert.rejects(
      model.backend.complete(turn),
      hearthError('invalid_request', 'IMAGES_NOT_SUPPORTED', "'bigram'", 'messages[0]'),
    );
    // A stream fails on its first step, before any delta.
    const steps = model.backend.stream(turn)[Symbol.asyncIterator]();
    await assert.rejects(steps.next(), hearthError('invalid_request', 'IMAGES_NOT_SUPPORTED'));
  });

  it('fails every call on a missing model file with the model name and the path, and keeps failing', async () => {
    const path = join(folder, 'no-such-model.gguf');
    const missing = createLlamaCppModel({
      name: 'ghost',
      modelPath: path,
      threads: 1,
      contextSize: 512,
      newToolCallId: idSource(),
    });
    await assert.rejects(
      missing.backend.complete(turnOf('Hi')),
      hearthError('unavailable', 'MODEL_FILE_UNREADABLE', "'ghost'", path, 'ENOENT'),
    );
    await assert.rejects(
      missing.backend.stream(turnOf('Hi'))[Symbol.asyncIterator]().next(),
      hearthError('unavailable', 'MODEL_FILE_UNREADABLE', path),
    );
    await assert.rejects(missing.tokens.count('Hi'), hearthError('unavailable', 'MODEL_FILE_UNREADABLE', path));
    await missing.close();
  });

  it('fails on a file that is not a GGUF model, naming the path', async () => {
    const path = join(folder, 'broken.gguf');
    await writeFile(path, 'this is not a model');
    const broken = createLlamaCppModel({
      name: 'broken',
      modelPath: path,
      threads: 1,
      contextSize: 512,
      newToolCallId: idSource(),
    });
    await assert.rejects(
      broken.backend.complete(turnOf('Hi')),
      hearthError('unavailable', 'MODEL_LOAD_FAILED', "'broken'", path),
    );
    await broken.close();
  });

  it('refuses a prompt longer than the context, in a stream before any delta', async () => {
    const turn = turnOf('x'.repeat(1100));
    await assert.rejects(
      model.backend.complete(turn),
      hearthError('invalid_request', 'CONTEXT_LENGTH_EXCEEDED', '1024'),
    );
    await assert.rejects(
      model.backend.stream(turn)[Symbol.asyncIterator]().next(),
      hearthError('invalid_request', 'CONTEXT_LENGTH_EXCEEDED'),
    );
  });

  it('never returns tool JSON cut off by the token limit as a tool call', async () => {
    const turn = turnOf('Turn off the kitchen light', { tools: HA_TOOLS, sampling: { maxTokens: 5 } });
    await assert.rejects(
      model.backend.complete(turn),
      hearthError('upstream_failure', 'BACKEND_BAD_RESPONSE', "'bigram'", 'cut off'),
    );
  });

  it('refuses a tool_choice that names no offered tool', async () => {
    const turn = turnOf('Hi', { tools: HA_TOOLS, toolChoice: { name: 'HassNuke' } });
    await assert.rejects(
      model.backend.complete(turn),
      hearthError('invalid_request', 'INVALID_TOOL_CHOICE', 'HassNuke'),
    );
  });

  it('refuses an unknown response_format type', async () => {
    const turn = turnOf('Hi', { responseFormat: { type: 'xml' } });
    await assert.rejects(model.backend.complete(turn), hearthError('invalid_request', 'UNSUPPORTED_PARAMETER', 'xml'));
  });

  it('constrains the answer to JSON for response_format json_object', async () => {
    const reply = await model.backend.complete(turnOf('Hi', { responseFormat: { type: 'json_object' } }));
    const parsed: unknown = JSON.parse(reply.content!);
    assert.ok(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed), reply.content!);
    assert.equal(reply.finishReason, 'stop');
  });

  it('reports a call cancelled before it started, and one cancelled while it waited in the queue', async () => {
    await assert.rejects(
      model.backend.complete(turnOf('Hi'), { signal: AbortSignal.abort() }),
      hearthError('upstream_failure', 'REQUEST_CANCELLED', "'bigram'"),
    );
    const waiting = new AbortController();
    const first = model.backend.complete(turnOf('one'));
    const second = model.backend.complete(turnOf('two'), { signal: waiting.signal });
    waiting.abort();
    await assert.rejects(second, hearthError('upstream_failure', 'REQUEST_CANCELLED'));
    assert.equal((await first).content, BIGRAM_ANSWER);
  });

  it('stops a stream cancelled after its first delta, and the model serves the next call', async () => {
    const controller = new AbortController();
    const seen: ReplyDelta[] = [];
    await assert.rejects(
      async () => {
        for await (const delta of model.backend.stream(turnOf('Hi', { stream: true }), { signal: controller.signal })) {
          seen.push(delta);
          controller.abort();
        }
      },
      hearthError('upstream_failure', 'REQUEST_CANCELLED'),
    );
    assert.equal(seen.length, 1);
    assert.equal((await model.backend.complete(turnOf('again'))).content, BIGRAM_ANSWER);
  });

  it('frees the model when the consumer stops reading a stream', async () => {
    for await (const delta of model.backend.stream(turnOf('Hi', { stream: true }))) {
      assert.ok(delta.content !== undefined);
      break;
    }
    assert.equal((await model.backend.complete(turnOf('again'))).content, BIGRAM_ANSWER);
  });

  it('loads the model again after close', async () => {
    const { chat } = await ensureTestModels();
    const reopened = createLlamaCppModel({
      name: 'reopened',
      modelPath: chat,
      threads: 1,
      contextSize: 512,
      newToolCallId: idSource(),
    });
    assert.equal((await reopened.backend.complete(turnOf('Hi'))).content, BIGRAM_ANSWER);
    await reopened.close();
    assert.equal((await reopened.backend.complete(turnOf('Hi'))).content, BIGRAM_ANSWER);
    await reopened.close();
  });
});
