// The list and calendar family: questions from frames (what is on a list, what is done, what is on a calendar today,
// tomorrow, this week; English and German) about the lists and calendars of generated homes, each with its exact
// conversation without a model: the read HA-Assist calls (after a GetDateTime read for tomorrow when the prompt has
// no date), the result Home Assistant sends back (items, events, nothing, a failure), and the exact answer; or the
// question which one, or the model. The answers are this file's own (an oracle), not the code's.

import {
  buildHaRequest,
  dateTimeResult,
  type HaChatMessage,
  type HaChatRequest,
  type HaEra,
  type Home,
  type ToolPrefixStyle,
} from '../../src/homeassistant/request/index.ts';
import type { Outcome, Sent } from './gate-rows.ts';
import {
  EVENTS,
  generateListHome,
  ITEMS,
  type Language,
  type ListHome,
  type Named,
  type Random,
  SHAPES,
  type Shape,
} from './list-calendar-homes.ts';

/** One read of the conversation: the call HA-Assist must make, and what Home Assistant answers. */
export interface Read {
  call: Sent;
  result: unknown;
}

/** A row: a question in a home, the reads it takes and what it ends in. */
export interface ListRow {
  text: string;
  language: Language;
  shape: Shape;
  family: 'list' | 'calendar' | 'judgement' | 'no-tool' | 'answer-form' | 'choice';
  home: Home;
  request: HaChatRequest;
  reads: Read[];
  outcome: Outcome;
  /** What the result was (for the family's coverage checks). */
  result?: 'items' | 'empty' | 'failure' | 'many' | 'all-day';
}

/** The model's turn (no model is configured): what a question not answered here comes to. */
export const TO_MODEL: Outcome = { error: 'backend_not_configured' };

/** Today in the generated requests: the 2025 prompt's date line and the GetDateTime result say it (a Saturday). */
const TODAY = '2026-03-14';
const NOW_TIME = '18:42:07';

type Period = 'today' | 'tomorrow' | 'week';
const PERIODS: readonly Period[] = ['today', 'tomorrow', 'week'];
type Target = 'named' | 'only' | 'shopping';
type Status = 'needs_action' | 'completed';

interface ListFrame {
  target: Target;
  status: Status;
  say(name: string): string;
}

interface CalendarFrame {
  target: 'named' | 'only';
  say(when: string, name: string): string;
}

/** A list's name as said: "the shopping list", "the tasks list" / "Einkaufsliste", "Liste Aufgaben". */
const saidList = (language: Language, name: string) =>
  language === 'en'
    ? `${name.toLowerCase()}${/list$/iu.test(name) ? '' : ' list'}`
    : /liste$/iu.test(name)
      ? name
      : `Liste ${name}`;

const saidCalendar = (language: Language, name: string) =>
  language === 'en'
    ? `${name.toLowerCase()}${/calendar$/iu.test(name) ? '' : ' calendar'}`
    : /kalender$/iu.test(name)
      ? `im ${name}`
      : `im Kalender ${name}`;

const LIST_FRAMES: Readonly<Record<Language, readonly ListFrame[]>> = {
  en: [
    { target: 'named', status: 'needs_action', say: (n) => `what's on my ${saidList('en', n)}` },
    { target: 'named', status: 'needs_action', say: (n) => `What is on the ${saidList('en', n)}?` },
    { target: 'named', status: 'needs_action', say: (n) => `read me the ${saidList('en', n)}` },
    { target: 'named', status: 'needs_action', say: (n) => `what items are on my ${n.toLowerCase()}` },
    { target: 'named', status: 'completed', say: (n) => `what is already done on the ${saidList('en', n)}` },
    { target: 'named', status: 'completed', say: (n) => `which items are completed on my ${n.toLowerCase()}` },
    { target: 'only', status: 'needs_action', say: () => "what's on my list" },
    { target: 'only', status: 'needs_action', say: () => 'read me my to-do list' },
    { target: 'only', status: 'completed', say: () => "what's already done on my list" },
    { target: 'shopping', status: 'needs_action', say: () => 'what do I need to buy' },
    { target: 'shopping', status: 'needs_action', say: () => 'What do we need from the store?' },
    { target: 'shopping', status: 'needs_action', say: () => "what's on my shopping list" },
    { target: 'shopping', status: 'needs_action', say: () => 'what is on the grocery list' },
    { target: 'shopping', status: 'completed', say: () => 'what did I already buy' },
    { target: 'shopping', status: 'completed', say: () => 'what have we bought already' },
  ],
  de: [
    { target: 'named', status: 'needs_action', say: (n) => `was steht auf meiner ${saidList('de', n)}` },
    {
      target: 'named',
      status: 'needs_action',
      say: (n) => `Welche Einträge stehen noch auf der ${saidList('de', n)}?`,
    },
    { target: 'named', status: 'needs_action', say: (n) => `lies mir meine ${saidList('de', n)} vor` },
    { target: 'named', status: 'completed', say: (n) => `was ist auf meiner ${saidList('de', n)} schon erledigt` },
    { target: 'named', status: 'completed', say: (n) => `welche Punkte sind auf der ${saidList('de', n)} abgehakt` },
    { target: 'only', status: 'needs_action', say: () => 'was steht auf meiner Liste' },
    { target: 'only', status: 'needs_action', say: () => 'lies mir meine To-do-Liste vor' },
    { target: 'only', status: 'completed', say: () => 'was ist auf meiner Liste schon erledigt' },
    { target: 'shopping', status: 'needs_action', say: () => 'was muss ich noch kaufen' },
    { target: 'shopping', status: 'needs_action', say: () => 'Was müssen wir einkaufen?' },
    { target: 'shopping', status: 'needs_action', say: () => 'was brauchen wir noch vom Supermarkt' },
    { target: 'shopping', status: 'needs_action', say: () => 'was steht auf meinem Einkaufszettel' },
    { target: 'shopping', status: 'completed', say: () => 'was habe ich schon gekauft' },
    { target: 'shopping', status: 'completed', say: () => 'was haben wir bereits gekauft' },
  ],
};

const CALENDAR_FRAMES: Readonly<Record<Language, readonly CalendarFrame[]>> = {
  en: [
    { target: 'named', say: (w, n) => `what's on the ${saidCalendar('en', n)} ${w}` },
    { target: 'named', say: (w, n) => `What events are on my ${saidCalendar('en', n)} ${w}?` },
    { target: 'named', say: (w, n) => `what's ${w} on the ${saidCalendar('en', n)}` },
    { target: 'only', say: (w) => `what's on my calendar ${w}` },
    { target: 'only', say: (w) => `what do I have planned ${w}` },
    { target: 'only', say: (w) => `do I have any appointments ${w}` },
    { target: 'only', say: (w) => `what's my schedule ${w}` },
  ],
  de: [
    { target: 'named', say: (w, n) => `was steht ${w} ${saidCalendar('de', n)}` },
    { target: 'named', say: (w, n) => `Welche Termine stehen ${w} ${saidCalendar('de', n)}?` },
    { target: 'only', say: (w) => `was steht ${w} in meinem Kalender` },
    { target: 'only', say: (w) => `welche Termine habe ich ${w}` },
    { target: 'only', say: (w) => `was steht ${w} an` },
    { target: 'only', say: (w) => `habe ich ${w} Termine` },
  ],
};

const PERIOD_WORDS: Readonly<Record<Language, Readonly<Record<Period, string>>>> = {
  en: { today: 'today', tomorrow: 'tomorrow', week: 'this week' },
  de: { today: 'heute', tomorrow: 'morgen', week: 'diese Woche' },
};

/**
 * Sentences that need judgement, name a list nobody has, or ask about a calendar without saying which days (today's or
 * the week's would be a guess): the model's, never answered here.
 */
const JUDGEMENT: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'am I leaving the house today',
    'do I have time for lunch today',
    'is there anything important this week',
    'when is my next dentist appointment',
    "what's on my camping list",
    'should I buy more milk',
    'do I need an umbrella for my appointments tomorrow',
    "what's on my calendar",
  ],
  de: [
    'muss ich heute aus dem Haus',
    'habe ich heute Zeit für ein Mittagessen',
    'gibt es diese Woche etwas Wichtiges',
    'wann ist mein nächster Zahnarzttermin',
    'was steht auf meiner Campingliste',
    'sollte ich mehr Milch kaufen',
    'was steht in meinem Kalender',
  ],
};

// ---- The oracle's words ----------------------------------------------------------------------------------------

const DAYS: Readonly<Record<Language, readonly string[]>> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  de: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
};

function joined(items: readonly string[], language: Language, joiner: 'and' | 'or'): string {
  const word = language === 'en' ? joiner : joiner === 'and' ? 'und' : 'oder';
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

/** At most 20 named, the rest counted. */
function said(items: readonly string[], language: Language): string {
  if (items.length <= 20) return joined(items, language, 'and');
  const more = `${items.length - 20} ${language === 'en' ? 'more' : 'weitere'}`;
  return joined([...items.slice(0, 20), more], language, 'and');
}

const theList = (language: Language, name: string) =>
  language === 'en'
    ? /list$/iu.test(name)
      ? `the ${name}`
      : `the ${name} list`
    : /liste$/iu.test(name)
      ? `der ${name}`
      : `der Liste ${name}`;
const dieList = (name: string) => (/liste$/iu.test(name) ? `die ${name}` : `die Liste ${name}`);
const theCalendar = (language: Language, name: string) =>
  language === 'en'
    ? /calendar$/iu.test(name)
      ? `the ${name}`
      : `the ${name} calendar`
    : /kalender$/iu.test(name)
      ? `im ${name}`
      : `im Kalender ${name}`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function listAnswer(language: Language, name: string, status: Status, items: readonly string[]): string {
  const the = theList(language, name);
  if (language === 'en') {
    if (items.length === 0)
      return status === 'completed' ? `Nothing on ${the} is done yet.` : `${capital(the)} is empty.`;
    return `${status === 'completed' ? 'Done on' : 'On'} ${the}: ${said(items, language)}.`;
  }
  if (items.length === 0)
    return status === 'completed' ? `Auf ${the} ist noch nichts erledigt.` : `${capital(dieList(name))} ist leer.`;
  return `${status === 'completed' ? 'Erledigt auf' : 'Auf'} ${the}: ${said(items, language)}.`;
}

function listFailed(language: Language, name: string): string {
  return language === 'en'
    ? `Sorry, I could not read ${theList('en', name)}.`
    : `${capital(dieList(name))} konnte ich leider nicht lesen.`;
}

function whichList(language: Language, names: readonly string[]): string {
  return language === 'en'
    ? `Which one do you mean: ${joined(
        names.map((n) => theList('en', n)),
        'en',
        'or',
      )}?`
    : `Welche meinst du: ${joined(names.map(dieList), 'de', 'or')}?`;
}

function whichCalendar(language: Language, names: readonly string[]): string {
  return language === 'en'
    ? `Which one do you mean: ${joined(
        names.map((n) => theCalendar('en', n)),
        'en',
        'or',
      )}?`
    : `Welchen meinst du: ${joined(
        names.map((n) => (/kalender$/iu.test(n) ? `den ${n}` : `den Kalender ${n}`)),
        'de',
        'or',
      )}?`;
}

/** A generated event: on which day (days after today), when, and for how many days when all day. */
interface GeneratedEvent {
  summary: string;
  day: number;
  /** Start and end as `H:MM`; absent for an all-day event. */
  from?: [number, string];
  to?: [number, string];
  days?: number;
  /** The day a timed event of several days ends on (days after today). */
  endDay?: number;
}

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The event as Home Assistant's calendar_get_events returns it (ISO strings, `all_day` on an all-day one). */
function eventJson(event: GeneratedEvent, random: Random): Record<string, unknown> {
  const date = addDays(TODAY, event.day);
  const extra = random.chance(0.3) ? { location: 'Main Street 4' } : {};
  if (event.from === undefined)
    return { start: date, end: addDays(date, event.days ?? 1), summary: event.summary, ...extra, all_day: true };
  const iso = (on: string, [hours, minutes]: [number, string]) =>
    `${on}T${String(hours).padStart(2, '0')}:${minutes}:00+01:00`;
  const endDate = addDays(TODAY, event.endDay ?? event.day);
  return { start: iso(date, event.from), end: iso(endDate, event.to!), summary: event.summary, ...extra };
}

/** The event as the oracle says it for `period` (`known`: today's date is known, so "today" and "tomorrow" are said). */
function eventSaid(language: Language, event: GeneratedEvent, period: Period, known: boolean): string {
  const dayWord = (offset: number) => {
    if (known && offset === 0) return language === 'en' ? 'today' : 'heute';
    if (known && offset === 1) return language === 'en' ? 'tomorrow' : 'morgen';
    return DAYS[language][weekday(addDays(TODAY, offset))]!;
  };
  const onDay = (offset: number) => {
    const word = dayWord(offset);
    if (word === 'today' || word === 'tomorrow' || word === 'heute' || word === 'morgen') return ` ${word}`;
    return language === 'en' ? ` on ${word}` : ` am ${word}`;
  };
  const day = period === 'week' ? onDay(event.day) : '';
  if (event.from === undefined) {
    const allDay = language === 'en' ? '(all day)' : '(ganztägig)';
    if (period === 'week' && (event.days ?? 1) > 1) {
      const [from, to] = language === 'en' ? ['from', 'to'] : ['von', 'bis'];
      return `${event.summary} ${from} ${dayWord(event.day)} ${to} ${dayWord(event.day + event.days! - 1)} ${allDay}`;
    }
    return `${event.summary}${day} ${allDay}`;
  }
  const time = ([hours, minutes]: [number, string]) => `${hours}:${minutes}`;
  if (event.endDay !== undefined) {
    // Over several days: for one day asked (its date known), how it lies on that day; else both ends with their days.
    if (period === 'week' || !known)
      return language === 'en'
        ? `${event.summary} from ${dayWord(event.day)} ${time(event.from)} to ${dayWord(event.endDay)} ${time(event.to!)}`
        : `${event.summary} von ${dayWord(event.day)} ${time(event.from)} Uhr bis ${dayWord(event.endDay)} ${time(event.to!)} Uhr`;
    const asked = period === 'today' ? 0 : 1;
    if (event.day >= asked)
      return language === 'en'
        ? `${event.summary} from ${time(event.from)}`
        : `${event.summary} ab ${time(event.from)} Uhr`;
    if (event.endDay > asked) return `${event.summary} ${language === 'en' ? '(all day)' : '(ganztägig)'}`;
    return language === 'en'
      ? `${event.summary} until ${time(event.to!)}`
      : `${event.summary} bis ${time(event.to!)} Uhr`;
  }
  return language === 'en'
    ? `${event.summary}${day} from ${time(event.from)} to ${time(event.to!)}`
    : `${event.summary}${day} von ${time(event.from)} bis ${time(event.to!)} Uhr`;
}

function calendarAnswer(
  language: Language,
  name: string,
  period: Period,
  events: readonly GeneratedEvent[],
  known: boolean,
): string {
  const the = theCalendar(language, name);
  const kept =
    period === 'tomorrow'
      ? events.filter((event) => event.day <= 1 && (event.endDay ?? event.day + (event.days ?? 1) - 1) >= 1)
      : events;
  const head = {
    en: { today: 'Today', tomorrow: 'Tomorrow', week: 'This week' },
    de: { today: 'Heute', tomorrow: 'Morgen', week: 'Diese Woche' },
  }[language][period];
  if (kept.length === 0)
    return language === 'en' ? `Nothing is on ${the} ${PERIOD_WORDS.en[period]}.` : `${head} steht nichts ${the}.`;
  const list = said(
    kept.map((event) => eventSaid(language, event, period, known)),
    language,
  );
  return language === 'en' ? `${head} on ${the}: ${list}.` : `${head} ${the}: ${list}.`;
}

// ---- Generating ----------------------------------------------------------------------------------------------

/** The list or calendar a target comes to: one name, the names to ask between, or none. */
type Picked = { kind: 'one'; name: string } | { kind: 'several'; names: string[] } | { kind: 'none' };

const SHOPPING: Readonly<Record<Language, readonly string[]>> = {
  en: ['shopping', 'grocer'],
  de: ['einkauf', 'shopping'],
};

/** Python's string order (by code point), as Home Assistant sorts entities by name. */
const byName = (a: Named, b: Named) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The enum's names of the lists (or calendars): every name and its aliases, in Home Assistant's order. */
const enumOf = (items: readonly Named[]) => [...items].sort(byName).flatMap((item) => [item.name, ...item.aliases]);

/** The list the sentence names whole ("shopping list" is "Shopping List", or "Shopping" + "list"; the longer wins). */
function namedIn(text: string, names: readonly string[], language: Language): string | undefined {
  const folded = text.toLowerCase();
  const fits = names.filter((name) => {
    const said = name.toLowerCase();
    if (language === 'de') return new RegExp(`(^| )(liste )?${said}( |$|\\?)`, 'u').test(folded);
    return new RegExp(`(^| )${said}( list)?( |$|\\?)`, 'u').test(folded);
  });
  return fits.sort((a, b) => b.length - a.length)[0];
}

function pickList(home: ListHome, frame: ListFrame, text: string, name: string): Picked {
  const { language } = home;
  // "what's on my shopping list" names a list called so, if there is one; "Shopping" said "shopping list" is
  // "Shopping List" when the home has both.
  const whole = frame.target === 'only' ? undefined : namedIn(text, enumOf(home.lists), language);
  const twice = (n: string) => enumOf(home.lists).filter((other) => other === n).length > 1;
  if (whole !== undefined) return twice(whole) ? { kind: 'none' } : { kind: 'one', name: whole };
  if (frame.target === 'named') return twice(name) ? { kind: 'none' } : { kind: 'one', name };
  const fitting =
    frame.target === 'only'
      ? home.lists
      : home.lists.filter((list) =>
          [list.name, ...list.aliases].some((n) => SHOPPING[language].some((w) => n.toLowerCase().includes(w))),
        );
  if (fitting.length === 1) return { kind: 'one', name: fitting[0]!.name };
  // Asked in the catalogue's order (by name); two of one name cannot be told apart by asking.
  const names = [...fitting].sort(byName).map((list) => list.name);
  if (new Set(names).size < names.length) return { kind: 'none' };
  if (fitting.length > 1) return { kind: 'several', names };
  return { kind: 'none' };
}

function pickCalendar(home: ListHome, frame: CalendarFrame, name: string): Picked {
  // Calendars reach HA-Assist only as the enum's names: an alias counts as a calendar of its own, and a name twice
  // is two calendars no question tells apart.
  const names = enumOf(home.calendars);
  const twice = new Set(names).size < names.length;
  if (frame.target === 'named')
    return twice && names.filter((n) => n === name).length > 1 ? { kind: 'none' } : { kind: 'one', name };
  if (twice) return { kind: 'none' };
  if (names.length === 1) return { kind: 'one', name: names[0]! };
  if (names.length > 1) return { kind: 'several', names };
  return { kind: 'none' };
}

const PREFIXES: readonly ToolPrefixStyle[] = ['none', 'platform', 'assist__', 'none', 'assist__platform'];

/** The request of `text` in `home`, of an era and a tool-name prefix style. */
function requestOf(
  home: ListHome,
  text: string,
  era: HaEra,
  toolPrefix: ToolPrefixStyle,
  history: HaChatMessage[] = [],
): HaChatRequest {
  const now = { date: TODAY, time: NOW_TIME };
  return buildHaRequest(home.home, { userText: text, era, toolPrefix, now, history });
}

/** The replies to "Which one do you mean: …?" naming `name`, per language and kind. */
function replies(language: Language, kind: 'list' | 'calendar', name: string): string[] {
  if (kind === 'list')
    return language === 'en'
      ? [`the ${saidList('en', name)}`, name, `I mean the ${saidList('en', name)} please`]
      : [`die ${saidList('de', name)}`, name, `ich meine die ${saidList('de', name)}`];
  const calendar = language === 'de' && /kalender$/iu.test(name) ? `den ${name}` : `den Kalender ${name}`;
  return language === 'en'
    ? [`the ${saidCalendar('en', name)}`, name, `I meant the ${name.toLowerCase()} one`]
    : [calendar, name, `ich meine ${name}`];
}

/**
 * The follow-ups of a question answered "Which one do you mean: …?": a reply naming each name asked between, in
 * the conversation after it; what it comes to is the question's, about the list or calendar the reply names.
 */
function followUps(
  row: ListRow,
  home: ListHome,
  names: readonly string[],
  kind: 'list' | 'calendar',
  index: number,
  then: (base: Base, name: string, index: number) => ListRow,
): ListRow[] {
  const history: HaChatMessage[] = [
    { role: 'user', content: row.text },
    { role: 'assistant', content: (row.outcome as { answer: string }).answer },
  ];
  // A list question's reply names each list in turn; a calendar question's (there are many more) one calendar.
  const named = kind === 'list' ? names : [names[index % names.length]!];
  return named.map((name, k) => {
    const options = replies(home.language, kind, name);
    const text = options[(index + k) % options.length]!;
    const era: HaEra = (index + k) % 2 === 0 ? '2026' : '2025';
    const request = requestOf(home, text, era, PREFIXES[(index + k) % PREFIXES.length]!, history);
    const chosen = namedIn(text, names, home.language) ?? name;
    const base = { text, language: home.language, shape: home.shape, home: home.home, request, era };
    return { ...then(base, chosen, index + k), family: 'choice' as const };
  });
}

/** What every row of a question has, before its reads. */
interface Base {
  text: string;
  language: Language;
  shape: Shape;
  home: Home;
  request: HaChatRequest;
  era: HaEra;
}

/** The name the request offers a tool under (its prefix included). */
function offeredName(request: HaChatRequest, canonical: string): string {
  const tool = request.tools.find((offered) => offered.function.name.endsWith(canonical));
  if (tool === undefined) throw new Error(`no ${canonical} in the request`);
  return tool.function.name;
}

/** Items of a list result: a few, none, a failure, or more than an answer names. */
function drawItems(
  random: Random,
  language: Language,
  index: number,
): { kind: 'items' | 'empty' | 'failure' | 'many'; items: string[] } {
  const pick = index % 9;
  if (pick === 0) return { kind: 'empty', items: [] };
  if (pick === 4) return { kind: 'failure', items: [] };
  if (pick === 7) {
    const items = Array.from({ length: 23 }, (_, i) => `${ITEMS[language][i % ITEMS[language].length]} ${i + 1}`);
    return { kind: 'many', items };
  }
  const count = random.between(1, 4);
  const pool = [...ITEMS[language]];
  return { kind: 'items', items: Array.from({ length: count }, () => pool.splice(random.int(pool.length), 1)[0]!) };
}

function itemsJson(items: readonly string[], status: Status): unknown[] {
  return items.map((summary, i) => ({ summary, uid: `item-${i + 1}`, status }));
}

/** Events of a calendar result for `period`, in start order as Home Assistant gives them. */
function drawEvents(random: Random, language: Language, period: Period, index: number): GeneratedEvent[] {
  if (index % 7 === 0) return [];
  const count = random.between(1, 3);
  const pool = [...EVENTS[language]];
  const events: GeneratedEvent[] = [];
  for (let i = 0; i < count; i++) {
    const summary = pool.splice(random.int(pool.length), 1)[0]!;
    // Today's range starts now (18:42): today's events are later, or all day.
    const day = period === 'today' ? 0 : random.between(0, 6);
    if (random.chance(0.2) || index % 7 === 5) {
      // Over several days (from yesterday, perhaps), ending in the evening: after now, when that is today.
      const first = period === 'today' ? random.between(-1, 0) : random.between(-1, 5);
      const endDay = first + random.between(1, 2);
      const time = (hours: number): [number, string] => [hours, random.pick(['00', '30'])];
      events.push({ summary, day: first, from: time(random.between(8, 20)), to: time(random.between(19, 23)), endDay });
    } else if (random.chance(0.3) || index % 7 === 3) {
      const days = period === 'week' && random.chance(0.4) ? random.between(2, 3) : 1;
      events.push({ summary, day, days });
    } else {
      const hours = period === 'today' || day === 0 ? random.between(19, 21) : random.between(8, 20);
      const minutes = random.pick(['00', '15', '30']);
      events.push({ summary, day, from: [hours, minutes], to: [hours + random.between(1, 2), minutes] });
    }
  }
  const key = (event: GeneratedEvent) => event.day * 100 + (event.from?.[0] ?? -1);
  return events.sort((a, b) => key(a) - key(b));
}

const seeds = (shape: Shape, language: Language, count: number) =>
  Array.from({ length: count }, (_, i) =>
    generateListHome(7000 + i * 13 + SHAPES.indexOf(shape) * 1000 + (language === 'de' ? 500 : 0), shape, language),
  );

/** The rows of list questions: every frame over generated homes of every shape. */
export function listRows(): ListRow[] {
  const rows: ListRow[] = [];
  let index = 0;
  for (const language of ['en', 'de'] as const)
    for (const shape of SHAPES)
      for (const home of seeds(shape, language, 1)) {
        // A sentence is said once in a home: "Shopping" said "shopping list" is the sentence of "Shopping List".
        const said = new Set<string>();
        for (const frame of LIST_FRAMES[language]) {
          // A named frame is said of each list, and of an alias; the others once.
          for (const name of frame.target === 'named' ? enumOf(home.lists) : ['']) {
            if (said.has(frame.say(name))) continue;
            said.add(frame.say(name));
            rows.push(...listRow(home, frame, name, index++));
          }
        }
      }
  return rows;
}

/** The row of a list question, and the follow-ups of its question which one. */
function listRow(home: ListHome, frame: ListFrame, name: string, index: number): ListRow[] {
  const { language } = home;
  const text = frame.say(name);
  const era: HaEra = index % 2 === 0 ? '2026' : '2025';
  const request = requestOf(home, text, era, PREFIXES[index % PREFIXES.length]!);
  const base = { text, language, shape: home.shape, home: home.home, request, era };
  const picked = pickList(home, frame, text, name);
  if (picked.kind === 'none') return [{ ...base, family: 'list', reads: [], outcome: TO_MODEL }];
  if (picked.kind === 'one') return [listRead(home, base, picked.name, frame.status, index)];
  const row: ListRow = { ...base, family: 'list', reads: [], outcome: { answer: whichList(language, picked.names) } };
  const read = (next: Base, chosen: string, at: number) => listRead(home, next, chosen, frame.status, at);
  return [row, ...followUps(row, home, picked.names, 'list', index, read)];
}

/** A list question about `name`: its todo_get_items call, Home Assistant's result, and the answer. */
function listRead(home: ListHome, base: Base, name: string, status: Status, index: number): ListRow {
  const { language, random } = home;
  const drawn = drawItems(random, language, index);
  const call = { name: offeredName(base.request, 'todo_get_items'), arguments: { todo_list: name, status } };
  if (drawn.kind === 'failure')
    return {
      ...base,
      family: 'list',
      reads: [{ call, result: { success: false, error: 'To-do list not found' } }],
      outcome: { answer: listFailed(language, name) },
      result: 'failure',
    };
  return {
    ...base,
    family: 'list',
    reads: [{ call, result: { success: true, result: itemsJson(drawn.items, status) } }],
    outcome: { answer: listAnswer(language, name, status, drawn.items) },
    result: drawn.kind,
  };
}

/** The rows of calendar questions: every frame × period over generated homes of every shape. */
export function calendarRows(): ListRow[] {
  const rows: ListRow[] = [];
  let index = 0;
  for (const language of ['en', 'de'] as const)
    for (const shape of SHAPES)
      for (const home of seeds(shape, language, 1))
        for (const frame of CALENDAR_FRAMES[language]) {
          // A question about the only calendar is asked of every period; one about a named calendar of every
          // calendar, each of a period in turn.
          if (frame.target === 'only')
            for (const period of PERIODS) rows.push(...calendarRow(home, frame, period, '', index++));
          else
            for (const name of new Set(enumOf(home.calendars)))
              rows.push(...calendarRow(home, frame, PERIODS[index % PERIODS.length]!, name, index++));
        }
  return rows;
}

/** The row of a calendar question, and the follow-ups of its question which one. */
function calendarRow(home: ListHome, frame: CalendarFrame, period: Period, name: string, index: number): ListRow[] {
  const { language } = home;
  const text = frame.say(PERIOD_WORDS[language][period], name);
  const era: HaEra = index % 3 === 0 ? '2025' : '2026';
  const request = requestOf(home, text, era, PREFIXES[index % PREFIXES.length]!);
  const base = { text, language, shape: home.shape, home: home.home, request, era };
  const picked = pickCalendar(home, frame, name);
  if (picked.kind === 'none') return [{ ...base, family: 'calendar', reads: [], outcome: TO_MODEL }];
  if (picked.kind === 'one') return [calendarRead(home, base, picked.name, period, index)];
  const row: ListRow = {
    ...base,
    family: 'calendar',
    reads: [],
    outcome: { answer: whichCalendar(language, picked.names) },
  };
  const read = (next: Base, chosen: string, at: number) => calendarRead(home, next, chosen, period, at);
  return [row, ...followUps(row, home, picked.names, 'calendar', index, read)];
}

/** A calendar question about `name`: GetDateTime first when needed, the calendar_get_events call, the answer. */
function calendarRead(home: ListHome, base: Base, name: string, period: Period, index: number): ListRow {
  const { language, random } = home;
  const { request, era } = base;
  const reads: Read[] = [];
  // The 2026 prompt has no date line: tomorrow's events need GetDateTime's date first.
  if (period === 'tomorrow' && era === '2026')
    reads.push({
      call: { name: offeredName(request, 'GetDateTime'), arguments: {} },
      result: dateTimeResult({ date: TODAY, time: NOW_TIME, timezone: 'CET', weekday: 'Saturday' }),
    });
  const call = {
    name: offeredName(request, 'calendar_get_events'),
    arguments: { calendar: name, range: period === 'today' ? 'today' : 'week' },
  };
  if (index % 11 === 5)
    return {
      ...base,
      family: 'calendar',
      reads: [...reads, { call, result: { success: false, error: 'Calendar not found' } }],
      outcome: {
        answer:
          language === 'en'
            ? `Sorry, I could not read ${theCalendar('en', name)}.`
            : `Den Kalender ${name} konnte ich leider nicht lesen.`,
      },
      result: 'failure',
    };
  const events = drawEvents(random, language, period, index);
  const known = era === '2025' || period === 'tomorrow';
  return {
    ...base,
    family: 'calendar',
    reads: [...reads, { call, result: { success: true, result: events.map((event) => eventJson(event, random)) } }],
    outcome: { answer: calendarAnswer(language, name, period, events, known) },
    result: events.length === 0 ? 'empty' : events.some((event) => event.from === undefined) ? 'all-day' : 'items',
  };
}

/** Judgement questions (and a list nobody has) in homes with one, several or no lists: always the model's. */
export function judgementRows(): ListRow[] {
  const rows: ListRow[] = [];
  for (const language of ['en', 'de'] as const)
    for (const shape of ['one', 'several', 'none'] as const)
      for (const home of seeds(shape, language, 1))
        for (const text of JUDGEMENT[language]) {
          const request = requestOf(home, text, '2026', 'none');
          rows.push({
            text,
            language,
            shape,
            family: 'judgement',
            home: home.home,
            request,
            reads: [],
            outcome: TO_MODEL,
          });
        }
  return rows;
}

/** The answered list and calendar questions with the tools taken out (an older Home Assistant): the model's. */
export function withoutToolRows(rows: readonly ListRow[]): ListRow[] {
  return rows
    .filter((row) => row.reads.length > 0)
    .map((row) => ({
      ...row,
      family: 'no-tool' as const,
      request: {
        ...row.request,
        tools: row.request.tools.filter((tool) => !/(todo_get_items|calendar_get_events)$/u.test(tool.function.name)),
      },
      reads: [],
      outcome: TO_MODEL,
    }));
}

/** The answered questions asked for yes or no, or one word ("… Just yes or no."): items are neither, so the model's. */
export function answerFormRows(rows: readonly ListRow[]): ListRow[] {
  return rows
    .filter((row) => row.reads.length > 0)
    .map((row, i) => {
      const phrases = {
        en: [' Just yes or no.', ' Answer in one word.'],
        de: [' Nur ja oder nein.', ' Antworte mit einem Wort.'],
      }[row.language];
      const phrase = phrases[i % phrases.length]!;
      const last = row.request.messages.length - 1;
      const messages = row.request.messages.map((message, at) =>
        at === last && message.role === 'user' && typeof message.content === 'string'
          ? { ...message, content: `${message.content}${phrase}` }
          : message,
      );
      return {
        ...row,
        text: `${row.text}${phrase}`,
        family: 'answer-form' as const,
        request: { ...row.request, messages },
        reads: [],
        outcome: TO_MODEL,
      };
    });
}
