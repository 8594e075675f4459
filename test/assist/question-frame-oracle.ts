// What HA-Assist must answer to a question about a generated home, computed from the home's data alone (never by the
// code under test): the state words of each language, yes-or-no answers, choice answers, readings and the weather.

import type { Entity } from '../../src/homeassistant/request/index.ts';
import type { Language } from './question-frame-homes.ts';

/** A state as each language's answers say it, by domain (a window sensor's `on` is open). */
const STATE_WORDS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    on: 'on',
    off: 'off',
    open: 'open',
    closed: 'closed',
    opening: 'opening',
    locked: 'locked',
    unlocked: 'unlocked',
    jammed: 'jammed',
    playing: 'playing',
    paused: 'paused',
    idle: 'idle',
  },
  de: {
    on: 'an',
    off: 'aus',
    open: 'offen',
    closed: 'geschlossen',
    opening: 'am Öffnen',
    locked: 'abgeschlossen',
    unlocked: 'aufgeschlossen',
    jammed: 'blockiert',
    playing: 'am Abspielen',
    paused: 'pausiert',
    idle: 'untätig',
  },
};

/** One-word answers that are not the state word capitalised. */
const ONE_WORD: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {},
  de: { playing: 'Läuft', opening: 'Öffnet' },
};

/** The weather's condition: as the sentence says it, and in one word. */
const WEATHER: Readonly<Record<Language, Readonly<Record<string, { said: string; word: string }>>>> = {
  en: {
    sunny: { said: 'It is sunny.', word: 'Sunny.' },
    rainy: { said: 'It is raining.', word: 'Raining.' },
    cloudy: { said: 'It is cloudy.', word: 'Cloudy.' },
    partlycloudy: { said: 'It is partly cloudy.', word: 'Partly cloudy.' },
    fog: { said: 'There is fog.', word: 'Fog.' },
    snowy: { said: 'It is snowing.', word: 'Snowing.' },
    'clear-night': { said: 'It is clear.', word: 'Clear.' },
  },
  de: {
    sunny: { said: 'Aktuell sonnig.', word: 'Sonnig.' },
    rainy: { said: 'Aktuell regnerisch.', word: 'Regnerisch.' },
    cloudy: { said: 'Aktuell bewölkt.', word: 'Bewölkt.' },
    partlycloudy: { said: 'Aktuell teilweise bewölkt.', word: 'Teilweise bewölkt.' },
    fog: { said: 'Aktuell mit Nebel.', word: 'Neblig.' },
    snowy: { said: 'Aktuell verschneit.', word: 'Verschneit.' },
    'clear-night': { said: 'Aktuell klare Nacht.', word: 'Klar.' },
  },
};

/** The state the entity reports, as its answers mean it (a window sensor's `on` is `open`). */
function meaning(entity: Entity): string {
  if (entity.domain === 'binary_sensor') return entity.state === 'on' ? 'open' : 'closed';
  return entity.state;
}

/** True when the entity reports no state. */
export function isSilent(entity: Entity): boolean {
  return entity.state === 'unavailable' || entity.state === 'unknown';
}

/** "The Hall Light is unavailable." / "Deckenlicht Küche ist nicht verfügbar." (and unknown likewise). */
export function silentAnswer(entity: Entity, language: Language): string {
  if (language === 'en')
    return entity.state === 'unavailable'
      ? `The ${entity.name} is unavailable.`
      : `The ${entity.name}'s state is unknown.`;
  return entity.state === 'unavailable'
    ? `${entity.name} ist nicht verfügbar.`
    : `Der Zustand von ${entity.name} ist unbekannt.`;
}

/** The answer to "is <entity> <asked>" (asked: the state meant, e.g. `open`). */
export function yesNoAnswer(entity: Entity, asked: string, language: Language): string {
  if (isSilent(entity)) return silentAnswer(entity, language);
  const state = meaning(entity);
  const yes = state === asked;
  const word = STATE_WORDS[language][state]!;
  const [yesWord, noWord, is] = language === 'en' ? ['Yes', 'No', 'is'] : ['Ja', 'Nein', 'ist'];
  return `${yes ? yesWord : noWord}, ${entity.name} ${is} ${word}.`;
}

/** The answer to a choice question about `entity`: its state, in a sentence or in one word. */
export function choiceAnswer(entity: Entity, language: Language, isOneWord: boolean): string {
  if (isSilent(entity)) return silentAnswer(entity, language);
  const state = meaning(entity);
  const word = STATE_WORDS[language][state]!;
  if (isOneWord) return `${ONE_WORD[language][state] ?? word.charAt(0).toUpperCase() + word.slice(1)}.`;
  return language === 'en' ? `The ${entity.name} is ${word}.` : `${entity.name} ist ${word}.`;
}

/** The answer to a choice question about the weather. */
export function weatherChoiceAnswer(condition: string, language: Language, isOneWord: boolean): string {
  const words = WEATHER[language][condition]!;
  return isOneWord ? words.word : words.said;
}

/** The Home Assistant conditions each English yes-or-no weather word covers (is it sunny, is it raining). */
const WEATHER_YES: Readonly<Record<string, readonly string[]>> = {
  sunny: ['sunny'],
  raining: ['rainy', 'pouring'],
  cloudy: ['cloudy', 'partlycloudy'],
};

/** The answer to "is it <word>" in English: yes or no, and the condition now. */
export function weatherYesNo(condition: string, word: string): string {
  const now = WEATHER.en[condition]!.said.replace(/^It is/u, 'it is').replace(/^There is/u, 'there is');
  return `${WEATHER_YES[word]!.includes(condition) ? 'Yes' : 'No'}, ${now}`;
}

/** A number as the answers say it: the decimal point in English, a comma in German. */
export function numberSaid(value: number, language: Language): string {
  return language === 'en' ? String(value) : String(value).replace('.', ',');
}

/** "Kitchen Sensor Battery is 48 %." / "Küchensensor Batterie ist 48 %." */
export function readingAnswer(entity: Entity, language: Language): string {
  if (isSilent(entity)) return silentAnswer(entity, language);
  return `${entity.name} ${language === 'en' ? 'is' : 'ist'} ${entity.state} %.`;
}

/** The temperature of an area from its one thermostat, or of the thermostat named. */
export function temperatureAnswer(
  thermostat: Entity,
  value: number,
  language: Language,
  area: string | undefined,
): string {
  const reading = numberSaid(value, language);
  if (language === 'en')
    return `It is ${reading} degrees${area === undefined ? '' : ` in the ${area}`} (${thermostat.name}).`;
  return `${area === undefined ? 'Es sind' : `Im Bereich ${area} sind es`} ${reading} Grad (${thermostat.name}).`;
}

/** A question about every light of the home: how many, any, which or all are in a state. */
export type LightsQuestion = 'how_many' | 'any' | 'which' | 'all';

const LIGHT_WORDS: Readonly<
  Record<
    Language,
    { one: string; many: string; none: string; and: string; not: string; all: string; allAvailable: string }
  >
> = {
  en: {
    one: 'light',
    many: 'lights',
    none: 'no light',
    and: 'and',
    not: 'not',
    all: 'all lights',
    allAvailable: 'All available lights',
  },
  de: {
    one: 'Licht',
    many: 'Lichter',
    none: 'kein Licht',
    and: 'und',
    not: 'nicht',
    all: 'alle Lichter',
    allAvailable: 'Alle verfügbaren Lichter',
  },
};

/** The answer to a question about all `lights` (listed by name; the ones that do not report are counted after it). */
export function lightsAnswer(
  lights: readonly Entity[],
  question: LightsQuestion,
  asked: 'on' | 'off',
  language: Language,
): string {
  const words = LIGHT_WORDS[language];
  const [yes, no, is, are] = language === 'en' ? ['Yes', 'No', 'is', 'are'] : ['Ja', 'Nein', 'ist', 'sind'];
  const be = (count: number) => (count === 1 ? is : are);
  const byName = [...lights].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const reporting = byName.filter((light) => !isSilent(light));
  const silent = byName.length - reporting.length;
  const matched = reporting.filter((light) => light.state === asked).map((light) => light.name);
  const unmatched = reporting.filter((light) => light.state !== asked).map((light) => light.name);
  const state = STATE_WORDS[language][asked]!;
  const list = (names: readonly string[]) =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${words.and} ${names.at(-1)}`;
  const noneIs = `${words.none} ${is} ${state}`;
  const answers: Record<LightsQuestion, () => string> = {
    how_many: () =>
      `${matched.length} ${matched.length === 1 ? words.one : words.many} ${be(matched.length)} ${state}${matched.length > 0 ? `: ${list(matched)}` : ''}.`,
    any: () => (matched.length > 0 ? `${yes}, ${list(matched)} ${be(matched.length)} ${state}.` : `${no}, ${noneIs}.`),
    which: () =>
      matched.length > 0
        ? `${list(matched)} ${be(matched.length)} ${state}.`
        : `${noneIs.charAt(0).toUpperCase()}${noneIs.slice(1)}.`,
    all: () => {
      if (unmatched.length > 0) return `${no}, ${list(unmatched)} ${be(unmatched.length)} ${words.not} ${state}.`;
      return silent > 0 ? `${words.allAvailable} ${are} ${state}.` : `${yes}, ${words.all} ${are} ${state}.`;
    },
  };
  const unavailable = language === 'en' ? 'unavailable' : 'nicht verfügbar';
  return `${answers[question]()}${silent === 0 ? '' : ` ${silent} ${be(silent)} ${unavailable}.`}`;
}

/** The answer to "what is the state of <entity>": "Kitchen Radio is paused." / "Radio Küche ist pausiert." */
export function stateAnswer(entity: Entity, language: Language): string {
  if (isSilent(entity)) return silentAnswer(entity, language);
  return `${entity.name} ${language === 'en' ? 'is' : 'ist'} ${STATE_WORDS[language][meaning(entity)]!}.`;
}
