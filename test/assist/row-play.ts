// Plays generated rows (gate-rows.ts's shape) through the app with a chosen grammar, with no model and with a
// scripted one, and checks each family: at least 25 distinct conversations, the exact outcome of every row.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Intents } from '../../src/hassil/index.ts';
import { createHarness, postChat } from '../server/app-harness.ts';
import type { GateRow, Outcome, Sent } from './gate-rows.ts';
import { liveContextOf, withResult } from './ha-turns.ts';

/** The most GetLiveContext reads a row may ask for before it must end. */
const MAX_READS = 2;

/** Plays `row` (answering GetLiveContext reads as Home Assistant would) and returns what it ended in. */
export async function playRow(
  row: GateRow,
  options: { grammar?: Intents; model?: Sent[] } = {},
): Promise<{ outcome: Outcome; modelTurns: number }> {
  const { grammar, model } = options;
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
    if (response.status !== 200) return { outcome: { error: String(json.error?.code) }, modelTurns };
    const message = json.choices![0]!.message;
    const calls = (message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
    if (calls.length === 1 && calls[0]!.name === 'GetLiveContext' && reads < MAX_READS) {
      request = withResult(request, calls[0]!, liveContextOf(row.home));
      continue;
    }
    if (calls.length > 0) {
      const sent = calls.map((call) => ({
        name: call.name,
        arguments: JSON.parse(call.arguments) as Record<string, unknown>,
      }));
      return { outcome: { calls: sent }, modelTurns };
    }
    return { outcome: { answer: message.content ?? '' }, modelTurns };
  }
}

/**
 * A family of rows as one suite: at least 25 distinct generated conversations; without a model, the exact outcome
 * of every row; with each scripted model answer, exactly what the row says, and the model asked only when the row is
 * not deterministic. `check` adds an assertion on every answer (for example: no English word in a German one).
 */
export function rowFamily(
  title: string,
  rows: readonly GateRow[],
  options: { grammar?: () => Intents; check?: (answer: string, row: GateRow) => void } = {},
): void {
  describe(title, () => {
    const grammar = () => options.grammar?.();
    const checked = (outcome: Outcome, row: GateRow) => {
      if ('answer' in outcome) options.check?.(outcome.answer, row);
    };
    it('has at least 25 distinct generated conversations', () => {
      assert.ok(rows.length >= 25, `${rows.length} rows`);
      assert.equal(new Set(rows.map((row) => JSON.stringify(row.request.messages))).size, rows.length);
    });
    it('without a model: the exact answer or calls of every row', async () => {
      for (const row of rows) {
        const played = await playRow(row, definedGrammar(grammar()));
        assert.deepEqual(played.outcome, row.withoutModel, row.text);
        checked(played.outcome, row);
      }
    });
    it("with a scripted model: exactly what every row says comes of each of the model's answers", async () => {
      for (const row of rows)
        for (const scripted of row.withModel) {
          const played = await playRow(row, { ...definedGrammar(grammar()), model: scripted.calls });
          const what = `${row.text} ← ${JSON.stringify(scripted.calls)}`;
          assert.deepEqual(played.outcome, scripted.outcome, what);
          assert.equal(played.modelTurns, row.isDeterministic === true ? 0 : 1, what);
          checked(played.outcome, row);
        }
    });
  });
}

function definedGrammar(grammar: Intents | undefined): { grammar?: Intents } {
  return grammar === undefined ? {} : { grammar };
}
