// The contract every Backend keeps, whatever is behind it: one suite, run against each implementation by its own test file.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Backend } from '../../src/backends/index.ts';
import type { ReplyDelta, ToolDefinition, Turn, Usage } from '../../src/conversation/index.ts';
import {
  assembleToolCalls,
  assertHearthError,
  collect,
  collectUntilError,
  firstNextOf,
  rejectionOf,
  simpleTurn,
  textOfDeltas,
} from './backend-contract-kit.ts';
import { HANG_GUARD, SHORT_READ_TIMEOUT_MS } from './backend-contract-subject.ts';

/** The backend name every implementation is built with; errors must name it. */
export const CONTRACT_BACKEND_NAME = 'contract-llm';

/**
 * How the implementation answers its next upstream call: `text` and `tool-calls` are the answers described by
 * {@link BackendContractExpectations}; `upstream-error` is the upstream's own failure (an HTTP 500, an engine that
 * throws) whose message is {@link UPSTREAM_FAILURE_MESSAGE}; `hang` never answers; `stall-mid-stream` sends some of the
 * text answer's deltas and then nothing.
 */
export type ContractAnswer = 'text' | 'tool-calls' | 'upstream-error' | 'hang' | 'stall-mid-stream';

/** What the upstream says when it fails; the error must pass it on. */
export const UPSTREAM_FAILURE_MESSAGE = 'CUDA out of memory';

/** One implementation under contract, with its upstream (a fake server or an engine) scripted by the contract. */
export interface BackendUnderContract {
  /** A backend named {@link CONTRACT_BACKEND_NAME}; `readTimeoutMs` is set only by the timeout cases. */
  makeBackend(options?: { readTimeoutMs?: number }): Backend;
  /** Arranges how the next upstream call is answered; unarranged calls get the `text` answer. */
  arrange(answer: ContractAnswer): void;
  /** Resolves once this many upstream calls arrived since the last reset. */
  waitForUpstreamCalls(count: number): Promise<void>;
  /** How many upstream calls arrived since the last reset. */
  upstreamCalls(): number;
  /** Forgets arranged answers and counted calls; run before every case. */
  reset(): void;
  close(): Promise<void>;
}

/** The answers an implementation gives, and where backends legitimately differ. */
export interface BackendContractExpectations {
  /** The whole text of the `text` answer. */
  text: string;
  /** The tool calls of the `tool-calls` answer, arguments parsed (each dialect spells them its own way). */
  toolCalls: { name: string; arguments: Record<string, unknown> }[];
  /**
   * The usage the `text` answer reports, or `undefined` where only its consistency can be checked: an embedded
   * model counts its own prompt with its own tokenizer, which the contract cannot know in advance.
   */
  usage: Usage | undefined;
  /**
   * Whether the backend has a read timeout: an HTTP backend waits on a server that may fall silent; an embedded
   * engine has no server to wait on (a generation is bounded by its token limit and the caller's signal).
   */
  hasReadTimeout: boolean;
}

/** The tools offered in tool-call turns (an embedded model calls a tool only when one is offered). */
const TOOLS: ToolDefinition[] = ['HassTurnOn', 'HassTurnOff'].map((name) => ({
  name,
  description: `${name === 'HassTurnOn' ? 'Turns on' : 'Turns off'} a device or entity`,
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: [] },
}));

const TEXT_TURN: Turn = simpleTurn({ includeUsage: true });
const TOOL_TURN: Turn = simpleTurn({
  messages: [{ role: 'user', content: 'Turn off the kitchen light.' }],
  tools: TOOLS,
});
const asStream = (turn: Turn): Turn => ({ ...turn, stream: true });

/** The finish reasons a stream reported, in order. */
function finishReasonsOf(deltas: ReplyDelta[]): string[] {
  return deltas.flatMap((delta) => delta.finishReason ?? []);
}

/**
 * Runs the backend contract against one implementation: `makeBackend` is called once, before the cases, and gives
 * the implementation with its upstream and what it answers.
 */
export function backendContract(
  name: string,
  makeBackend: () => Promise<{ subject: BackendUnderContract; expect: BackendContractExpectations }>,
): void {
  describe(`Backend contract: ${name}`, () => {
    let made: { subject: BackendUnderContract; expect: BackendContractExpectations } | undefined;
    const current = (): { subject: BackendUnderContract; expect: BackendContractExpectations } => {
      if (made === undefined) throw new Error('the contract setup has not run');
      return made;
    };
    before(async () => {
      made = await makeBackend();
    });
    beforeEach(() => current().subject.reset());
    after(async () => {
      await made?.subject.close();
    });

    describe('answers', () => {
      it('answers a plain turn with the text, finish reason stop and no tool calls', HANG_GUARD, async () => {
        const { subject, expect } = current();
        subject.arrange('text');
        const reply = await subject.makeBackend().complete(TEXT_TURN);
        assert.equal(reply.content, expect.text);
        assert.deepEqual(reply.toolCalls, []);
        assert.equal(reply.finishReason, 'stop');
        assert.equal(subject.upstreamCalls(), 1);
      });

      it('streams the same answer: the deltas join to the non-streamed text', HANG_GUARD, async () => {
        const { subject, expect } = current();
        const backend = subject.makeBackend();
        subject.arrange('text');
        const whole = await backend.complete(TEXT_TURN);
        subject.arrange('text');
        const deltas = await collect(backend.stream(asStream(TEXT_TURN)));
        assert.ok(deltas.filter((delta) => delta.content).length > 1, 'the text came in several deltas');
        assert.equal(textOfDeltas(deltas), whole.content);
        assert.equal(textOfDeltas(deltas), expect.text);
        assert.deepEqual(finishReasonsOf(deltas), ['stop']);
        assert.ok(
          deltas.every((delta) => Object.keys(delta).length > 0),
          'no empty delta',
        );
      });

      it('reports the same usage whole and streamed, its total the sum of its parts', HANG_GUARD, async () => {
        const { subject, expect } = current();
        const backend = subject.makeBackend();
        subject.arrange('text');
        const { usage } = await backend.complete(TEXT_TURN);
        subject.arrange('text');
        const streamed = (await collect(backend.stream(asStream(TEXT_TURN)))).flatMap((delta) => delta.usage ?? []);
        assert.ok(usage !== undefined, 'the reply has usage');
        assert.deepEqual(streamed, [usage]);
        assert.equal(usage.totalTokens, usage.promptTokens + usage.completionTokens);
        assert.ok(usage.promptTokens > 0 && usage.completionTokens > 0, 'both counts are positive');
        if (expect.usage !== undefined) assert.deepEqual(usage, expect.usage);
      });
    });

    describe('tool calls', () => {
      it('returns whole tool calls with distinct ids, their names and arguments', HANG_GUARD, async () => {
        const { subject, expect } = current();
        subject.arrange('tool-calls');
        const reply = await subject.makeBackend().complete(TOOL_TURN);
        assert.equal(reply.finishReason, 'tool_calls');
        assert.ok(!reply.content, `no text beside the calls: ${String(reply.content)}`);
        assert.deepEqual(
          reply.toolCalls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as unknown })),
          expect.toolCalls,
        );
        const ids = reply.toolCalls.map((call) => call.id);
        assert.ok(
          ids.every((id) => id.length > 0),
          'every call has an id',
        );
        assert.equal(new Set(ids).size, ids.length, 'the ids are distinct');
      });

      it(
        'streams the same tool calls: each opens with its id and name, the fragments join to the arguments',
        HANG_GUARD,
        async () => {
          const { subject, expect } = current();
          subject.arrange('tool-calls');
          const deltas = await collect(subject.makeBackend().stream(asStream(TOOL_TURN)));
          const calls = assembleToolCalls(deltas);
          assert.deepEqual(
            calls.map((call) => ({ name: call.first.name, arguments: JSON.parse(call.arguments) as unknown })),
            expect.toolCalls,
          );
          const ids = calls.map((call) => call.first.id ?? '');
          assert.ok(
            ids.every((id) => id.length > 0),
            'every first fragment has an id',
          );
          assert.equal(new Set(ids).size, ids.length, 'the ids are distinct');
          assert.deepEqual(finishReasonsOf(deltas), ['tool_calls']);
          assert.equal(textOfDeltas(deltas), '', 'no text beside the calls');
        },
      );
    });

    describe('upstream failures', () => {
      it(
        'an upstream failure is BACKEND_ERROR, naming the backend and passing on the upstream message',
        HANG_GUARD,
        async () => {
          const { subject } = current();
          subject.arrange('upstream-error');
          const error = assertHearthError(
            await rejectionOf(subject.makeBackend().complete(TEXT_TURN)),
            'upstream_failure',
            'BACKEND_ERROR',
          );
          assert.ok(error.message.includes(`'${CONTRACT_BACKEND_NAME}'`), error.message);
          assert.ok(error.message.includes(UPSTREAM_FAILURE_MESSAGE), error.message);
        },
      );

      it(
        'a stream whose upstream fails throws the same error from the first next(), before any delta',
        HANG_GUARD,
        async () => {
          const { subject } = current();
          subject.arrange('upstream-error');
          assertHearthError(
            await rejectionOf(firstNextOf(subject.makeBackend().stream(asStream(TEXT_TURN)))),
            'upstream_failure',
            'BACKEND_ERROR',
          );
        },
      );
    });

    describe('timeouts', () => {
      it('an upstream that never answers is BACKEND_TIMEOUT, whole and mid-stream', HANG_GUARD, async (t) => {
        const { subject, expect } = current();
        if (!expect.hasReadTimeout) {
          t.skip('this backend has no read timeout (see hasReadTimeout)');
          return;
        }
        const backend = subject.makeBackend({ readTimeoutMs: SHORT_READ_TIMEOUT_MS });
        subject.arrange('hang');
        assertHearthError(await rejectionOf(backend.complete(TEXT_TURN)), 'upstream_timeout', 'BACKEND_TIMEOUT');
        subject.arrange('stall-mid-stream');
        const { deltas, error } = await collectUntilError(backend.stream(asStream(TEXT_TURN)));
        assert.ok(textOfDeltas(deltas).length > 0, 'the deltas before the stall arrived');
        assertHearthError(error, 'upstream_timeout', 'BACKEND_TIMEOUT');
      });
    });

    describe('cancellation', () => {
      it('aborting the caller signal stops a call the upstream never answers', HANG_GUARD, async () => {
        const { subject } = current();
        subject.arrange('hang');
        const controller = new AbortController();
        const call = subject.makeBackend().complete(TEXT_TURN, { signal: controller.signal });
        await subject.waitForUpstreamCalls(1);
        controller.abort();
        assertHearthError(await rejectionOf(call), 'upstream_failure', 'REQUEST_CANCELLED');
      });

      it('aborting the caller signal mid-stream stops the stream', HANG_GUARD, async () => {
        const { subject } = current();
        subject.arrange('stall-mid-stream');
        const controller = new AbortController();
        const deltas: ReplyDelta[] = [];
        const error = await rejectionOf(
          (async () => {
            for await (const delta of subject
              .makeBackend()
              .stream(asStream(TEXT_TURN), { signal: controller.signal })) {
              deltas.push(delta);
              controller.abort();
            }
          })(),
        );
        assert.equal(deltas.length, 1, 'no delta after the abort');
        assertHearthError(error, 'upstream_failure', 'REQUEST_CANCELLED');
      });

      it('an already aborted signal stops the call before it reaches the upstream', HANG_GUARD, async () => {
        const { subject } = current();
        const backend = subject.makeBackend();
        const controller = new AbortController();
        controller.abort();
        assertHearthError(
          await rejectionOf(backend.complete(TEXT_TURN, { signal: controller.signal })),
          'upstream_failure',
          'REQUEST_CANCELLED',
        );
        assertHearthError(
          await rejectionOf(firstNextOf(backend.stream(asStream(TEXT_TURN), { signal: controller.signal }))),
          'upstream_failure',
          'REQUEST_CANCELLED',
        );
        assert.equal(subject.upstreamCalls(), 0, 'the upstream received nothing');
      });
    });
  });
}
