// Helpers of the backend contract cases: turns, raw chunks, collecting streams, checking errors.

import assert from 'node:assert/strict';
import { isHearthError, type ErrorKind, type HearthError } from '../../src/common/index.ts';
import type { ReplyDelta, Turn } from '../../src/conversation/index.ts';

/** A short turn: one user message, no tools. */
export function simpleTurn(overrides: Partial<Turn> = {}): Turn {
  return {
    model: 'ha-assist',
    messages: [{ role: 'user', content: 'Hello?' }],
    tools: [],
    stream: false,
    includeUsage: false,
    sampling: {},
    extra: {},
    ...overrides,
  };
}

/** A `chat.completion.chunk` with one choice, as a server would send it, for raw-stream steps. */
export function rawChunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-raw',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** Every delta of a stream, in order. */
export async function collect(stream: AsyncIterable<ReplyDelta>): Promise<ReplyDelta[]> {
  const deltas: ReplyDelta[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

/** The deltas a stream gave before it threw, and what it threw (fails when it did not throw). */
export async function collectUntilError(
  stream: AsyncIterable<ReplyDelta>,
): Promise<{ deltas: ReplyDelta[]; error: unknown }> {
  const deltas: ReplyDelta[] = [];
  try {
    for await (const delta of stream) deltas.push(delta);
  } catch (error) {
    return { deltas, error };
  }
  assert.fail(`the stream ended without an error after ${deltas.length} deltas`);
}

/** The text of a stream's content deltas, joined. */
export function textOfDeltas(deltas: ReplyDelta[]): string {
  return deltas.map((delta) => delta.content ?? '').join('');
}

/** One tool call rebuilt from its fragments: the id and name its opening fragment carried, and the joined arguments. */
export interface AssembledCall {
  first: { id?: string; name?: string };
  arguments: string;
}

/** Reassembles streamed tool calls by index. */
export function assembleToolCalls(deltas: ReplyDelta[]): AssembledCall[] {
  const calls: AssembledCall[] = [];
  for (const fragment of deltas.flatMap((delta) => delta.toolCalls ?? [])) {
    const call = (calls[fragment.index] ??= { first: { id: fragment.id, name: fragment.name }, arguments: '' });
    call.arguments += fragment.arguments ?? '';
  }
  return calls;
}

/** Checks that `error` is a `HearthError` of this kind (and code), and returns it. */
export function assertHearthError(error: unknown, kind: ErrorKind, code?: string): HearthError {
  assert.ok(isHearthError(error), `expected a HearthError, got ${String(error)}`);
  assert.equal(error.kind, kind, `kind of: ${error.message}`);
  if (code !== undefined) assert.equal(error.code, code, `code of: ${error.message}`);
  return error;
}

/** Awaits a promise that must reject, and returns what it rejected with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  let caught: unknown;
  await assert.rejects(promise, (error: unknown) => {
    caught = error;
    return true;
  });
  return caught;
}

/** The first `next()` of a stream, which must reject before any delta. */
export function firstNextOf(stream: AsyncIterable<ReplyDelta>): Promise<IteratorResult<ReplyDelta>> {
  return stream[Symbol.asyncIterator]().next();
}

/** The messages of an error and all its causes, for checks that a secret appears in none. */
export function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    messages.push(current.message);
  }
  return messages;
}
