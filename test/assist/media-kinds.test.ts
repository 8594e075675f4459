// The media-kind families through the app, with no model and with a scripted one: the exact calls sent or the exact
// answer for every generated row (English with the built-in grammar, German with Home Assistant's).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHarness, postChat, readSse } from '../server/app-harness.ts';
import { officialGrammar } from '../fixtures/grammar.ts';
import type { Outcome, Sent } from './gate-rows.ts';
import { liveContextOf, withResult } from './ha-turns.ts';
import { kindRows, type MediaRow, untitledPlayRows } from './media-kinds-rows.ts';

interface ChatJson {
  choices?: {
    message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
  }[];
  error?: { code?: string };
}

/** Plays `row` (answering GetLiveContext reads as Home Assistant would) and returns what it ended in. */
async function play(row: MediaRow, model?: Sent[]): Promise<{ outcome: Outcome; modelTurns: number; reads: number }> {
  const grammar = row.language === 'de' ? { grammar: officialGrammar('de') } : {};
  const harness = createHarness(model === undefined ? { withoutTextModel: true, ...grammar } : grammar);
  if (model !== undefined) {
    const toolCalls = model.map((call, i) => ({
      id: `m${i}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    }));
    harness.gemma.script({
      kind: 'reply',
      reply: {
        content: toolCalls.length === 0 ? 'model says' : null,
        toolCalls,
        finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    });
  }
  let request = row.request;
  for (let reads = 0; ; reads++) {
    const response = await postChat(harness.app, request);
    const json = (await response.json()) as ChatJson;
    const modelTurns = harness.gemma.turns.length;
    if (response.status !== 200) return { outcome: { error: String(json.error?.code) }, modelTurns, reads };
    const message = json.choices![0]!.message;
    const calls = (message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
    if (calls.length === 1 && calls[0]!.name === 'GetLiveContext' && reads < 2) {
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

/** Streams the round after HA-Assist's live-state read of `row`, with the model streaming `model`'s calls. */
async function stream(row: MediaRow, model: Sent[]): Promise<Outcome> {
  const harness = createHarness(row.language === 'de' ? { grammar: officialGrammar('de') } : {});
  const deltas = [
    ...model.map((call, index) => ({
      toolCalls: [{ index, id: `m${index}`, name: call.name, arguments: JSON.stringify(call.arguments) }],
    })),
    ...(model.length === 0 ? [{ content: 'model says' }] : []),
    { finishReason: model.length > 0 ? 'tool_calls' : 'stop' },
  ];
  harness.gemma.script({ kind: 'stream', deltas });
  // Every row needs the players' classes and states: the first round is the read, answered as Home Assistant would.
  const first = (await (await postChat(harness.app, row.request)).json()) as ChatJson;
  const read = first.choices![0]!.message.tool_calls![0]!;
  assert.equal(read.function.name, 'GetLiveContext', row.text);
  const call = { id: read.id, name: read.function.name, arguments: read.function.arguments };
  const request = withResult(row.request, call, liveContextOf(row.home));
  const response = await postChat(harness.app, { ...request, stream: true });
  const frames = (await readSse(response)).filter((data) => data !== '[DONE]');
  type Delta = { content?: string; tool_calls?: { function: { name: string; arguments: string } }[] };
  const choices = frames.flatMap((frame) => (JSON.parse(frame) as { choices: { delta: Delta }[] }).choices);
  const calls = choices.flatMap((choice) => choice.delta.tool_calls ?? []);
  if (calls.length > 0)
    return {
      calls: calls.map((call) => ({
        name: call.function.name,
        arguments: JSON.parse(call.function.arguments) as Record<string, unknown>,
      })),
    };
  return { answer: choices.map((choice) => choice.delta.content ?? '').join('') };
}

function family(title: string, rows: readonly MediaRow[]): void {
  describe(title, () => {
    it('has at least 25 distinct generated conversations', () => {
      assert.ok(rows.length >= 25, `${rows.length} rows`);
      assert.equal(new Set(rows.map((row) => JSON.stringify(row.request.messages))).size, rows.length);
    });
    it('without a model: the exact answer or calls of every row, after at most one live-state read', async () => {
      for (const row of rows) {
        const played = await play(row);
        assert.deepEqual(played.outcome, row.withoutModel, row.text);
        assert.ok(played.reads <= 1, `${row.text}: ${played.reads} reads`);
      }
    });
    it("with a scripted model: exactly what every row says comes of each of the model's answers", async () => {
      for (const row of rows)
        for (const scripted of row.withModel) {
          const played = await play(row, scripted.calls);
          const what = `${row.text} ← ${JSON.stringify(scripted.calls)}`;
          assert.deepEqual(played.outcome, scripted.outcome, what);
          assert.equal(played.modelTurns, row.isDeterministic === true ? 0 : 1, what);
        }
    });
    it('streaming: after the live read, the same calls or the same answer', async () => {
      for (const row of rows)
        for (const scripted of row.withModel) {
          const streamed = await stream(row, scripted.calls);
          assert.deepEqual(streamed, scripted.outcome, `${row.text} ← ${JSON.stringify(scripted.calls)}`);
        }
    });
  });
}

family('media: the kind named (music, TV, radio, speaker) selects the players of that kind', kindRows());
family('media: a play request naming no title resumes the paused player', untitledPlayRows());
