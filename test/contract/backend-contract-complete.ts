// Backend contract, non-streaming part: replies come back whole and the request reaches the server faithfully.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collect, simpleTurn } from './backend-contract-kit.ts';
import { CONTRACT_CONFIG, HANG_GUARD, type SubjectOf } from './backend-contract-subject.ts';
import {
  FULL_TURN,
  FULL_TURN_WIRE_FIELDS,
  FULL_TURN_WIRE_MESSAGES,
  FULL_TURN_WIRE_TOOLS,
} from './backend-contract-turn.ts';

/** Argument texts with odd spacing and non-ASCII, which must survive byte for byte. */
const ARGS_A = '{"name": "Küche",  "brightness":40}';
const ARGS_B = '{"area":"hallway"}';

/** Registers the `complete()` cases. */
export function describeCompleteContract(subject: SubjectOf): void {
  describe('complete', () => {
    it('returns the text, the finish reason and the usage', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'text',
        text: 'The kitchen light is on.',
        usage: { prompt_tokens: 31, completion_tokens: 6, total_tokens: 37 },
      });
      const reply = await backend.complete(simpleTurn());
      assert.equal(reply.content, 'The kitchen light is on.');
      assert.deepEqual(reply.toolCalls, []);
      assert.equal(reply.finishReason, 'stop');
      assert.deepEqual(reply.usage, { promptTokens: 31, completionTokens: 6, totalTokens: 37 });
    });

    it('returns tool calls with their ids, names and exact argument strings', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'tool-calls',
        calls: [
          { id: 'call_abc', name: 'HassTurnOn', arguments: ARGS_A },
          { id: 'call_def', name: 'HassTurnOff', arguments: ARGS_B },
        ],
      });
      const reply = await backend.complete(simpleTurn());
      assert.deepEqual(reply.toolCalls, [
        { id: 'call_abc', name: 'HassTurnOn', arguments: ARGS_A },
        { id: 'call_def', name: 'HassTurnOff', arguments: ARGS_B },
      ]);
      assert.equal(reply.finishReason, 'tool_calls');
    });

    it('invents a distinct id for each tool call the server sent without one', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({
        kind: 'tool-calls',
        calls: [
          { id: null, name: 'HassTurnOn', arguments: ARGS_A },
          { id: null, name: 'HassTurnOff', arguments: ARGS_B },
        ],
      });
      const [first, second] = (await backend.complete(simpleTurn())).toolCalls;
      assert.ok(first && second, 'two tool calls');
      assert.ok(first.id.length > 0 && second.id.length > 0, 'both calls have an id');
      assert.notEqual(first.id, second.id);
      assert.deepEqual(
        [first.name, first.arguments, second.name, second.arguments],
        ['HassTurnOn', ARGS_A, 'HassTurnOff', ARGS_B],
      );
    });

    it('passes on reasoning_content separately from the text', HANG_GUARD, async () => {
      const { backend, server } = subject();
      server.script({ kind: 'text', text: 'Done.', reasoning: 'The user wants the light on.' });
      const reply = await backend.complete(simpleTurn());
      assert.equal(reply.content, 'Done.');
      assert.equal(reply.reasoningContent, 'The user wants the light on.');
    });
  });

  describe('the upstream request', () => {
    it(
      'carries the upstream model, messages, tools, tool choice and sampling fields faithfully',
      HANG_GUARD,
      async () => {
        const { backend, server } = subject();
        await backend.complete(FULL_TURN);
        const [request] = server.requests;
        assert.ok(request, 'the server received a request');
        assert.equal(request.method, 'POST');
        assert.equal(request.path, '/v1/chat/completions');
        assert.match(String(request.headers['content-type']), /^application\/json/);
        const body = request.body as Record<string, unknown>;
        assert.equal(body.model, CONTRACT_CONFIG.upstreamModel);
        assert.deepEqual(body.messages, FULL_TURN_WIRE_MESSAGES);
        assert.deepEqual(body.tools, FULL_TURN_WIRE_TOOLS);
        for (const [field, value] of Object.entries(FULL_TURN_WIRE_FIELDS)) assert.deepEqual(body[field], value, field);
        assert.notEqual(body.stream, true, 'complete() does not ask for a stream');
      },
    );

    it('asks for a stream, and for usage only when the turn does', HANG_GUARD, async () => {
      const { backend, server } = subject();
      await collect(backend.stream({ ...FULL_TURN, stream: true, includeUsage: true }));
      await collect(backend.stream({ ...FULL_TURN, stream: true, includeUsage: false }));
      const [withUsage, withoutUsage] = server.requests.map((request) => request.body as Record<string, unknown>);
      assert.ok(withUsage && withoutUsage, 'two requests');
      assert.equal(withUsage.stream, true);
      assert.deepEqual(withUsage.stream_options, { include_usage: true });
      assert.deepEqual(withUsage.messages, FULL_TURN_WIRE_MESSAGES);
      assert.equal(withUsage.model, CONTRACT_CONFIG.upstreamModel);
      assert.equal(withoutUsage.stream, true);
      assert.equal(withoutUsage.stream_options, undefined);
    });
  });
}
