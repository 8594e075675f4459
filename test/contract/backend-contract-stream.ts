// Backend contract, streaming part: deltas rebuild the reply, tool calls reassemble, odd servers are tolerated.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { assembleToolCalls, collect, rawChunk, simpleTurn, textOfDeltas } from './backend-contract-kit.ts';
import { HANG_GUARD, SHORT_READ_TIMEOUT_MS, type SubjectOf } from './backend-contract-subject.ts';

const STREAM_TURN = simpleTurn({ stream: true });
const ARGS_A = '{"name": "Küche",  "brightness":40, "note": "ß → 🙂"}';
const ARGS_B = '{"area":"hallway"}';

/** Registers the `stream()` cases. */
export function describeStreamContract(subject: SubjectOf): void {
  describe('stream', () => {
    it('streams text: the deltas join to the text and the finish reason arrives', HANG_GUARD, async () => {
      const { backend, server } = subject();
      const text = 'The hallway light is now on, at 40 percent.';
      server.script({ kind: 'text', text });
      const deltas = await collect(backend.stream(STREAM_TURN));
      assert.ok(deltas.filter((delta) => delta.content).length > 1, 'the text came in several deltas');
      assert.equal(textOfDeltas(deltas), text);
      assert.deepEqual(
        deltas.flatMap((delta) => delta.finishReason ?? []),
        ['stop'],
      );
      assert.ok(
        deltas.every((delta) => Object.keys(delta).length > 0),
        'no empty delta (a role-only chunk carries nothing)',
      );
    });

    it('streams tool calls: fragments reassemble and each call opens with its id and name', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'tool-calls',
        calls: [
          { id: 'call_abc', name: 'HassTurnOn', arguments: ARGS_A },
          { id: 'call_def', name: 'HassTurnOff', arguments: ARGS_B },
        ],
        argumentFragments: 4,
      });
      const deltas = await collect(backend.stream(STREAM_TURN));
      const calls = assembleToolCalls(deltas);
      assert.deepEqual(
        calls.map((call) => call.first),
        [
          { id: 'call_abc', name: 'HassTurnOn' },
          { id: 'call_def', name: 'HassTurnOff' },
        ],
      );
      assert.deepEqual(
        calls.map((call) => call.arguments),
        [ARGS_A, ARGS_B],
      );
      assert.deepEqual(
        calls.map((call) => JSON.parse(call.arguments) as unknown),
        [JSON.parse(ARGS_A), JSON.parse(ARGS_B)],
      );
      assert.ok(deltas.flatMap((delta) => delta.toolCalls ?? []).length > 4, 'the arguments came in several fragments');
      assert.deepEqual(
        deltas.flatMap((delta) => delta.finishReason ?? []),
        ['tool_calls'],
      );
    });

    it('invents a distinct id in the first fragment of each call the server sent without one', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'tool-calls',
        calls: [
          { id: null, name: 'HassTurnOn', arguments: ARGS_A },
          { id: null, name: 'HassTurnOff', arguments: ARGS_B },
        ],
      });
      const calls = assembleToolCalls(await collect(backend.stream(STREAM_TURN)));
      const ids = calls.map((call) => call.first.id);
      assert.equal(ids.length, 2);
      assert.ok(
        ids.every((id) => typeof id === 'string' && id.length > 0),
        'every first fragment has an id',
      );
      assert.notEqual(ids[0], ids[1]);
      assert.deepEqual(
        calls.map((call) => call.arguments),
        [ARGS_A, ARGS_B],
      );
    });

    it('passes on the usage chunk when the turn asked for usage', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'text',
        text: 'Hi.',
        usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 },
      });
      const deltas = await collect(backend.stream({ ...STREAM_TURN, includeUsage: true }));
      assert.deepEqual(
        deltas.flatMap((delta) => delta.usage ?? []),
        [{ promptTokens: 12, completionTokens: 2, totalTokens: 14 }],
      );
      assert.equal(textOfDeltas(deltas), 'Hi.');
    });

    it('passes on reasoning_content deltas separately from the text', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'raw-stream',
        data: [
          rawChunk({ role: 'assistant', reasoning_content: 'Think' }),
          rawChunk({ reasoning_content: 'ing.' }),
          rawChunk({ content: 'Done.' }),
          rawChunk({}, 'stop'),
          '[DONE]',
        ],
      });
      const deltas = await collect(backend.stream(STREAM_TURN));
      assert.equal(deltas.map((delta) => delta.reasoningContent ?? '').join(''), 'Thinking.');
      assert.equal(textOfDeltas(deltas), 'Done.');
    });

    it('ends normally when a server sends the finish reason but no [DONE]', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'raw-stream',
        data: [rawChunk({ role: 'assistant', content: 'Hi' }), rawChunk({ content: ' there' }, 'stop')],
      });
      const deltas = await collect(backend.stream(STREAM_TURN));
      assert.equal(textOfDeltas(deltas), 'Hi there');
      assert.deepEqual(
        deltas.flatMap((delta) => delta.finishReason ?? []),
        ['stop'],
      );
    });

    it('does not count a slow consumer as a silent server', HANG_GUARD, async () => {
      const { server, createBackend } = subject();
      const backend = createBackend({ readTimeoutMs: SHORT_READ_TIMEOUT_MS });
      // The server is never silent for long but keeps sending for several read timeouts, while the
      // consumer dawdles over the first delta past the timeout: only the server's silence may time out.
      const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
      server.script({ kind: 'text', text, chunkDelayMs: SHORT_READ_TIMEOUT_MS / 10 });
      const deltas = [];
      for await (const delta of backend.stream(STREAM_TURN)) {
        if (deltas.length === 0) await sleep(SHORT_READ_TIMEOUT_MS * 3);
        deltas.push(delta);
      }
      assert.equal(textOfDeltas(deltas), text);
    });
  });
}
