// What HA-Assist says about a to-do list's items and a calendar's events, per language (a declarative table).
// A language without a table is answered in English, as answer-words.ts does.

import { answerWordsFor } from './answer-words.ts';

/** The day an event is on, as the answer says it: today, tomorrow, or a weekday (0 = Sunday). */
export type SaidDay = { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'weekday'; day: number };

/** When an event is, as the answer says it (the day only in a week's answer). */
export type SaidWhen =
  | { kind: 'all-day'; day?: SaidDay; lastDay?: SaidDay }
  | { kind: 'at'; time: string; day?: SaidDay }
  | { kind: 'from-to'; from: string; to: string; day?: SaidDay }
  | { kind: 'until'; time: string; day?: SaidDay }
  /** An event of several days, on the day asked, from when it begins. */
  | { kind: 'from'; time: string; day?: SaidDay }
  /** An event of several days in a week's answer (or today's, when the date is unknown): both ends with their days. */
  | { kind: 'span'; from: string; fromDay: SaidDay; to: string; toDay: SaidDay };

/** The period a calendar question asked about. */
export type Period = 'today' | 'tomorrow' | 'week';

/** One language's words for list and calendar answers. */
export interface ListQuestionWords {
  /** "milk, eggs and bread" (with "and 12 more" for what is left out). */
  items(items: readonly string[], more: number): string;
  /** "On the Shopping List: milk, eggs and bread." */
  onList(list: string, items: string): string;
  /** "The Shopping List is empty." */
  emptyList(list: string): string;
  /** "Done on the Shopping List: milk and eggs." */
  doneOnList(list: string, items: string): string;
  /** "Nothing on the Shopping List is done yet." */
  noneDone(list: string): string;
  /** "Dentist at 10:00", "Holiday (all day)". */
  event(summary: string, when: SaidWhen): string;
  /** An event without a summary. */
  readonly untitled: string;
  /** "Today on the Family calendar: Dentist at 10:00 and Team call from 14:00 to 15:00." */
  onCalendar(calendar: string, period: Period, events: string): string;
  /** "Nothing is on the Family calendar today." */
  emptyCalendar(calendar: string, period: Period): string;
  /** "Sorry, I could not read the Shopping List." (Home Assistant's own words for why are English; never repeated) */
  listFailed(list: string): string;
  calendarFailed(calendar: string): string;
  /** "Which one do you mean: the Shopping List or the Grocery List?" */
  whichList(lists: readonly string[]): string;
  whichCalendar(calendars: readonly string[]): string;
}

/** The most items or events an answer names; the rest are counted ("and 12 more"). */
export const MAX_SAID = 20;

const ENGLISH_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const GERMAN_DAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

/** "the Shopping List", "the Tasks list": a name that is no list noun gets one. */
const englishList = (name: string) => (/\blist$/iu.test(name) ? `the ${name}` : `the ${name} list`);
const englishCalendar = (name: string) => (/\bcalendar$/iu.test(name) ? `the ${name}` : `the ${name} calendar`);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A day without its preposition, after "from" or "von": "Monday", "today". */
const bare = (day: string) => day.replace(/^(on|am) /u, '');

/** "on Monday", "today", "tomorrow". */
function englishDay(day: SaidDay): string {
  return day.kind === 'weekday' ? `on ${ENGLISH_DAYS[day.day]}` : day.kind;
}

function englishEvent(summary: string, when: SaidWhen): string {
  const day = !('day' in when) || when.day === undefined ? '' : ` ${englishDay(when.day)}`;
  switch (when.kind) {
    case 'all-day':
      return when.lastDay === undefined || when.day === undefined
        ? `${summary}${day} (all day)`
        : `${summary} from ${bare(englishDay(when.day))} to ${bare(englishDay(when.lastDay))} (all day)`;
    case 'at':
      return `${summary}${day} at ${when.time}`;
    case 'from-to':
      return `${summary}${day} from ${when.from} to ${when.to}`;
    case 'until':
      return `${summary}${day} until ${when.time}`;
    case 'from':
      return `${summary}${day} from ${when.time}`;
    case 'span':
      return `${summary} from ${bare(englishDay(when.fromDay))} ${when.from} to ${bare(englishDay(when.toDay))} ${when.to}`;
  }
}

const ENGLISH_PERIOD: Readonly<Record<Period, [string, string]>> = {
  today: ['Today', 'today'],
  tomorrow: ['Tomorrow', 'tomorrow'],
  week: ['This week', 'this week'],
};

const ENGLISH: ListQuestionWords = {
  items: (items, more) => answerWordsFor('en').list(more > 0 ? [...items, `${more} more`] : items, 'and'),
  onList: (list, items) => `On ${englishList(list)}: ${items}.`,
  emptyList: (list) => `${capital(englishList(list))} is empty.`,
  doneOnList: (list, items) => `Done on ${englishList(list)}: ${items}.`,
  noneDone: (list) => `Nothing on ${englishList(list)} is done yet.`,
  event: englishEvent,
  untitled: 'an event',
  onCalendar: (calendar, period, events) => `${ENGLISH_PERIOD[period][0]} on ${englishCalendar(calendar)}: ${events}.`,
  emptyCalendar: (calendar, period) => `Nothing is on ${englishCalendar(calendar)} ${ENGLISH_PERIOD[period][1]}.`,
  listFailed: (list) => `Sorry, I could not read ${englishList(list)}.`,
  calendarFailed: (calendar) => `Sorry, I could not read ${englishCalendar(calendar)}.`,
  whichList: (lists) => `Which one do you mean: ${answerWordsFor('en').list(lists.map(englishList), 'or')}?`,
  whichCalendar: (calendars) =>
    `Which one do you mean: ${answerWordsFor('en').list(calendars.map(englishCalendar), 'or')}?`,
};

/** "der Einkaufsliste", "der Liste Aufgaben" (the dative after "auf"). */
const germanList = (name: string) => (/liste$/iu.test(name) ? `der ${name}` : `der Liste ${name}`);
/** "die Einkaufsliste", "die Liste Aufgaben" (nominative and accusative). */
const germanListAs = (name: string) => (/liste$/iu.test(name) ? `die ${name}` : `die Liste ${name}`);
/** "im Familienkalender", "im Kalender Familie". */
const germanCalendar = (name: string) => (/kalender$/iu.test(name) ? `im ${name}` : `im Kalender ${name}`);

/** "am Montag", "heute", "morgen". */
function germanDay(day: SaidDay): string {
  if (day.kind === 'weekday') return `am ${GERMAN_DAYS[day.day]}`;
  return day.kind === 'today' ? 'heute' : 'morgen';
}

function germanEvent(summary: string, when: SaidWhen): string {
  const day = !('day' in when) || when.day === undefined ? '' : ` ${germanDay(when.day)}`;
  switch (when.kind) {
    case 'all-day':
      return when.lastDay === undefined || when.day === undefined
        ? `${summary}${day} (ganztägig)`
        : `${summary} von ${bare(germanDay(when.day))} bis ${bare(germanDay(when.lastDay))} (ganztägig)`;
    case 'at':
      return `${summary}${day} um ${when.time} Uhr`;
    case 'from-to':
      return `${summary}${day} von ${when.from} bis ${when.to} Uhr`;
    case 'until':
      return `${summary}${day} bis ${when.time} Uhr`;
    case 'from':
      return `${summary}${day} ab ${when.time} Uhr`;
    case 'span':
      return `${summary} von ${bare(germanDay(when.fromDay))} ${when.from} Uhr bis ${bare(germanDay(when.toDay))} ${when.to} Uhr`;
  }
}

const GERMAN_PERIOD: Readonly<Record<Period, [string, string]>> = {
  today: ['Heute', 'heute'],
  tomorrow: ['Morgen', 'morgen'],
  week: ['Diese Woche', 'diese Woche'],
};

const GERMAN: ListQuestionWords = {
  items: (items, more) => answerWordsFor('de').list(more > 0 ? [...items, `${more} weitere`] : items, 'and'),
  onList: (list, items) => `Auf ${germanList(list)}: ${items}.`,
  emptyList: (list) => `${capital(germanListAs(list))} ist leer.`,
  doneOnList: (list, items) => `Erledigt auf ${germanList(list)}: ${items}.`,
  noneDone: (list) => `Auf ${germanList(list)} ist noch nichts erledigt.`,
  event: germanEvent,
  untitled: 'ein Termin',
  onCalendar: (calendar, period, events) => `${GERMAN_PERIOD[period][0]} ${germanCalendar(calendar)}: ${events}.`,
  emptyCalendar: (calendar, period) => `${GERMAN_PERIOD[period][0]} steht nichts ${germanCalendar(calendar)}.`,
  listFailed: (list) => `${capital(germanListAs(list))} konnte ich leider nicht lesen.`,
  calendarFailed: (calendar) => `Den Kalender ${calendar} konnte ich leider nicht lesen.`,
  whichList: (lists) => `Welche meinst du: ${answerWordsFor('de').list(lists.map(germanListAs), 'or')}?`,
  whichCalendar: (calendars) =>
    `Welchen meinst du: ${answerWordsFor('de').list(
      calendars.map((calendar) => (/kalender$/iu.test(calendar) ? `den ${calendar}` : `den Kalender ${calendar}`)),
      'or',
    )}?`,
};

const TABLES: Readonly<Record<string, ListQuestionWords>> = { en: ENGLISH, de: GERMAN };

/** The words of `language`; English for a language without a table. */
export function listQuestionWordsFor(language: string): ListQuestionWords {
  return Object.hasOwn(TABLES, language) ? TABLES[language]! : ENGLISH;
}
