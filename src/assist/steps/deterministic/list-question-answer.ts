// Saying what Home Assistant's todo_get_items and calendar_get_events returned: the items of a list, the events of a
// calendar, in the request's language.
//
// The shapes, from Home Assistant's own code (homeassistant/components/todo/llm.py and calendar/llm.py, and the
// services they call):
// - todo_get_items: `{"success": true, "result": [item…]}`, an item being the to-do item's fields without the empty
//   ones, values as strings: `summary`, `uid`, `status` (`needs_action`/`completed`), `due` (a date or a date-time),
//   `description`. The tool already keeps only the items of the status asked for.
// - calendar_get_events: `{"success": true, "result": [event…]}`, an event being `summary`, `start`, `end`, and
//   `description`, `location` when set; `start`/`end` are ISO dates (an all-day event, which the tool marks
//   `"all_day": true`) or ISO date-times in the calendar's time zone, `end` exclusive (RFC 5545). Range `today` runs
//   from now to the end of the day, `week` from now to the end of the sixth day after today.
// - either may fail: `{"success": false, "error": "To-do list not found"}` / `"Calendar not found"`.

import { isRecord } from '../../../common/index.ts';
import type { ToolResult } from '../../understand/index.ts';
import { MAX_SAID, type ListQuestionWords, type Period, type SaidDay, type SaidWhen } from './list-question-words.ts';

/** What a result comes to: the sentence, or why it cannot be read (then nothing is said about its items). */
export type ReadAnswer = { kind: 'answer'; text: string } | { kind: 'unreadable'; reason: string };

/** The answer to "what's on the list" (`completed`: "what is done on it") from a todo_get_items result. */
export function answerItems(
  result: ToolResult,
  list: string,
  status: 'needs_action' | 'completed',
  words: ListQuestionWords,
): ReadAnswer {
  const body = result.body;
  if (body.kind === 'failure') return { kind: 'answer', text: words.listFailed(list) };
  if (body.kind !== 'success' || !Array.isArray(body.result))
    return { kind: 'unreadable', reason: 'the to-do list result is not a list of items' };
  const items = body.result.filter(isRecord).map((item) => (typeof item.summary === 'string' ? item.summary : ''));
  if (items.length !== body.result.length || items.some((item) => item.trim() === ''))
    return { kind: 'unreadable', reason: 'an item of the to-do list result has no summary' };
  if (items.length === 0)
    return { kind: 'answer', text: status === 'completed' ? words.noneDone(list) : words.emptyList(list) };
  const said = words.items(items.slice(0, MAX_SAID), Math.max(0, items.length - MAX_SAID));
  return { kind: 'answer', text: status === 'completed' ? words.doneOnList(list, said) : words.onList(list, said) };
}

/** An event as read: its summary and its bounds as local date and `HH:MM` (none for an all-day event). */
interface Event {
  summary: string;
  start: Moment;
  end: Moment;
  allDay: boolean;
}

/** A date (`YYYY-MM-DD`) and, for a timed event, the time of day as written (`HH:MM`). */
interface Moment {
  date: string;
  time?: string;
}

/**
 * The answer to "what's on the calendar" for `period` from a calendar_get_events result. `today` is the date the
 * request gives (`YYYY-MM-DD`), if any: for `tomorrow` it is required (the week's events are kept to tomorrow's),
 * and it says "today" and "tomorrow" in a week's answer instead of the weekday.
 */
export function answerEvents(
  result: ToolResult,
  calendar: string,
  period: Period,
  today: string | undefined,
  words: ListQuestionWords,
): ReadAnswer {
  const body = result.body;
  if (body.kind === 'failure') return { kind: 'answer', text: words.calendarFailed(calendar) };
  if (body.kind !== 'success' || !Array.isArray(body.result))
    return { kind: 'unreadable', reason: 'the calendar result is not a list of events' };
  const events = body.result.map(readEvent);
  if (events.some((event) => event === undefined))
    return { kind: 'unreadable', reason: 'an event of the calendar result has no readable start' };
  if (period === 'tomorrow' && today === undefined)
    return { kind: 'unreadable', reason: "tomorrow's events need today's date" };
  const tomorrow = today === undefined ? undefined : addDays(today, 1);
  const kept = (events as Event[]).filter((event) => period !== 'tomorrow' || overlaps(event, tomorrow!));
  if (kept.length === 0) return { kind: 'answer', text: words.emptyCalendar(calendar, period) };
  const said = kept.map((event) => words.event(event.summary || words.untitled, whenOf(event, period, today)));
  const text = words.items(said.slice(0, MAX_SAID), Math.max(0, said.length - MAX_SAID));
  return { kind: 'answer', text: words.onCalendar(calendar, period, text) };
}

/** When `event` is, as said for `period`: its times on the day asked about, and its day in a week's answer. */
function whenOf(event: Event, period: Period, today: string | undefined): SaidWhen {
  const inWeek = period === 'week';
  const day = inWeek ? sayDay(event.start.date, today) : undefined;
  if (event.allDay) {
    // The end of an all-day event is the day after its last.
    const last = addDays(event.end.date, -1);
    if (!inWeek || last <= event.start.date) return definedDay({ kind: 'all-day' }, day);
    return { kind: 'all-day', day: day!, lastDay: sayDay(last, today) };
  }
  const start = spoken(event.start.time!);
  const end = spoken(event.end.time!);
  // An event that ends at midnight ends on the day it began.
  const endsAtMidnight = event.end.time === '00:00' && event.end.date === addDays(event.start.date, 1);
  if (event.end.date === event.start.date || endsAtMidnight)
    return end === start && !endsAtMidnight
      ? definedDay({ kind: 'at', time: start }, day)
      : definedDay({ kind: 'from-to', from: start, to: end }, day);
  // Over several days. For one day asked: how the event lies on it; else both ends with their days.
  const dayAsked = period === 'today' ? today : period === 'tomorrow' ? addDays(today!, 1) : undefined;
  if (dayAsked === undefined)
    return {
      kind: 'span',
      from: start,
      fromDay: sayDay(event.start.date, today),
      to: end,
      toDay: sayDay(event.end.date, today),
    };
  if (event.start.date >= dayAsked) return { kind: 'from', time: start };
  return event.end.date > dayAsked ? { kind: 'all-day' } : { kind: 'until', time: end };
}

function definedDay<T extends SaidWhen>(when: T, day: SaidDay | undefined): T {
  return day === undefined ? when : { ...when, day };
}

/** "today", "tomorrow" (when today's date is known), or the weekday of `date`. */
function sayDay(date: string, today: string | undefined): SaidDay {
  if (today !== undefined && date === today) return { kind: 'today' };
  if (today !== undefined && date === addDays(today, 1)) return { kind: 'tomorrow' };
  return { kind: 'weekday', day: utcOf(date).getUTCDay() };
}

/** True when `event` takes up some of `day` (its end is exclusive). */
function overlaps(event: Event, day: string): boolean {
  const next = addDays(day, 1);
  const startKey = keyOf(event.start);
  const endKey = keyOf(event.end);
  return startKey < `${next}T00:00` && (endKey > `${day}T00:00` || startKey >= `${day}T00:00`);
}

/** "09:05" is said "9:05", as the time answer says it. */
const spoken = (time: string) => time.replace(/^0(?=\d)/u, '');

const keyOf = (moment: Moment) => `${moment.date}T${moment.time ?? '00:00'}`;

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?/u;

function readMoment(value: unknown): Moment | undefined {
  const match = typeof value === 'string' ? ISO.exec(value) : null;
  if (match === null) return undefined;
  const [, date, hours, minutes] = match;
  return hours === undefined ? { date: date! } : { date: date!, time: `${hours}:${minutes}` };
}

function readEvent(value: unknown): Event | undefined {
  if (!isRecord(value)) return undefined;
  const start = readMoment(value.start);
  if (start === undefined) return undefined;
  const end = readMoment(value.end) ?? start;
  const allDay = value.all_day === true || start.time === undefined;
  const summary = typeof value.summary === 'string' ? value.summary.trim() : '';
  // An all-day event's end is a date; a timed event with a date-only end ends at that midnight.
  const timedEnd = end.time === undefined && !allDay ? { date: end.date, time: '00:00' } : end;
  return { summary, start, end: allDay ? { date: end.date } : timedEnd, allDay };
}

function utcOf(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** `date` (`YYYY-MM-DD`) moved by `days`. */
function addDays(date: string, days: number): string {
  const moved = utcOf(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
