// A sensitive question belongs to whoever was asked (issue 24, "a yes from someone else"): generated conversations
// over seeded homes, each played against the app on loopback with the official clients (openai's Chat Completions
// and Responses, ollama's chat), every answer checked exactly.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ollama, type ChatResponse, type Message as OllamaMessage } from 'ollama';
import OpenAI from 'openai';
import { listen } from '../../src/cli/listen.ts';
import { textOf } from '../../src/conversation/index.ts';
import { buildHaRequest, type HaChatMessage, type HaChatRequest } from '../../src/homeassistant/request/index.ts';
import { chatToResponses, responseToChat } from '../fixtures/chat-to-responses.ts';
import { officialGrammar } from '../fixtures/grammar.ts';
import { createHarness, type Harness } from '../server/app-harness.ts';
import {
  type Expect,
  type IdentityRow,
  identityRows,
  type Party,
  type Step,
  type Surface,
} from './confirm-identity-rows.ts';

/** What came back, whatever the surface: the text, the calls (arguments parsed) and HA-Assist's metrics. */
interface Answer {
  content: string;
  calls: { name: string; arguments: Record<string, unknown> }[];
  metrics: { ha_plan?: { confirmation?: string }; ha_route?: { inference_calls?: number } };
}

/** The clients of one surface, pointed at the app on loopback. */
type Send = (body: HaChatRequest) => Promise<Answer>;

/** The request `step` sends, as Home Assistant builds it: the party's prompt, then the visible history. */
function requestOf(row: IdentityRow, step: Step, index: number, answers: readonly Answer[]): HaChatRequest {
  // Home Assistant renders the prompt again every round: the time moves on by a minute per request.
  const now = { date: '2026-03-14', time: `18:${String(40 + index).padStart(2, '0')}:07` };
  const { by } = step;
  const history: HaChatMessage[] = [];
  if (step.act === 'reply') {
    const asked = row.steps[step.to]!;
    history.push({ role: 'user', content: asked.text }, { role: 'assistant', content: answers[step.to]!.content });
  }
  const body = buildHaRequest(row.home, {
    userText: step.text,
    era: row.era,
    now,
    history,
    ...(by.satelliteArea === undefined ? {} : { satelliteArea: by.satelliteArea }),
    ...(by.instructions === undefined ? {} : { instructions: by.instructions.replace('{time}', now.time) }),
    ...(by.conversationId === undefined ? {} : { conversationId: by.conversationId }),
  });
  return carryId(body, by);
}

/** The body with the party's id where its client puts it: `user`, or Local OpenAI LLM's `metadata.session_id`. */
function carryId(body: HaChatRequest, by: Party): HaChatRequest {
  const { user: _user, ...rest } = body;
  if (by.conversationId === undefined) return rest;
  if (by.asSessionId) return { ...rest, metadata: { session_id: by.conversationId } } as HaChatRequest;
  return { ...rest, user: by.conversationId };
}

/** How each surface's official client sends a Home Assistant body and reads the answer. */
function sender(surface: Surface, url: string): Send {
  const openai = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'not-needed', maxRetries: 0 });
  switch (surface) {
    case 'chat':
      return async (body) => {
        const completion = await openai.chat.completions.create(
          body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
        );
        return answerOf(completion.choices[0]!.message, completion);
      };
    case 'responses':
      return async (body) => {
        const chat = responseToChat(await openai.responses.create(chatToResponses(body as never)));
        return answerOf(chat.choices[0]!.message, chat);
      };
    case 'ollama': {
      const ollama = new Ollama({ host: url });
      return async (body) => {
        const response = (await ollama.chat({ ...toOllama(body), stream: false })) as ChatResponse & {
          metrics: Answer['metrics'];
        };
        const calls = (response.message.tool_calls ?? []).map((call) => ({ ...call.function }));
        return { content: response.message.content, calls, metrics: response.metrics };
      };
    }
  }
}

/** An OpenAI-shaped message (Chat Completions, or a response read as one) as an answer. */
function answerOf(message: { content: string | null; tool_calls?: unknown[] }, whole: unknown): Answer {
  const calls = ((message.tool_calls ?? []) as { function: { name: string; arguments: string } }[]).map((call) => ({
    name: call.function.name,
    arguments: JSON.parse(call.function.arguments) as Record<string, unknown>,
  }));
  return { content: message.content ?? '', calls, metrics: (whole as { metrics: Answer['metrics'] }).metrics };
}

/** The Ollama form of the body, as Home Assistant's Ollama integration sends it: no conversation id at all. */
function toOllama(body: HaChatRequest): { model: string; messages: OllamaMessage[]; tools: never } {
  const messages = body.messages.map(
    (message): OllamaMessage => ({
      role: message.role,
      content: typeof message.content === 'string' ? message.content : '',
    }),
  );
  return { model: 'ha-assist:latest', messages, tools: body.tools as never };
}

/** Checks one answer against what the row expects, counting the model calls it made. */
function check(harness: Harness, step: Step, answer: Answer, modelTurnsBefore: number, where: string): void {
  const expect: Expect = step.expect;
  const modelTurns = harness.gemma.turns.length - modelTurnsBefore;
  switch (expect.kind) {
    case 'question':
      assert.deepEqual(answer.calls, [], `${where}: nothing is sent on the question`);
      if (expect.text !== undefined) assert.equal(answer.content, expect.text, where);
      assert.equal(answer.metrics.ha_plan?.confirmation, 'asked', where);
      assert.equal(modelTurns, 0, where);
      return;
    case 'calls':
      assert.deepEqual(answer.calls, expect.calls, where);
      assert.equal(answer.metrics.ha_plan?.confirmation, 'confirmed', where);
      assert.equal(answer.metrics.ha_route?.inference_calls, 0, where);
      assert.equal(modelTurns, 0, where);
      return;
    case 'answer':
      assert.deepEqual([answer.content, answer.calls, modelTurns], [expect.text, [], 0], where);
      assert.equal(answer.metrics.ha_plan?.confirmation, 'cancelled', where);
      return;
    case 'fresh': {
      assert.deepEqual([answer.content, answer.calls, modelTurns], ['ok from gemma', [], 1], where);
      assert.equal(answer.metrics.ha_plan?.confirmation, undefined, `${where}: no question of ours was answered`);
      const seen = harness.gemma.turns.at(-1)!.messages.findLast((message) => message.role === 'user');
      assert.equal(textOf(seen!.content), step.text, `${where}: the model got the sentence as it was said`);
      return;
    }
  }
}

/** Plays `row` against a fresh app on loopback: every step's answer is exactly what the row expects. */
async function play(row: IdentityRow): Promise<void> {
  const harness = createHarness(row.language === 'de' ? { grammar: officialGrammar('de') } : {});
  const server = await listen(harness.app, '127.0.0.1', 0);
  try {
    const send = sender(row.surface, server.url);
    const answers: Answer[] = [];
    for (const [index, step] of row.steps.entries()) {
      const before = harness.gemma.turns.length;
      const answer = await send(requestOf(row, step, index, answers));
      check(harness, step, answer, before, `${row.name}, step ${index} (${step.act} "${step.text}")`);
      answers.push(answer);
    }
  } finally {
    await server.close();
  }
}

for (const surface of ['chat', 'responses', 'ollama'] as const) {
  describe(`a confirmation belongs to whoever was asked, over ${surface}`, () => {
    const rows = identityRows(surface);

    it('has at least 25 generated conversations, of every kind', () => {
      assert.ok(rows.length >= 25, `${rows.length} rows`);
      const kinds = new Set(rows.map((row) => row.kind));
      assert.equal(kinds.has('other-id'), surface !== 'ollama');
      for (const kind of ['same', 'other-satellite', 'other-agent', 'twice', 'german-yes', 'german-no'] as const)
        assert.ok(kinds.has(kind), kind);
    });

    for (const row of rows) it(row.name, () => play(row));
  });
}
