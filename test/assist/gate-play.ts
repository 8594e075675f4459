// Playing generated rows (gate-rows.ts's shape) through the app: without a model or with scripted model answers, with
// a chosen grammar, answering HA-Assist's GetLiveContext reads as Home Assistant would; and running a family of rows
// as tests. Every family of issue 24 runs through here.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Intents } from '../../src/hassil/index.ts';
import { createHarness, postChat, readSse } from '../server/app-harness.ts';
import type { GateRow, Outcome, Sent } from './gate-rows.ts';
import { liveContextOf, withResult } from './ha-turns.ts';

/** A row that also says how many live reads may come before its outcome (one unless given). */
export type PlayedRow = GateRow & { maxReads?: number };

/** What a played row ended in, how many model turns it took and how many GetLiveContext reads came first. */
export interface Played {
  outcome: Outcome;
  modelTurns: number;
  reads: number;
}

/** How a row is played: the model's scripted calls (none: no model is configured) and the grammar (the built-in one). */
export interface PlayOptions {
  model?: Sent[];
  grammar?: Intents;
}

interface ChatJson {
  choices?: {
    message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
  }[];
  error?: { code?: string };
}

/** The most reads a play answers before it takes the next reply as the outcome. */
const MAX_READS = 3;

/** Plays `row` (answering HA-Assist's GetLiveContext reads with the home's live context) and returns what it ended in. */
export async function play(row: GateRow, options: PlayOptions = {}): Promise<Played> {
  const { model, grammar } = options;
  const harness = createHarness({
    ...(grammar === undefined ? {} : { grammar }),
    ...(model === undefined ? { withoutTextModel: true } : {}),
  });
  if (model !== undefined) {
    const toolCalls = model.map((call, i) => ({
      id: `m${i}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    }));
    const content = toolCalls.length === 0 ? 'model says' : null;
    harness.gemma.script({
      kind: 'reply',
      reply: { content, toolCalls, finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop' },
    });
  }
  let request = row.request;
  for (let reads = 0; ; reads++) {
    const response = await postChat(harness.app, request);
    const json = (await response.json()) as ChatJson;
    const modelTurns = harness.gemma.turns.length;
    if (response.status !== 200) return { outcome: { error: String(json.error?.code) }, modelTurns, reads };
    const message = json.choices![0]!.message;
    const calls = (message.tool_calls ?? []).map((call) => ({ id: call.id, ...call.function }));
    if (calls.length === 1 && calls[0]!.name === 'GetLiveContext' && reads < MAX_READS) {
      request = withResult(request, calls[0]!, liveContextOf(row.home));
      continue;
    }
    if (calls.length > 0) return { outcome: { calls: calls.map(parsed) }, modelTurns, reads };
    return { outcome: { answer: message.content ?? '' }, modelTurns, reads };
  }
}

/**
 * Streams `row` with the model streaming `model`'s calls: its first round, or (`afterRead`) the round after HA-Assist's
 * live read. Undefined when the first round is a read that was not to be answered.
 */
export async function stream(
  row: GateRow,
  model: Sent[],
  options: { grammar?: Intents; afterRead?: boolean } = {},
): Promise<Outcome | undefined> {
  const harness = createHarness(options.grammar === undefined ? {} : { grammar: options.grammar });
  const deltas = [
    ...model.map((call, index) => ({
      toolCalls: [{ index, id: `m${index}`, name: call.name, arguments: JSON.stringify(call.arguments) }],
    })),
    ...(model.length === 0 ? [{ content: 'model says' }] : []),
    { finishReason: model.length > 0 ? 'tool_calls' : 'stop' },
  ];
  harness.gemma.script({ kind: 'stream', deltas });
  let request = row.request;
  if (options.afterRead === true) {
    const first = (await (await postChat(harness.app, row.request)).json()) as ChatJson;
    const read = first.choices![0]!.message.tool_calls![0]!;
    assert.equal(read.function.name, 'GetLiveContext', row.text);
    request = withResult(row.request, { id: read.id, ...read.function }, liveContextOf(row.home));
  }
  const response = await postChat(harness.app, { ...request, stream: true });
  const frames = (await readSse(response)).filter((data) => data !== '[DONE]');
  type Delta = { content?: string; tool_calls?: { function: { name: string; arguments: string } }[] };
  const choices = frames.flatMap((frame) => (JSON.parse(frame) as { choices: { delta: Delta }[] }).choices);
  const calls = choices.flatMap((choice) => choice.delta.tool_calls ?? []);
  if (calls.length === 1 && calls[0]!.function.name === 'GetLiveContext') return undefined;
  if (calls.length > 0) return { calls: calls.map((call) => parsed(call.function)) };
  return { answer: choices.map((choice) => choice.delta.content ?? '').join('') };
}

/** How a family is run. */
export interface FamilyOptions<Row extends PlayedRow> {
  /** The grammar a row is played with (the built-in English one when it gives none). */
  grammar?: (row: Row) => Intents | undefined;
  /** An assertion on every answer (for example: no English word in a German one). */
  check?: (answer: string, row: Row) => void;
  /** Also stream every scripted answer: the first round, or the round after the live read. */
  stream?: 'first-round' | 'after-read';
}

/**
 * The tests of a family: at least 25 distinct generated conversations; the exact outcome of every row without a model
 * and with each scripted model answer, after at most `maxReads` live reads (one unless the row says), the model asked
 * only when the row is not deterministic; and, when asked for, the same when streamed.
 */
export function family<Row extends PlayedRow>(
  title: string,
  rows: readonly Row[],
  options: FamilyOptions<Row> = {},
): void {
  const grammarOf = (row: Row) => {
    const grammar = options.grammar?.(row);
    return grammar === undefined ? {} : { grammar };
  };
  const checked = (outcome: Outcome, row: Row) => {
    if ('answer' in outcome) options.check?.(outcome.answer, row);
  };
  describe(title, () => {
    it('has at least 25 distinct generated conversations', () => {
      assert.ok(rows.length >= 25, `${rows.length} rows`);
      assert.equal(new Set(rows.map((row) => JSON.stringify(row.request.messages))).size, rows.length);
    });
    it('without a model: the exact answer or calls of every row, after at most one live read', async () => {
      for (const row of rows) {
        const played = await play(row, grammarOf(row));
        assert.deepEqual(played.outcome, row.withoutModel, row.text);
        assert.ok(played.reads <= (row.maxReads ?? 1), `${row.text}: ${played.reads} reads`);
        checked(played.outcome, row);
      }
    });
    it("with a scripted model: exactly what every row says comes of each of the model's answers", async () => {
      for (const row of rows)
        for (const scripted of row.withModel) {
          const played = await play(row, { ...grammarOf(row), model: scripted.calls });
          const what = `${row.text} ← ${JSON.stringify(scripted.calls)}`;
          assert.deepEqual(played.outcome, scripted.outcome, what);
          assert.equal(played.modelTurns, row.isDeterministic === true ? 0 : 1, what);
          assert.ok(played.reads <= (row.maxReads ?? 1), `${what}: ${played.reads} reads`);
          checked(played.outcome, row);
        }
    });
    if (options.stream !== undefined) {
      const afterRead = options.stream === 'after-read';
      it(`streaming: the same calls or the same answer${afterRead ? ' after the live read' : ', and no call before the gate has judged the set'}`, async () => {
        for (const row of rows)
          for (const scripted of row.withModel) {
            const streamed = await stream(row, scripted.calls, { ...grammarOf(row), afterRead });
            const what = `${row.text} ← ${JSON.stringify(scripted.calls)}`;
            if (streamed !== undefined || afterRead) assert.deepEqual(streamed, scripted.outcome, what);
          }
      });
    }
  });
}

function parsed(call: { name: string; arguments: string }): Sent {
  return { name: call.name, arguments: JSON.parse(call.arguments) as Record<string, unknown> };
}
