// Questions about to-do lists and calendars, answered through Home Assistant's todo_get_items and calendar_get_events:
// the question is recognised (list-question-recognize.ts), the list or calendar picked, the tool called, and the
// items or events it returns said (list-question-answer.ts) when the result comes back in the next request.

import { isRecord } from '../../../common/index.ts';
import type { Candidate } from '../../diagnostics/index.ts';
import { findTool, type HaRequest, type OfferedTool, type ToolResult } from '../../understand/index.ts';
import type { Decision, GenerativeDecision } from './decision.ts';
import type { DeterministicContext } from './deterministic-context.ts';
import { answerEvents, answerItems, type ReadAnswer } from './list-question-answer.ts';
import { type Asked, type ListQuestion, recognizeChoice, recognizeListQuestion } from './list-question-recognize.ts';
import { LIST_QUESTION_TABLES } from './list-question-table.ts';
import { listQuestionWordsFor, type ListQuestionWords } from './list-question-words.ts';

/** The decision of a list or calendar question, or undefined when the sentence is none. */
export function decideListQuestion(context: DeterministicContext): Decision | undefined {
  const { request } = context;
  const language = context.grammar.language;
  const tools: Tools = {
    todo: findTool(request.tools, 'todo_get_items'),
    calendar: findTool(request.tools, 'calendar_get_events'),
  };
  // The names the tools take; without the list tool (or its enum), the catalogue's lists, so that the question is
  // still recognised (and handed to the model when the tool is missing). Calendars are only ever in the enum.
  const names: Names = {
    list: enumOf(tools.todo, 'todo_list') ?? todoEntities(request).flatMap(namesOf),
    calendar: enumOf(tools.calendar, 'calendar') ?? [],
  };
  const grammar = context.listGrammars.of(language);
  const question = recognizeListQuestion(request.userText, grammar, names.list, names.calendar);
  if (question !== undefined) return decideQuestion(question, context, tools, names);
  // "The Tasks list": the reply to HA-Assist's own question which one, asked in the turn before.
  const chosen = readChoice(context, names);
  return chosen === undefined ? undefined : decideQuestion(chosen, context, tools, names);
}

/** The tools a question is read with, when the request offers them. */
interface Tools {
  todo: OfferedTool | undefined;
  calendar: OfferedTool | undefined;
}

/** The names of the lists and calendars the tools take (their enums). */
interface Names {
  list: readonly string[];
  calendar: readonly string[];
}

function decideQuestion(question: ListQuestion, context: DeterministicContext, tools: Tools, names: Names): Decision {
  const { request } = context;
  // "Do I have any appointments today? Just yes or no": the items are not the form asked for; the model may judge.
  const form = request.answerForm?.form;
  if (form === 'yes-no' || form === 'one-word') return handOver(`a ${question.kind} question asked for ${form}`);
  const words = listQuestionWordsFor(context.grammar.language);
  const tool = question.kind === 'list' ? tools.todo : tools.calendar;
  const canonical = question.kind === 'list' ? 'todo_get_items' : 'calendar_get_events';
  if (tool === undefined || request.toolChoice === 'none')
    return handOver(`a ${question.kind} question, and the request offers no ${canonical} tool`);
  const picked = pickFor(question, context, names);
  if (picked.kind === 'none') return handOver(picked.reason);
  if (picked.kind === 'several') return askWhich(question, picked.names, words);
  return question.kind === 'list'
    ? decideRead(request, tool, { todo_list: picked.name, status: question.status }, (result) =>
        answerItems(result, picked.name, question.status, words),
      )
    : decideCalendar(request, tool, question, picked.name, words);
}

function pickFor(question: ListQuestion, context: DeterministicContext, names: Names): Picked {
  return question.kind === 'list'
    ? pickList(question.asked, names.list, context)
    : pickCalendar(question.asked, names.calendar);
}

/**
 * The question of the turn before, now about the list or calendar the sentence names, when HA-Assist's answer to it
 * was exactly its question which one, and the sentence names exactly one of the lists or calendars it asked between.
 */
function readChoice(context: DeterministicContext, names: Names): ListQuestion | undefined {
  const { entries, currentUserIndex } = context.request.history;
  const at = entries.findIndex((entry) => entry.kind === 'user' && entry.index === currentUserIndex);
  const asked = entries[at - 1];
  const before = entries[at - 2];
  if (asked?.kind !== 'assistant' || before?.kind !== 'user') return undefined;
  const language = context.grammar.language;
  const grammar = context.listGrammars.of(language);
  const earlier = recognizeListQuestion(before.text, grammar, names.list, names.calendar);
  const picked = earlier === undefined ? undefined : pickFor(earlier, context, names);
  if (earlier === undefined || picked?.kind !== 'several') return undefined;
  const words = listQuestionWordsFor(language);
  const question = earlier.kind === 'list' ? words.whichList(picked.names) : words.whichCalendar(picked.names);
  if (asked.text.trim() !== question) return undefined;
  const name = recognizeChoice(context.request.userText, grammar, picked.names);
  return name === undefined ? undefined : { ...earlier, asked: { kind: 'named', names: [name] } };
}

/** The list or calendar a question is about, the names it could be, or why there is none. */
type Picked =
  | { kind: 'one'; name: string }
  | { kind: 'several'; names: readonly string[] }
  | { kind: 'none'; reason: string };

/**
 * The list asked about: the one named (a name the tool's enum has twice belongs to several lists, and is the model's);
 * for "my list" the only list; for "what do I need to buy" the one list whose name says shopping.
 */
function pickList(asked: Asked, offered: readonly string[], context: DeterministicContext): Picked {
  if (asked.kind === 'named') return pickNamed(asked.names, offered, 'list');
  // A list is an entity of the catalogue, under its name and aliases; without a catalogue, each name is one list.
  const entities = todoEntities(context.request)
    .map((entity) => namesOf(entity).filter((name) => offered.includes(name)))
    .filter((names) => names.length > 0);
  const lists = entities.length > 0 ? entities : [...new Set(offered)].map((name) => [name]);
  const shoppingWords = LIST_QUESTION_TABLES[context.grammar.language]?.shoppingWords ?? [];
  const fitting =
    asked.kind === 'only'
      ? lists
      : lists.filter((names) => names.some((name) => shoppingWords.some((word) => name.toLowerCase().includes(word))));
  if (fitting.length === 1) return { kind: 'one', name: fitting[0]![0]! };
  if (fitting.length > 1)
    return several(
      fitting.map((names) => names[0]!),
      'list',
    );
  return {
    kind: 'none',
    reason: asked.kind === 'only' ? 'no to-do list is offered' : 'no to-do list is a shopping list',
  };
}

/** The calendar asked about: the one named, or for "my calendar" the only name the tool offers. */
function pickCalendar(asked: Asked, offered: readonly string[]): Picked {
  if (asked.kind === 'named') return pickNamed(asked.names, offered, 'calendar');
  // Calendars are not in the catalogue: their names and aliases are only the enum's, so one name is one calendar.
  if (offered.length === 1) return { kind: 'one', name: offered[0]! };
  if (offered.length > 1) return several(offered, 'calendar');
  return { kind: 'none', reason: 'no calendar is offered' };
}

/** Several to ask between; when two of them share a name, no question could tell them apart: the model's. */
function several(names: readonly string[], what: string): Picked {
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) return { kind: 'none', reason: `several ${what}s are called "${twice}"` };
  return { kind: 'several', names };
}

function pickNamed(names: readonly string[], offered: readonly string[], what: string): Picked {
  if (names.length > 1) return { kind: 'several', names };
  const name = names[0]!;
  if (offered.filter((known) => known === name).length > 1)
    return { kind: 'none', reason: `several ${what}s are called "${name}"` };
  return { kind: 'one', name };
}

/**
 * A calendar question: for tomorrow, the week's events kept to tomorrow's, which needs today's date (read with
 * GetDateTime first when the prompt does not say it); for today and this week, the tool's range of the same name.
 */
function decideCalendar(
  request: HaRequest,
  tool: OfferedTool,
  question: ListQuestion & { kind: 'calendar' },
  calendar: string,
  words: ListQuestionWords,
): Decision {
  const today = todayOf(request);
  if (question.period === 'tomorrow' && today === undefined) {
    const clock = findTool(request.tools, 'GetDateTime');
    // Read once a turn: a date it did not give is not asked for again.
    if (clock === undefined || findCall(request, 'GetDateTime', () => true) !== undefined)
      return handOver("a question about tomorrow's events, and the request gives no date");
    return { kind: 'call', calls: [{ name: clock.name, arguments: '{}' }], plan: { kind: 'state', fetch: clock.name } };
  }
  const range = question.period === 'today' ? 'today' : 'week';
  return decideRead(request, tool, { calendar, range }, (result) =>
    answerEvents(result, calendar, question.period, today, words),
  );
}

/**
 * The read's call, or, once its result came back in this turn, the answer from it. A read already made in this turn
 * is never made again: a result HA-Assist cannot read goes to the model, never to a guess.
 */
function decideRead(
  request: HaRequest,
  tool: OfferedTool,
  args: Record<string, string>,
  answer: (result: ToolResult) => ReadAnswer,
): Decision {
  const same = (called: Record<string, unknown>) =>
    Object.entries(args).every(([key, value]) => (called[key] ?? DEFAULTS[key]) === value);
  const made = findCall(request, tool.canonicalName, same);
  if (made === undefined)
    return {
      kind: 'call',
      calls: [{ name: tool.name, arguments: JSON.stringify(args) }],
      plan: { kind: 'state', fetch: tool.name, arguments: args },
    };
  if (made.result === undefined) return handOver(`the ${tool.canonicalName} call of this turn has no result`);
  const answered = answer(made.result.result);
  if (answered.kind === 'unreadable') return handOver(answered.reason);
  return { kind: 'answer', text: answered.text, plan: { kind: 'state', arguments: args } };
}

/** What Home Assistant's tools take when an argument is left out (todo_get_items' `status`). */
const DEFAULTS: Readonly<Record<string, string>> = { status: 'needs_action' };

/** The newest call of `canonicalName` in this turn's tool rounds whose arguments `fits`. */
function findCall(request: HaRequest, canonicalName: string, fits: (args: Record<string, unknown>) => boolean) {
  for (const round of [...request.history.activeRounds].reverse())
    for (const call of [...round.calls].reverse())
      if (call.canonicalName === canonicalName && call.arguments !== undefined && fits(call.arguments)) return call;
  return undefined;
}

/** Today's date, from the prompt's date line or a GetDateTime result of this turn. */
function todayOf(request: HaRequest): string | undefined {
  if (request.dateTime !== undefined) return request.dateTime.date;
  const call = findCall(request, 'GetDateTime', () => true);
  const body = call?.result?.result.body;
  if (body?.kind !== 'success' || !isRecord(body.result)) return undefined;
  const { date } = body.result;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(date) ? date : undefined;
}

/** Several lists or calendars fit: which one is asked (a model, when there is one, must pick one). */
function askWhich(question: ListQuestion, names: readonly string[], words: ListQuestionWords): GenerativeDecision {
  const domain = question.kind === 'list' ? 'todo' : 'calendar';
  const candidates: Candidate[] = names.map((name) => ({ name, domain }));
  const reason = `several ${question.kind === 'list' ? 'to-do lists' : 'calendars'} fit the question`;
  return {
    kind: 'generative',
    reason,
    plan: { kind: 'ambiguous', candidates },
    candidates,
    intent: { match: 'none' },
    withoutModel: question.kind === 'list' ? words.whichList(names) : words.whichCalendar(names),
  };
}

function handOver(reason: string): GenerativeDecision {
  return { kind: 'generative', reason, plan: { kind: 'state', reason }, intent: { match: 'none' } };
}

/** The string values of a tool parameter's `enum`, or undefined when the tool or the enum is absent. */
function enumOf(tool: OfferedTool | undefined, parameter: string): string[] | undefined {
  const properties = tool?.parameters?.properties;
  const schema = isRecord(properties) ? properties[parameter] : undefined;
  const values = isRecord(schema) ? schema.enum : undefined;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : undefined;
}

const todoEntities = (request: HaRequest) => request.catalog?.entities.filter((e) => e.domain === 'todo') ?? [];
const namesOf = (entity: { name: string; aliases: readonly string[] }) => [entity.name, ...entity.aliases];
