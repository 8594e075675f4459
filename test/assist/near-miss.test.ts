// Near-miss sentences through the app in the two-floor home: each row has exactly the outcome its table names, with
// a model and without one, and no row ever makes a device call it should not.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness } from '../server/app-harness.ts';
import { callsOf, play, type Played } from './play-turn.ts';
import {
  NEAR_MISS_HOMES,
  NEAR_MISS_ROW_COUNTS,
  NEAR_MISS_ROWS,
  type NearMissRow,
  type Outcome,
} from './near-miss-sentences.ts';

/** Asserts that `played` is exactly `outcome`; `modelCalls` is what the scripted text model received. */
function assertOutcome(played: Played, outcome: Outcome, modelCalls: number): void {
  if (outcome === 503) {
    assert.deepEqual(played.kind === 'error' ? [played.status, played.code] : played, [503, 'backend_not_configured']);
    assert.equal(modelCalls, 0);
    return;
  }
  assert.equal(played.kind, 'answer', JSON.stringify(played));
  if (played.kind !== 'answer') return;
  const { answer } = played;
  const summary = JSON.stringify({ calls: answer.calls, content: answer.content, plan: answer.metrics.ha_plan });
  if (outcome === 'model') {
    assert.equal(answer.metrics.ha_route?.route, 'llm', summary);
    assert.equal(modelCalls, 1, 'the model was called once');
    assert.deepEqual(answer.calls, [], summary);
    assert.equal(answer.content, 'ok from gemma');
    return;
  }
  assert.equal(answer.metrics.ha_route?.route, 'direct', summary);
  assert.equal(modelCalls, 0, 'no model was called');
  if (typeof outcome === 'object' && 'calls' in outcome) {
    assert.deepEqual(callsOf(answer), outcome.calls, summary);
    assert.equal(answer.content, null);
    return;
  }
  assert.deepEqual(answer.calls, [], summary);
  const text = answer.content ?? '';
  if (outcome === 'ask')
    assert.match(
      text,
      /^Which one do you mean: .+\?$|^There is more than one .+\?$|^Which area do you mean\?$/,
      summary,
    );
  else if (outcome === 'answer') assert.match(text, /^[^?]+\.$/, summary);
  else {
    assert.equal(text, `${outcome.confirm}? Say yes to confirm.`, summary);
    assert.equal(answer.metrics.ha_plan?.confirmation, 'asked');
  }
}

/** The row's outcome without a text model. */
function aloneOf(row: NearMissRow): Exclude<Outcome, 'model'> {
  if (row.alone !== undefined) return row.alone;
  if (row.expect !== 'model') return row.expect;
  throw new Error(`"${row.text}" needs an outcome without a model`);
}

/** A row's test name: its kind, its home when not the two-floor home, the sentence and what it must come to. */
function titleOf(row: NearMissRow, outcome: Outcome): string {
  const home = row.home === undefined ? '' : ` [${row.home}]`;
  const parallel = row.parallelToolCalls === false ? ' (parallel_tool_calls: false)' : '';
  const expected =
    typeof outcome === 'object' ? ('calls' in outcome ? `${outcome.calls.length} call(s)` : 'confirm') : outcome;
  return `${row.kind}${home}: "${row.text}"${parallel} → ${expected}`;
}

describe('the near-miss table', () => {
  it('holds at least 100 rows, as many of each kind as counted', () => {
    const counted = Object.values(NEAR_MISS_ROW_COUNTS).reduce((sum, count) => sum + count, 0);
    assert.equal(NEAR_MISS_ROWS.length, counted);
    assert.ok(NEAR_MISS_ROWS.length >= 100, `${NEAR_MISS_ROWS.length} rows`);
    const byKind: Record<string, number> = {};
    for (const row of NEAR_MISS_ROWS) byKind[row.kind] = (byKind[row.kind] ?? 0) + 1;
    assert.deepEqual(byKind, NEAR_MISS_ROW_COUNTS);
  });

  it('asks each sentence once per home and setting', () => {
    const keys = NEAR_MISS_ROWS.map((row) => `${row.home ?? 'base'}|${row.parallelToolCalls ?? ''}|${row.text}`);
    assert.equal(new Set(keys).size, keys.length);
  });
});

describe('near-miss sentences with a text model: exactly the outcome each row names', () => {
  for (const row of NEAR_MISS_ROWS)
    it(titleOf(row, row.expect), async () => {
      const harness = createHarness();
      const played = await play(harness, { ...row, home: NEAR_MISS_HOMES[row.home ?? 'base'] });
      assertOutcome(played, row.expect, harness.gemma.turns.length + harness.vision.turns.length);
    });
});

describe('near-miss sentences without a text model: a question, a plain answer or a 503, never a wrong call', () => {
  for (const row of NEAR_MISS_ROWS) {
    const alone = aloneOf(row);
    it(titleOf(row, alone), async () => {
      const harness = createHarness({ withoutTextModel: true });
      const played = await play(harness, { ...row, home: NEAR_MISS_HOMES[row.home ?? 'base'] });
      const modelCalls = harness.gemma.turns.length + harness.vision.turns.length;
      assertOutcome(played, alone, modelCalls);
    });
  }
});
