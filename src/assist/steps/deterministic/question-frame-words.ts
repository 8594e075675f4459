// What HA-Assist says to a choice question ("is the radio playing or paused"), per language: the device's state in
// a sentence, or in one word when one word was asked for. The state words themselves are answer-words.ts's.

import { weatherWords } from './answer-words.ts';

/** One language's words for choice answers. */
export interface ChoiceWords {
  /** "The Kitchen Radio is paused." / "Radio Küche ist pausiert." (`state` as answer-words.ts says it) */
  isIn(name: string, state: string): string;
  /** "Yes, the Kitchen Radio is playing." / "Ja, Radio Küche ist am Abspielen.": a question about one state. */
  yesNo(isYes: boolean, name: string, state: string): string;
  /** "Paused." / "Pausiert.": a state asked for in one word. */
  oneWord(state: string): string;
  /** "Raining." / "Regnerisch.": the weather's condition (Home Assistant's state) in one word. */
  weatherWord(condition: string): string;
}

/** German states whose answer-words.ts phrase is more than the one word a one-word answer says. */
const GERMAN_ONE_WORD: Readonly<Record<string, string>> = {
  'am Abspielen': 'Läuft',
  'am Öffnen': 'Öffnet',
  'am Schließen': 'Schließt',
  'am Abschließen': 'Schließt',
  'am Aufschließen': 'Öffnet',
  'am Puffern': 'Lädt',
  'im Standby': 'Standby',
  'zu Hause': 'Daheim',
};

/** Home Assistant's weather conditions in one German word (responses/de/HassGetWeather.yaml's words). */
const GERMAN_WEATHER: Readonly<Record<string, string>> = {
  clear: 'Klar',
  'clear-night': 'Klar',
  cloudy: 'Bewölkt',
  exceptional: 'Außergewöhnlich',
  fog: 'Neblig',
  hail: 'Hagel',
  lightning: 'Gewitter',
  'lightning-rainy': 'Gewitter',
  partlycloudy: 'Teilweise bewölkt',
  pouring: 'Strömender Regen',
  rainy: 'Regnerisch',
  snowy: 'Verschneit',
  'snowy-rainy': 'Schneeregen',
  sunny: 'Sonnig',
  windy: 'Windig',
  'windy-variant': 'Windig',
};

const ENGLISH: ChoiceWords = {
  isIn: (name, state) => `The ${name} is ${state}.`,
  yesNo: (isYes, name, state) => `${isYes ? 'Yes' : 'No'}, the ${name} is ${state}.`,
  oneWord: (state) => `${capitalize(state)}.`,
  weatherWord: (condition) => `${capitalize(weatherWords(condition)[1])}.`,
};

const GERMAN: ChoiceWords = {
  isIn: (name, state) => `${name} ist ${state}.`,
  yesNo: (isYes, name, state) => `${isYes ? 'Ja' : 'Nein'}, ${name} ist ${state}.`,
  oneWord: (state) => `${Object.hasOwn(GERMAN_ONE_WORD, state) ? GERMAN_ONE_WORD[state] : capitalize(state)}.`,
  weatherWord: (condition) => {
    const key = condition.toLowerCase();
    return `${Object.hasOwn(GERMAN_WEATHER, key) ? GERMAN_WEATHER[key] : capitalize(key.replaceAll('-', ' '))}.`;
  },
};

const TABLES: Readonly<Record<string, ChoiceWords>> = { en: ENGLISH, de: GERMAN };

/** The choice words of `language`; English for a language without a table. */
export function choiceWordsFor(language: string): ChoiceWords {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(TABLES, primary) ? TABLES[primary]! : ENGLISH;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
