// Generated homes for the list and calendar family: to-do lists and calendars drawn by shape (one of each, several
// with one shopping list, two shopping lists, names that collide, an alias, none), in English or German; and the items
// and events Home Assistant's todo_get_items and calendar_get_events return for them.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

export type Language = 'en' | 'de';

/** The seeded draws a home and its results are generated with. */
export type Random = ReturnType<typeof createRandom>;

/** How a home's lists and calendars are drawn. */
export type Shape = 'one' | 'several' | 'two-shopping' | 'collide' | 'alias' | 'same-name' | 'none';

export const SHAPES: readonly Shape[] = ['one', 'several', 'two-shopping', 'collide', 'alias', 'same-name', 'none'];

/** A to-do list or calendar of the home: its name and aliases (what the tool's enum offers). */
export interface Named {
  name: string;
  aliases: string[];
}

/** A generated home, with its lists and calendars as drawn. */
export interface ListHome {
  language: Language;
  shape: Shape;
  seed: number;
  random: Random;
  home: Home;
  lists: Named[];
  calendars: Named[];
}

/** The names people give lists and calendars, per language: shopping lists, other lists, calendars. */
const NAMES: Readonly<
  Record<Language, { shopping: string[]; other: string[]; calendars: string[]; collide: [string, string][] }>
> = {
  en: {
    shopping: ['Shopping List', 'Groceries', 'Grocery List', 'Weekly Shopping'],
    other: ['Tasks', 'Chores', 'Packing List', 'Hardware', 'Homework'],
    calendars: ['Family', 'Work', 'Birthdays', 'School Calendar', 'Holidays', 'Garbage Collection'],
    collide: [
      ['Family', 'Family Birthdays'],
      ['Work', 'Work Travel'],
    ],
  },
  de: {
    shopping: ['Einkaufsliste', 'Einkaufszettel', 'Wocheneinkauf'],
    other: ['Aufgaben', 'Hausarbeit', 'Packliste', 'Baumarkt', 'Hausaufgaben'],
    calendars: ['Familie', 'Arbeit', 'Geburtstage', 'Familienkalender', 'Ferien', 'Müllabfuhr'],
    collide: [
      ['Familie', 'Familie Geburtstage'],
      ['Arbeit', 'Arbeit Reisen'],
    ],
  },
};

/** `count` distinct items of `pool`, in a drawn order. */
function draw<T>(random: Random, pool: readonly T[], count: number): T[] {
  const left = [...pool];
  const drawn: T[] = [];
  while (drawn.length < count && left.length > 0) drawn.push(left.splice(random.int(left.length), 1)[0]!);
  return drawn;
}

const named = (name: string, aliases: string[] = []): Named => ({ name, aliases });

function listsAndCalendars(shape: Shape, language: Language, random: Random): { lists: Named[]; calendars: Named[] } {
  const pool = NAMES[language];
  switch (shape) {
    case 'one':
      return { lists: [named(random.pick(pool.shopping))], calendars: [named(random.pick(pool.calendars))] };
    case 'several':
      return {
        lists: [named(random.pick(pool.shopping)), ...draw(random, pool.other, 2).map((name) => named(name))],
        calendars: draw(random, pool.calendars, 3).map((name) => named(name)),
      };
    case 'two-shopping':
      return {
        lists: [...draw(random, pool.shopping, 2), random.pick(pool.other)].map((name) => named(name)),
        calendars: draw(random, pool.calendars, 2).map((name) => named(name)),
      };
    case 'collide': {
      // "Shopping" and "Shopping List": the name said whole is the longer one.
      const shopping = language === 'en' ? ['Shopping', 'Shopping List'] : ['Einkauf', 'Einkauf Drogerie'];
      return {
        lists: [...shopping, random.pick(pool.other)].map((name) => named(name)),
        calendars: random.pick(pool.collide).map((name) => named(name)),
      };
    }
    case 'alias': {
      // One list and one calendar, each with an alias: the enum offers two names of one list.
      const list = random.pick(pool.other);
      const calendar = random.pick(pool.calendars);
      const suffix = language === 'en' ? ' Stuff' : ' Sachen';
      return { lists: [named(list, [`${list}${suffix}`])], calendars: [named(calendar, [`${calendar}${suffix}`])] };
    }
    case 'same-name': {
      // Two lists and two calendars of one name (from two integrations): no question tells them apart.
      const list = random.pick(pool.shopping);
      const calendar = random.pick(pool.calendars);
      return { lists: [named(list), named(list)], calendars: [named(calendar), named(calendar)] };
    }
    case 'none':
      return { lists: [], calendars: [] };
  }
}

const idOf = (domain: string, name: string) =>
  `${domain}.${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '_')
    .replace(/^_|_$/gu, '')}`;

/** The entity of a list or calendar; the `index`th of the home's, so that two of one name have ids of their own. */
function entityOf(domain: string, list: Named, state: string, index: number): Entity {
  const entityId = `${idOf(domain, list.name)}${index === 0 ? '' : `_${index + 1}`}`;
  return { entityId, name: list.name, aliases: list.aliases, domain, state, attributes: {} };
}

/** The home of `seed` in `shape`: a light, the lists (state: their open items) and the calendars. */
export function generateListHome(seed: number, shape: Shape, language: Language): ListHome {
  const random = createRandom(seed);
  const { lists, calendars } = listsAndCalendars(shape, language, random);
  const area = language === 'en' ? 'Kitchen' : 'Küche';
  const light: Entity = {
    entityId: 'light.kitchen',
    name: language === 'en' ? 'Kitchen Light' : 'Küchenlicht',
    aliases: [],
    domain: 'light',
    area,
    state: 'on',
    attributes: {},
  };
  const home: Home = {
    areas: [{ name: area, aliases: [] }],
    entities: [
      light,
      ...lists.map((list, i) => entityOf('todo', list, String(random.between(0, 5)), i)),
      ...calendars.map((calendar, i) => entityOf('calendar', calendar, 'off', i)),
    ],
  };
  return { language, shape, seed, random, home, lists, calendars };
}

/** The things on lists, per language. */
export const ITEMS: Readonly<Record<Language, readonly string[]>> = {
  en: ['milk', 'eggs', 'bread', 'coffee beans', 'dish soap', 'call the plumber', 'water the plants', 'batteries'],
  de: ['Milch', 'Eier', 'Brot', 'Kaffeebohnen', 'Spülmittel', 'Klempner anrufen', 'Blumen gießen', 'Batterien'],
};

/** The things on calendars, per language. */
export const EVENTS: Readonly<Record<Language, readonly string[]>> = {
  en: ['Dentist', 'Team call', 'Swimming lesson', 'Dinner with Anna', 'Parents evening', 'Holiday', 'Yoga'],
  de: ['Zahnarzt', 'Teambesprechung', 'Schwimmkurs', 'Essen mit Anna', 'Elternabend', 'Urlaub', 'Yoga'],
};
