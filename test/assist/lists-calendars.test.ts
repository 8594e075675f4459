// List and calendar questions through the app, in English and German: the exact todo_get_items or
// calendar_get_events call (after GetDateTime when tomorrow's date is not in the prompt), then, with Home Assistant's
// generated result fed back, the exact answer; the question which one when several fit; the model for judgement, for
// a list nobody has, and when the request offers no tool. Also with a model configured (never asked for what is
// answered here), with prefixed tool names, and in Ollama's shape.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HaChatRequest } from '../../src/homeassistant/request/index.ts';
import { officialGrammar } from '../fixtures/grammar.ts';
import { createHarness, postChat } from '../server/app-harness.ts';
import type { Outcome, Sent } from './gate-rows.ts';
import { withResult } from './ha-turns.ts';
import {
  answerFormRows,
  calendarRows,
  judgementRows,
  type ListRow,
  listRows,
  TO_MODEL,
  withoutToolRows,
} from './list-calendar-rows.ts';

const GERMAN = officialGrammar('de');
const LISTS = listRows();
const CALENDARS = calendarRows();
const JUDGEMENT = judgementRows();
const WITHOUT_TOOL = withoutToolRows([...LISTS, ...CALENDARS].filter((_, i) => i % 12 === 0));
const ANSWER_FORM = answerFormRows([...LISTS, ...CALENDARS].filter((_, i) => i % 8 === 3));
const ALL = [...LISTS, ...CALENDARS, ...JUDGEMENT, ...WITHOUT_TOOL, ...ANSWER_FORM];

interface ChatJson {
  choices?: {
    message: { content: string | null; tool_calls?: { id: string; function: Sent & { arguments: string } }[] };
  }[];
  error?: { code?: string };
}

/** What one request came to: the calls sent (with their ids), or the answer, or the error. */
type Step = { calls: (Sent & { id: string; raw: string })[] } | { answer: string } | { error: string };

/** The harness of a row: its language's grammar, with or without a model (scripted to say "model says"). */
function harnessOf(row: ListRow, withModel: boolean) {
  const harness = createHarness({
    ...(row.language === 'de' ? { grammar: GERMAN } : {}),
    ...(withModel ? {} : { withoutTextModel: true }),
  });
  if (withModel)
    harness.gemma.script({ kind: 'reply', reply: { content: 'model says', toolCalls: [], finishReason: 'stop' } });
  return harness;
}

type Harness = ReturnType<typeof createHarness>;

async function sendOpenAi(harness: Harness, request: HaChatRequest): Promise<Step> {
  const response = await postChat(harness.app, request);
  const json = (await response.json()) as ChatJson;
  if (response.status !== 200) return { error: String(json.error?.code) };
  const message = json.choices![0]!.message;
  const calls = (message.tool_calls ?? []).map((call) => ({
    id: call.id,
    name: call.function.name,
    raw: call.function.arguments,
    arguments: JSON.parse(call.function.arguments) as Record<string, unknown>,
  }));
  return calls.length > 0 ? { calls } : { answer: message.content ?? '' };
}

/** The request in Ollama's `/api/chat` shape: arguments as objects, tool results without ids. */
function ollamaBody(request: HaChatRequest) {
  const messages = request.messages.map((message) => {
    if (message.role === 'assistant' && message.tool_calls !== undefined)
      return {
        role: 'assistant',
        content: message.content ?? '',
        tool_calls: message.tool_calls.map((call) => ({
          function: { name: call.function.name, arguments: JSON.parse(call.function.arguments) as unknown },
        })),
      };
    if (message.role === 'tool') return { role: 'tool', content: message.content };
    return { role: message.role, content: typeof message.content === 'string' ? message.content : '' };
  });
  return { model: 'HA-Assist', messages, tools: request.tools, stream: false };
}

async function sendOllama(harness: Harness, request: HaChatRequest): Promise<Step> {
  const response = await harness.app.fetch(
    new Request('http://hearth.test/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ollamaBody(request)),
    }),
  );
  const json = (await response.json()) as {
    message?: { content: string; tool_calls?: { function: { name: string; arguments: Record<string, unknown> } }[] };
    error?: unknown;
  };
  if (response.status !== 200)
    return { error: String((json.error as { code?: string } | undefined)?.code ?? json.error) };
  const calls = (json.message!.tool_calls ?? []).map((call, i) => ({
    id: `ollama_${i}`,
    name: call.function.name,
    raw: JSON.stringify(call.function.arguments),
    arguments: call.function.arguments,
  }));
  return calls.length > 0 ? { calls } : { answer: json.message!.content };
}

/**
 * Plays `row`: every read it expects must be exactly the call sent, and is answered with its result; what comes after
 * the last one must be the row's outcome. Returns how many model turns it took.
 */
async function converse(row: ListRow, options: { withModel?: boolean; ollama?: boolean } = {}): Promise<number> {
  const harness = harnessOf(row, options.withModel === true);
  const send = options.ollama === true ? sendOllama : sendOpenAi;
  let request = row.request;
  for (const read of row.reads) {
    const step = await send(harness, request);
    assert.ok('calls' in step, `${row.text}: expected ${read.call.name}, got ${JSON.stringify(step)}`);
    assert.deepEqual(
      step.calls.map(({ name, arguments: args }) => ({ name, arguments: args })),
      [read.call],
      row.text,
    );
    const [sent] = step.calls;
    request = withResult(
      request,
      { id: sent!.id, name: sent!.name, arguments: sent!.raw },
      JSON.stringify(read.result),
    );
  }
  const last = await send(harness, request);
  const outcome: Outcome =
    'calls' in last ? { calls: last.calls.map(({ name, arguments: a }) => ({ name, arguments: a })) } : last;
  // With a model, what is not answered here (the model's turn, or the question which one) is the model's answer.
  const isModels = row.outcome === TO_MODEL || asksWhich(row);
  const expected = options.withModel === true && isModels ? { answer: 'model says' } : row.outcome;
  assert.deepEqual(outcome, expected, row.text);
  return harness.gemma.turns.length;
}

/** True when the row asks which one (no read, an answer). */
const asksWhich = (row: ListRow) => row.reads.length === 0 && 'answer' in row.outcome;

describe('list and calendar questions: the family', () => {
  it('has list and calendar rows in English and German, over every home shape, with every kind of result', () => {
    assert.ok(LISTS.length >= 150, `${LISTS.length} list rows`);
    assert.ok(CALENDARS.length >= 150, `${CALENDARS.length} calendar rows`);
    assert.equal(
      new Set(ALL.map((row) => JSON.stringify(row.request.messages) + row.request.tools.length)).size,
      ALL.length,
    );
    for (const language of ['en', 'de'])
      for (const rows of [LISTS, CALENDARS]) {
        const mine = rows.filter((row) => row.language === language);
        for (const result of ['items', 'empty', 'failure'])
          assert.ok(
            mine.some((row) => row.result === result),
            `${language} ${result}`,
          );
        assert.ok(mine.some(asksWhich), `${language}: a question which one`);
        assert.ok(
          mine.some((row) => row.outcome === TO_MODEL),
          `${language}: the model`,
        );
      }
    for (const language of ['en', 'de'])
      for (const rows of [LISTS, CALENDARS])
        assert.ok(
          rows.some((row) => row.language === language && row.family === 'choice' && row.reads.length > 0),
          `${language}: a reply to the question which one`,
        );
    assert.ok(LISTS.some((row) => row.result === 'many'));
    assert.ok(CALENDARS.some((row) => row.result === 'all-day'));
    assert.ok(
      CALENDARS.some((row) => row.reads.length === 2),
      'GetDateTime before tomorrow',
    );
    assert.ok(
      ALL.some((row) => row.reads.some((read) => read.call.name.includes('__'))),
      'prefixed tool names',
    );
  });
});

describe('list and calendar questions without a model', () => {
  it(`list questions: the exact todo_get_items call, then the exact answer (${LISTS.length} rows)`, async () => {
    for (const row of LISTS) await converse(row);
  });
  it(`calendar questions: the exact calendar_get_events call, then the exact answer (${CALENDARS.length} rows)`, async () => {
    for (const row of CALENDARS) await converse(row);
  });
  it(`questions that need judgement, name a list nobody has, or say no day go to the model (${JUDGEMENT.length} rows)`, async () => {
    for (const row of JUDGEMENT) await converse(row);
  });
  it(`without the tools (an older Home Assistant), the same questions go to the model (${WITHOUT_TOOL.length} rows)`, async () => {
    for (const row of WITHOUT_TOOL) await converse(row);
  });
  it(`asked for yes or no, or one word, the same questions go to the model (${ANSWER_FORM.length} rows)`, async () => {
    for (const row of ANSWER_FORM) await converse(row);
  });
});

describe('list and calendar questions with a model configured', () => {
  const sample = ALL.filter((_, i) => i % 9 === 0);
  it(`the model is never asked what is answered here, and always asked otherwise (${sample.length} rows)`, async () => {
    for (const row of sample) {
      const turns = await converse(row, { withModel: true });
      const isModels = row.outcome === TO_MODEL || asksWhich(row);
      assert.equal(turns, isModels ? 1 : 0, row.text);
    }
  });
  it("a question which one is the model's to settle: it answers, and HA-Assist does not ask", async () => {
    const which = ALL.filter(asksWhich).slice(0, 12);
    assert.ok(which.length >= 6);
    for (const row of which) assert.equal(await converse(row, { withModel: true }), 1);
  });
});

describe('list and calendar questions in Ollama’s shape', () => {
  it('the same calls and answers over /api/chat', async () => {
    const sample = [...LISTS, ...CALENDARS].filter((row) => row.reads.length > 0).filter((_, i) => i % 15 === 0);
    assert.ok(sample.length >= 20, `${sample.length} rows`);
    for (const row of sample) await converse(row, { ollama: true });
  });
});
