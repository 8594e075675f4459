// Issue 24's "answers about unavailable devices": a device that does not report is said to be unavailable, with no
// yes or no before it, and counts leave such devices out and say how many there are ("… 1 is unavailable."), in
// English (built-in grammar) and German (Home Assistant's). Generated homes; every row states its exact answer.

import { buildHaRequest, type Entity, type HaChatRequest, type Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';
import type { GateRow } from './gate-rows.ts';
import { byName, generateGermanHome, type GermanLight } from './german-homes.ts';
import { listGerman } from './german-rows.ts';

type State = 'on' | 'off' | 'unavailable';

/** A device of a generated home: its name, area and state. */
export interface Device {
  name: string;
  area: string;
  state: State;
}

/** A generated English home: lights (one to three per area) and a window sensor per area. */
export interface EnglishHome {
  home: Home;
  areas: string[];
  lights: Device[];
  windows: Device[];
  random: ReturnType<typeof createRandom>;
}

const AREAS = ['Kitchen', 'Office', 'Bedroom', 'Hallway', 'Study', 'Den', 'Nursery', 'Attic'];
const LIGHTS = ['Ceiling Light', 'Reading Lamp', 'Desk Lamp'];

/** The English home of `seed`: three to five areas, some devices unavailable. */
export function generateEnglishHome(seed: number): EnglishHome {
  const random = createRandom(seed);
  const pool = [...AREAS];
  const areas: string[] = [];
  const count = random.between(3, 5);
  while (areas.length < count) areas.push(pool.splice(random.int(pool.length), 1)[0]!);
  const stateOf = (): State => (random.chance(0.3) ? 'unavailable' : random.chance(0.5) ? 'on' : 'off');
  const lights = areas.flatMap((area) =>
    LIGHTS.slice(0, random.between(1, 3)).map((base) => ({ name: `${area} ${base}`, area, state: stateOf() })),
  );
  const windows = areas.map((area) => ({ name: `${area} Window`, area, state: stateOf() }));
  const entities: Entity[] = [
    ...lights.map((light) => entity('light', light)),
    ...windows.map((window) => ({ ...entity('binary_sensor', window), attributes: { device_class: 'window' } })),
  ];
  return { home: { areas: areas.map((name) => ({ name, aliases: [] })), entities }, areas, lights, windows, random };
}

function entity(domain: string, device: Device): Entity {
  const id = device.name.toLowerCase().replaceAll(' ', '_');
  return {
    entityId: `${domain}.${id}`,
    name: device.name,
    aliases: [],
    domain,
    area: device.area,
    state: device.state,
    attributes: {},
  };
}

function row(text: string, home: Home, answer: string): GateRow {
  const request: HaChatRequest = buildHaRequest(home, { userText: text, era: '2026' });
  return {
    text,
    home,
    request,
    isDeterministic: true,
    withoutModel: { answer },
    withModel: [{ calls: [], outcome: { answer } }],
  };
}

/** The words a count is said with in one language. */
interface CountWords {
  list(names: readonly string[]): string;
  be(count: number): string;
  light(count: number): string;
  unavailable(count: number): string;
  yes: string;
  no: string;
  none: string;
  not: string;
  all: string;
  allAvailable: string;
}

const ENGLISH: CountWords = {
  list: (names) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`),
  be: (count) => (count === 1 ? 'is' : 'are'),
  light: (count) => (count === 1 ? 'light' : 'lights'),
  unavailable: (count) => ` ${count} ${count === 1 ? 'is' : 'are'} unavailable.`,
  yes: 'Yes',
  no: 'No',
  none: 'no light',
  not: 'not',
  all: 'all lights',
  allAvailable: 'all available lights',
};

const GERMAN: CountWords = {
  list: (names) => listGerman(names, 'und'),
  be: (count) => (count === 1 ? 'ist' : 'sind'),
  light: (count) => (count === 1 ? 'Licht' : 'Lichter'),
  unavailable: (count) => ` ${count} ${count === 1 ? 'ist' : 'sind'} nicht verfügbar.`,
  yes: 'Ja',
  no: 'Nein',
  none: 'kein Licht',
  not: 'nicht',
  all: 'alle Lichter',
  allAvailable: 'alle verfügbaren Lichter',
};

const ON: Record<'en' | 'de', string> = { en: 'on', de: 'an' };

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The answer to a question about several lights (response key `how_many`, `which`, `any` or `all`). */
export function countAnswer(
  kind: 'how-many' | 'which' | 'any' | 'all',
  lights: readonly Device[],
  language: 'en' | 'de',
) {
  const w = language === 'en' ? ENGLISH : GERMAN;
  const on = ON[language];
  const names = (devices: readonly Device[]) => w.list(byName(devices).map((device) => device.name));
  const lit = lights.filter((light) => light.state === 'on');
  const dark = lights.filter((light) => light.state === 'off');
  const silent = lights.length - lit.length - dark.length;
  const said = (() => {
    switch (kind) {
      case 'how-many':
        return `${lit.length} ${w.light(lit.length)} ${w.be(lit.length)} ${on}${lit.length > 0 ? `: ${names(lit)}` : ''}.`;
      case 'which':
        return lit.length > 0 ? `${names(lit)} ${w.be(lit.length)} ${on}.` : `${capitalize(w.none)} ${w.be(1)} ${on}.`;
      case 'any':
        return lit.length > 0
          ? `${w.yes}, ${names(lit)} ${w.be(lit.length)} ${on}.`
          : `${w.no}, ${w.none} ${w.be(1)} ${on}.`;
      case 'all':
        if (dark.length > 0) return `${w.no}, ${names(dark)} ${w.be(dark.length)} ${w.not} ${on}.`;
        return silent > 0 ? `${capitalize(w.allAvailable)} ${w.be(2)} ${on}.` : `${w.yes}, ${w.all} ${w.be(2)} ${on}.`;
    }
  })();
  return silent === 0 ? said : `${said}${w.unavailable(silent)}`;
}

/** "is the X on/open" of one device: unavailable without yes or no, else yes or no and its state. */
export function oneAnswer(device: Device, language: 'en' | 'de', said: { on: string; off: string }): string {
  if (device.state === 'unavailable')
    return language === 'en' ? `The ${device.name} is unavailable.` : `${device.name} ist nicht verfügbar.`;
  const w = language === 'en' ? ENGLISH : GERMAN;
  return device.state === 'on'
    ? `${w.yes}, ${device.name} ${w.be(1)} ${said.on}.`
    : `${w.no}, ${device.name} ${w.be(1)} ${said.off}.`;
}

const KINDS = ['window', 'light', 'how-many', 'which', 'any', 'all'] as const;

/** English questions with the built-in grammar. */
export function unavailableEnglishRows(): GateRow[] {
  return Array.from({ length: 36 }, (_, i) => {
    const home = generateEnglishHome(3000 + i);
    const area = home.random.pick(home.areas);
    const inArea = home.lights.filter((light) => light.area === area);
    const kind = KINDS[i % KINDS.length]!;
    switch (kind) {
      case 'window': {
        const window = home.windows.find((candidate) => candidate.area === area)!;
        return row(`is the ${window.name} open`, home.home, oneAnswer(window, 'en', { on: 'open', off: 'closed' }));
      }
      case 'light': {
        const light = home.random.pick(home.lights);
        return row(`is the ${light.name} on`, home.home, oneAnswer(light, 'en', { on: 'on', off: 'off' }));
      }
      case 'how-many':
        return row(`how many lights are on in the ${area}`, home.home, countAnswer(kind, inArea, 'en'));
      case 'which':
        return row(`which lights are on in the ${area}`, home.home, countAnswer(kind, inArea, 'en'));
      case 'any':
        return row(`are any lights on in the ${area}`, home.home, countAnswer(kind, inArea, 'en'));
      default:
        return row(`are all the lights on in the ${area}`, home.home, countAnswer('all', inArea, 'en'));
    }
  });
}

/** German questions with Home Assistant's German grammar. */
export function unavailableGermanRows(): GateRow[] {
  return Array.from({ length: 36 }, (_, i) => {
    const home = generateGermanHome(4000 + i, { unavailable: 0.3 });
    const area = home.random.pick(home.areas);
    const inArea: GermanLight[] = home.lightsIn(area.name);
    const kind = KINDS[i % KINDS.length]!;
    switch (kind) {
      case 'window': {
        const window = { ...home.window(area.name), area: area.name };
        return row(
          `ist das ${window.name} offen`,
          home.home,
          oneAnswer(window, 'de', { on: 'offen', off: 'geschlossen' }),
        );
      }
      case 'light': {
        const light = home.random.pick(home.lights);
        return row(`ist ${light.name} an`, home.home, oneAnswer(light, 'de', { on: 'an', off: 'aus' }));
      }
      case 'how-many':
        return row(`wie viele Lichter sind ${area.in} an`, home.home, countAnswer(kind, inArea, 'de'));
      case 'which':
        return row(`welche Lichter sind ${area.in} an`, home.home, countAnswer(kind, inArea, 'de'));
      case 'any':
        return row(`ist ein Licht ${area.in} an`, home.home, countAnswer(kind, inArea, 'de'));
      default:
        // Home Assistant's German grammar asks "all" of the whole home only.
        return row('sind alle Lichter an', home.home, countAnswer('all', home.lights, 'de'));
    }
  });
}
