// Playing a generated gate row through the app: without a model or with scripted model answers, answering
// HA-Assist's GetLiveContext reads as Home Assistant would, and running a family of rows as tests.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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

/** Plays `row` (answering HA-Assist's GetLiveContext reads with the home's live context) and returns what it ended in. */
export async function play(row: GateRow, model?: Sent[]): Promise<Played> {
  const harness = createHarness(model === undefined ? { withoutTextModel: true } : {});
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
    const json = (await response.json()) as {
      choices?: {
        message: {
          content: string | null;
          tool_calls?: { id: string; function: { name: string; arguments: string } }[];
        };
      }[];
      error?: { code?: string };
    };
    const modelTurns = harness.gemma.turns.length;
    if (response.status !== 200) return { outcome: { error: String(json.error?.code) }, modelTurns, reads };
    const message = json.choices![0]!.message;
    const calls = (message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
    if (calls.length === 1 && calls[0]!.name === 'GetLiveContext' && reads < 3) {
      request = withResult(request, calls[0]!, liveContextOf(row.home));
      continue;
    }
    if (calls.length > 0) {
      const sent = calls.map((call) => ({
        name: call.name,
        arguments: JSON.parse(call.arguments) as Record<string, unknown>,
      }));
      return { outcome: { calls: sent }, modelTurns, reads };
    }
    return { outcome: { answer: message.content ?? '' }, modelTurns, reads };
  }
}

/** Streams the first round of `row` with the model streaming `model`'s calls; undefined when HA-Assist reads first. */
export async function stream(row: GateRow, model: Sent[]): Promise<Outcome | undefined> {
  const harness = createHarness();
  const deltas = [
    ...model.map((call, index) => ({
      toolCalls: [{ index, id: `m${index}`, name: call.name, arguments: JSON.stringify(call.arguments) }],
    })),
    ...(model.length === 0 ? [{ content: 'model says' }] : []),
    { finishReason: model.length > 0 ? 'tool_calls' : 'stop' },
  ];
  harness.gemma.script({ kind: 'stream', deltas });
  const response = await postChat(harness.app, { ...row.request, stream: true });
  const frames = (await readSse(response)).filter((data) => data !== '[DONE]');
  const choices = frames.flatMap(
    (frame) =>
      (
        JSON.parse(frame) as {
          choices: { delta: { content?: string; tool_calls?: { function: { name: string; arguments: string } }[] } }[];
        }
      ).choices,
  );
  const calls = choices.flatMap((choice) => choice.delta.tool_calls ?? []);
  if (calls.length === 1 && calls[0]!.function.name === 'GetLiveContext') return undefined;
  if (calls.length > 0)
    return {
      calls: calls.map((call) => ({
        name: call.function.name,
        arguments: JSON.parse(call.function.arguments) as Record<string, unknown>,
      })),
    };
  return { answer: choices.map((choice) => choice.delta.content ?? '').join('') };
}

/**
 * The tests of a family: at least 25 distinct generated conversations; the exact outcome of every row without a model
 * and with each scripted model answer (after at most `maxReads` live reads); the same when streamed.
 */
export function family(title: string, rows: readonly PlayedRow[]): void {
  describe(title, () => {
    it('has at least 25 distinct generated conversations', () => {
      assert.ok(rows.length >= 25, `${rows.length} rows`);
      assert.equal(new Set(rows.map((row) => JSON.stringify(row.request.messages))).size, rows.length);
    });
    it('without a model: the exact answer or calls of every row, after at most one live read', async () => {
      for (const row of rows) {
        const played = await play(row);
        assert.deepEqual(played.outcome, row.withoutModel, row.text);
        assert.ok(played.reads <= (row.maxReads ?? 1), `${row.text}: ${played.reads} reads`);
      }
    });
    it("with a scripted model: exactly what every row says comes of each of the model's answers", async () => {
      for (const row of rows)
        for (const scripted of row.withModel) {
          const played = await play(row, scripted.calls);
          const what = `${row.text} ← ${JSON.stringify(scripted.calls)}`;
          assert.deepEqual(played.outcome, scripted.outcome, what);
          assert.equal(played.modelTurns, row.isDeterministic === true ? 0 : 1, what);
          assert.ok(played.reads <= (row.maxReads ?? 1), `${what}: ${played.reads} reads`);
        }
    });
    it('streaming: the same calls or the same answer, and no call before the gate has judged the set', async () => {
      for (const row of rows)
        for (const scripted of row.withModel) {
          const streamed = await stream(row, scripted.calls);
          if (streamed !== undefined)
            assert.deepEqual(streamed, scripted.outcome, `${row.text} ← ${JSON.stringify(scripted.calls)}`);
        }
    });
  });
}
