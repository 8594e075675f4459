// Near-miss sentences through the app in the two-floor home: each row has exactly the outcome its table names, with
// a model and without one, and no row ever makes a device call it should not.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHarness, postChat, type Harness } from '../server/app-harness.ts';
import type { Answer } from './ask-app.ts';
import { liveContextOf, withResult } from './ha-turns.ts';
import { buildHaRequest, type HaChatRequest, type Home } from '../../src/homeassistant/request/index.ts';
import { TWO_FLOOR_FLOORS } from '../fixtures/homes/two-floor-home.ts';
import {
  NEAR_MISS_HOMES,
  NEAR_MISS_ROW_COUNTS,
  NEAR_MISS_ROWS,
  type NearMissRow,
  type Outcome,
} from './near-miss-sentences.ts';

/** The most GetLiveContext reads a turn may ask for before it must be answered. */
const MAX_READS = 2;

/** The last round of a turn (after `reads` GetLiveContext rounds): the answer, or the error status and code. */
type Played =
  | { kind: 'answer'; answer: Answer; reads: number }
  | { kind: 'error'; status: number; code: unknown; reads: number };

/** The request body of the row's first round: HA 2026's shape, the home's floors in `ha_context`. */
function firstRequestOf(row: NearMissRow, home: Home): HaChatRequest {
  const request = buildHaRequest(home, { userText: row.text, era: '2026' });
  const parallel = row.parallelToolCalls === undefined ? {} : { parallel_tool_calls: row.parallelToolCalls };
  return withFloors({ ...request, ...parallel });
}

function withFloors(request: HaChatRequest): HaChatRequest {
  return { ...request, ha_context: { floors: TWO_FLOOR_FLOORS } } as HaChatRequest;
}

/** Posts one round; a 200 is read as {@link Answer} (as `ask` reads it), anything else as its error code. */
async function post(harness: Harness, body: HaChatRequest): Promise<Answer | { status: number; code: unknown }> {
  const response = await postChat(harness.app, body);
  const json = (await response.json()) as {
    choices?: {
      message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
    }[];
    metrics?: Answer['metrics'];
    error?: { code?: unknown };
  };
  if (response.status !== 200) return { status: response.status, code: json.error?.code };
  const message = json.choices![0]!.message;
  const calls = (message.tool_calls ?? []).map((c) => ({
    id: c.id,
    name: c.function.name,
    arguments: c.function.arguments,
  }));
  return { content: message.content, calls, metrics: json.metrics ?? {} };
}

/** Plays the row's turn: the first request, then HA's GetLiveContext result for each read HA-Assist asks for. */
async function play(harness: Harness, row: NearMissRow): Promise<Played> {
  const home = NEAR_MISS_HOMES[row.home ?? 'base'];
  let request = firstRequestOf(row, home);
  for (let reads = 0; ; reads++) {
    const answer = await post(harness, request);
    if ('status' in answer) return { kind: 'error', status: answer.status, code: answer.code, reads };
    const call = answer.calls[0];
    if (answer.calls.length !== 1 || call?.name !== 'GetLiveContext' || reads === MAX_READS)
      return { kind: 'answer', answer, reads };
    request = withFloors(withResult(request, call, liveContextOf(home)));
  }
}

/** The device calls of an answer, parsed; GetLiveContext reads are never the last round's answer. */
function callsOf(answer: Answer): { name: string; arguments: unknown }[] {
  return answer.calls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as unknown }));
}

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
      const played = await play(harness, row);
      assertOutcome(played, row.expect, harness.gemma.turns.length + harness.vision.turns.length);
    });
});

describe('near-miss sentences without a text model: a question, a plain answer or a 503, never a wrong call', () => {
  for (const row of NEAR_MISS_ROWS) {
    const alone = aloneOf(row);
    it(titleOf(row, alone), async () => {
      const harness = createHarness({ withoutTextModel: true });
      const played = await play(harness, row);
      const modelCalls = harness.gemma.turns.length + harness.vision.turns.length;
      assertOutcome(played, alone, modelCalls);
    });
  }
});
