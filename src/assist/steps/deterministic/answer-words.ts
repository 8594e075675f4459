// What HA-Assist says without a model, in the language of the grammar that matched: one table per language, a
// declarative table (it may be long). A language without a table is answered in English.

/** What a device is called in an answer: one, several, and "no such device" as a sentence's subject. */
export interface Noun {
  readonly one: string;
  readonly many: string;
  /** "no light" / "kein Licht": the subject of "… is on" when none is. */
  readonly none: string;
}

/** Where a command's devices are missing: an area or a floor, by its catalogue name. */
export interface Place {
  readonly kind: 'area' | 'floor';
  readonly name: string;
}

/** One language's words for the deterministic answers. */
export interface AnswerWords {
  readonly yes: string;
  readonly no: string;
  /** "A, B and C" / "A, B oder C". */
  list(names: readonly string[], joiner: 'and' | 'or'): string;
  /** "is" for one, "are" for several. */
  be(count: number): string;
  readonly not: string;
  /** A device's kind (a domain or device class; undefined when the question named neither). */
  noun(kind: string | undefined): Noun;
  /** "all lights" / "alle Lichter". */
  all(noun: Noun): string;
  /** "all available lights" / "alle verfügbaren Lichter": every one that reports, when some do not. */
  allAvailable(noun: Noun): string;
  /** A state as said: "on" → "on" / "an"; a binary sensor's `on`/`off` by its device class. */
  state(state: string, deviceClass?: string): string;
  /** "The Garage Window is unavailable." (a device that does not report; no yes or no before it). */
  unavailable(name: string): string;
  /** "The Garage Window's state is unknown." */
  unknown(name: string): string;
  /** " 2 are unavailable." after a count that left them out (with its leading space). */
  unavailableCount(count: number): string;
  /** "Which one do you mean: the Ceiling Fan in the Bedroom or the Desk Fan in the Office?" */
  whichOf(candidates: readonly { name: string; area?: string }[]): string;
  readonly whichArea: string;
  /** "There is more than one Ceiling Light. Which one do you mean: the one in the Bedroom or the one in the Hall?" */
  sameName(name: string, candidates: readonly { name: string; domain: string; area?: string }[]): string;
  /** "Sorry, that did not work for the Kitchen Light." (Home Assistant gave no words of its own) */
  failed(names: readonly string[]): string;
  /** " But the Kitchen Light has not yet reported the requested state." after an acknowledgement (leading space). */
  notYetReported(names: readonly string[]): string;
  /**
   * What a done command says when Home Assistant gave no speech: undefined for Home Assistant's own acknowledgement
   * words per domain (English: "Turned off Kitchen Light."), else this sentence naming the devices.
   */
  done(names: readonly string[]): string | undefined;
  /** "There is no fan in the Kitchen." */
  missing(kinds: readonly string[], place: Place): string;
  /** "There is no fan." (in the whole home) */
  noKind(kinds: readonly string[]): string;
  /** A number with its unit as said: "21.5°C", "48 %" / "21,5 Grad", "48 %". */
  reading(number: string, unit: string): string;
  /** "It is 21.5°C in the Living Room (Thermostat)." (`area` when the question named one) */
  temperature(reading: string, source: string, area?: string): string;
  /** "It is 7.5°C outside (Outdoor Temperature)." */
  outside(reading: string, source: string): string;
  /** "Motion Sensor Battery is 48 %." */
  level(name: string, reading: string): string;
  /** "It is 14°C and sunny." / "There is fog." from a weather entity's state and its temperature, when it has one. */
  weather(state: string, reading?: string): string;
  /** "It is 9:05." */
  time(hours: number, minutes: string): string;
  /** "Today is March 4, 2026." (`month` from 1); a date that is no year, month and day is said as written. */
  date(date: { year: number; month: number; day: number } | string): string;
}

/**
 * Home Assistant's weather conditions in words, as its English HassGetWeather response template says them after the
 * temperature ("14 °C and partly cloudy", "with fog"): the joining word, then the condition.
 */
const WEATHER_WORDS: Readonly<Record<string, readonly ['and' | 'with', string]>> = {
  clear: ['and', 'clear'],
  'clear-night': ['and', 'clear'],
  cloudy: ['and', 'cloudy'],
  exceptional: ['and', 'exceptional'],
  fog: ['with', 'fog'],
  hail: ['with', 'hail'],
  lightning: ['with', 'lightning'],
  'lightning-rainy': ['with', 'lightning and rain'],
  partlycloudy: ['and', 'partly cloudy'],
  pouring: ['and', 'pouring rain'],
  rainy: ['and', 'raining'],
  snowy: ['and', 'snowing'],
  'snowy-rainy': ['with', 'snow and rain'],
  sunny: ['and', 'sunny'],
  windy: ['and', 'windy'],
  'windy-variant': ['with', 'wind and clouds'],
};

/** A weather condition in English words ("partlycloudy" → "partly cloudy"); one Home Assistant does not name, as written. */
export function weatherWords(state: string): readonly ['and' | 'with', string] {
  const key = state.toLowerCase();
  if (Object.hasOwn(WEATHER_WORDS, key)) return WEATHER_WORDS[key]!;
  return ['and', key.replaceAll('-', ' ').replaceAll('_', ' ')];
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** English nouns that are not the domain's or class's name with an "s". */
const ENGLISH_NOUNS: Readonly<Record<string, Noun>> = {
  person: { one: 'person', many: 'people', none: 'no person' },
  switch: { one: 'switch', many: 'switches', none: 'no switch' },
  garage: { one: 'garage door', many: 'garage doors', none: 'no garage door' },
};

/** "window" → window/windows; "media_player" → media player/media players. */
function englishNoun(kind: string | undefined): Noun {
  if (kind !== undefined && Object.hasOwn(ENGLISH_NOUNS, kind)) return ENGLISH_NOUNS[kind]!;
  const one = kind === undefined ? 'device' : kind.replaceAll('_', ' ');
  const many = /(s|sh|ch|x)$/u.test(one) ? `${one}es` : `${one}s`;
  return { one, many, none: `no ${one}` };
}

/**
 * What a binary sensor's `on` and `off` mean for its device class, as Home Assistant's frontend says them (a
 * battery that is `on` is low); other classes and other domains keep their state.
 */
const ENGLISH_BINARY: Readonly<Record<string, { readonly on: string; readonly off: string }>> = {
  battery: { on: 'low', off: 'normal' },
  door: { on: 'open', off: 'closed' },
  garage_door: { on: 'open', off: 'closed' },
  opening: { on: 'open', off: 'closed' },
  window: { on: 'open', off: 'closed' },
  moisture: { on: 'wet', off: 'dry' },
};

/** "A", "A and B", "A, B and C". */
function listed(names: readonly string[], joiner: string): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${joiner} ${names.at(-1)}`;
}

const ENGLISH: AnswerWords = {
  yes: 'Yes',
  no: 'No',
  list: (names, joiner) => listed(names, joiner),
  be: (count) => (count === 1 ? 'is' : 'are'),
  not: 'not',
  noun: englishNoun,
  all: (noun) => `all ${noun.many}`,
  allAvailable: (noun) => `all available ${noun.many}`,
  state: (state, deviceClass) => binaryWord(ENGLISH_BINARY, state, deviceClass) ?? state.replaceAll('_', ' '),
  unavailable: (name) => `The ${name} is unavailable.`,
  unknown: (name) => `The ${name}'s state is unknown.`,
  unavailableCount: (count) => ` ${count} ${count === 1 ? 'is' : 'are'} unavailable.`,
  whichOf: (candidates) =>
    `Which one do you mean: ${listed(
      candidates.map((c) => (c.area === undefined ? `the ${c.name}` : `the ${c.name} in the ${c.area}`)),
      'or',
    )}?`,
  whichArea: 'Which area do you mean?',
  failed: (names) => `Sorry, that did not work for ${listed(names, 'and')}.`,
  notYetReported: (names) =>
    ` But ${listed(names, 'and')} ${names.length === 1 ? 'has' : 'have'} not yet reported the requested state.`,
  done: () => undefined,
  sameName: (name, candidates) =>
    `There is more than one ${name}. Which one do you mean: ${listed(
      candidates.map((c) =>
        c.area === undefined ? `the ${c.domain.replace('_', ' ')} ${c.name}` : `the one in the ${c.area}`,
      ),
      'or',
    )}?`,
  missing: (kinds, place) =>
    `There is no ${kinds.map((kind) => englishNoun(kind).one).join(' or ')} ${place.kind === 'area' ? 'in' : 'on'} the ${place.name}.`,
  noKind: (kinds) => `There is no ${kinds.map((kind) => englishNoun(kind).one).join(' or ')}.`,
  // A degree sign joins the number ("22.4°C"), as people write it; other units follow a space ("48 %").
  reading: (number, unit) => (unit === '' ? number : unit.startsWith('°') ? `${number}${unit}` : `${number} ${unit}`),
  temperature: (reading, source, area) => `It is ${reading}${area === undefined ? '' : ` in the ${area}`} (${source}).`,
  outside: (reading, source) => `It is ${reading} outside (${source}).`,
  level: (name, reading) => `${name} is ${reading}.`,
  weather: (state, reading) => {
    const [joining, condition] = weatherWords(state);
    if (reading === undefined) return `${joining === 'with' ? 'There is' : 'It is'} ${condition}.`;
    return `It is ${reading} ${joining} ${condition}.`;
  },
  time: (hours, minutes) => `It is ${hours}:${minutes}.`,
  date: (date) =>
    typeof date === 'string' ? `Today is ${date}.` : `Today is ${MONTHS[date.month - 1]} ${date.day}, ${date.year}.`,
};

/** German nouns by domain or device class (Home Assistant's German device class names where it has them). */
const GERMAN_NOUNS: Readonly<Record<string, Noun>> = {
  light: { one: 'Licht', many: 'Lichter', none: 'kein Licht' },
  switch: { one: 'Schalter', many: 'Schalter', none: 'kein Schalter' },
  fan: { one: 'Ventilator', many: 'Ventilatoren', none: 'kein Ventilator' },
  cover: { one: 'Abdeckung', many: 'Abdeckungen', none: 'keine Abdeckung' },
  lock: { one: 'Schloss', many: 'Schlösser', none: 'kein Schloss' },
  media_player: { one: 'Mediaplayer', many: 'Mediaplayer', none: 'kein Mediaplayer' },
  climate: { one: 'Thermostat', many: 'Thermostate', none: 'kein Thermostat' },
  person: { one: 'Person', many: 'Personen', none: 'keine Person' },
  binary_sensor: { one: 'Sensor', many: 'Sensoren', none: 'kein Sensor' },
  sensor: { one: 'Sensor', many: 'Sensoren', none: 'kein Sensor' },
  vacuum: { one: 'Staubsauger', many: 'Staubsauger', none: 'kein Staubsauger' },
  valve: { one: 'Ventil', many: 'Ventile', none: 'kein Ventil' },
  window: { one: 'Fenster', many: 'Fenster', none: 'kein Fenster' },
  door: { one: 'Tür', many: 'Türen', none: 'keine Tür' },
  garage: { one: 'Garagentor', many: 'Garagentore', none: 'kein Garagentor' },
  garage_door: { one: 'Garagentor', many: 'Garagentore', none: 'kein Garagentor' },
  gate: { one: 'Tor', many: 'Tore', none: 'kein Tor' },
  opening: { one: 'Öffnung', many: 'Öffnungen', none: 'keine Öffnung' },
  blind: { one: 'Jalousie', many: 'Jalousien', none: 'keine Jalousie' },
  shutter: { one: 'Rollladen', many: 'Rollläden', none: 'kein Rollladen' },
  curtain: { one: 'Vorhang', many: 'Vorhänge', none: 'kein Vorhang' },
  awning: { one: 'Markise', many: 'Markisen', none: 'keine Markise' },
  shade: { one: 'Schirm', many: 'Schirme', none: 'kein Schirm' },
  battery: { one: 'Batterie', many: 'Batterien', none: 'keine Batterie' },
  moisture: { one: 'Feuchtigkeitssensor', many: 'Feuchtigkeitssensoren', none: 'kein Feuchtigkeitssensor' },
  tv: { one: 'Fernseher', many: 'Fernseher', none: 'kein Fernseher' },
  speaker: { one: 'Lautsprecher', many: 'Lautsprecher', none: 'kein Lautsprecher' },
  receiver: { one: 'Receiver', many: 'Receiver', none: 'kein Receiver' },
};

const GERMAN_DEVICE: Noun = { one: 'Gerät', many: 'Geräte', none: 'kein Gerät' };

/** States as Home Assistant's German responses say them (responses/de/HassGetState.yaml `state_names`), and more. */
const GERMAN_STATES: Readonly<Record<string, string>> = {
  on: 'an',
  off: 'aus',
  open: 'offen',
  closed: 'geschlossen',
  opening: 'am Öffnen',
  closing: 'am Schließen',
  locked: 'abgeschlossen',
  unlocked: 'aufgeschlossen',
  locking: 'am Abschließen',
  unlocking: 'am Aufschließen',
  jammed: 'blockiert',
  home: 'zu Hause',
  not_home: 'unterwegs',
  playing: 'am Abspielen',
  paused: 'pausiert',
  idle: 'untätig',
  standby: 'im Standby',
  buffering: 'am Puffern',
  heat: 'am Heizen',
  cool: 'am Kühlen',
  auto: 'automatisch',
  cleaning: 'am Reinigen',
  docked: 'angedockt',
  returning: 'auf dem Rückweg',
  unavailable: 'nicht verfügbar',
  unknown: 'unbekannt',
  low: 'schwach',
  normal: 'normal',
  wet: 'nass',
  dry: 'trocken',
};

const GERMAN_BINARY: Readonly<Record<string, { readonly on: string; readonly off: string }>> = {
  battery: { on: 'schwach', off: 'normal' },
  door: { on: 'offen', off: 'geschlossen' },
  garage_door: { on: 'offen', off: 'geschlossen' },
  opening: { on: 'offen', off: 'geschlossen' },
  window: { on: 'offen', off: 'geschlossen' },
  moisture: { on: 'nass', off: 'trocken' },
};

/** Home Assistant's German weather conditions (responses/de/HassGetWeather.yaml), after the temperature. */
const GERMAN_WEATHER: Readonly<Record<string, string>> = {
  clear: 'und klar',
  'clear-night': 'und klare Nacht',
  cloudy: 'und bewölkt',
  exceptional: 'und außergewöhnlich',
  fog: 'mit Nebel',
  hail: 'mit Hagel',
  lightning: 'mit Gewitter',
  'lightning-rainy': 'mit Gewitter und Regen',
  partlycloudy: 'und teilweise bewölkt',
  pouring: 'und strömender Regen',
  rainy: 'und regnerisch',
  snowy: 'und verschneit',
  'snowy-rainy': 'mit Schnee und Regen',
  sunny: 'und sonnig',
  windy: 'und windig',
  'windy-variant': 'mit Wind und Wolken',
};

const GERMAN_MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

const GERMAN: AnswerWords = {
  yes: 'Ja',
  no: 'Nein',
  list: (names, joiner) => listed(names, joiner === 'and' ? 'und' : 'oder'),
  be: (count) => (count === 1 ? 'ist' : 'sind'),
  not: 'nicht',
  noun: (kind) => (kind !== undefined && Object.hasOwn(GERMAN_NOUNS, kind) ? GERMAN_NOUNS[kind]! : GERMAN_DEVICE),
  all: (noun) => `alle ${noun.many}`,
  allAvailable: (noun) => `alle verfügbaren ${noun.many}`,
  state: (state, deviceClass) => {
    const word = binaryWord(GERMAN_BINARY, state, deviceClass);
    if (word !== undefined) return word;
    const key = state.toLowerCase();
    return Object.hasOwn(GERMAN_STATES, key) ? GERMAN_STATES[key]! : state.replaceAll('_', ' ');
  },
  unavailable: (name) => `${name} ist nicht verfügbar.`,
  unknown: (name) => `Der Zustand von ${name} ist unbekannt.`,
  unavailableCount: (count) => ` ${count} ${count === 1 ? 'ist' : 'sind'} nicht verfügbar.`,
  whichOf: (candidates) =>
    `Welches meinst du: ${listed(
      candidates.map((c) => (c.area === undefined ? c.name : `${c.name} (${c.area})`)),
      'oder',
    )}?`,
  whichArea: 'Welchen Bereich meinst du?',
  failed: (names) => `Das hat bei ${listed(names, 'und')} leider nicht geklappt.`,
  notYetReported: (names) =>
    ` Aber ${listed(names, 'und')} ${names.length === 1 ? 'hat' : 'haben'} den gewünschten Zustand noch nicht gemeldet.`,
  done: (names) => `Erledigt: ${listed(names, 'und')}.`,
  sameName: (name, candidates) =>
    `Es gibt mehr als ein Gerät namens ${name}. Welches meinst du: ${listed(
      candidates.map((c) =>
        c.area === undefined ? `${c.name} (${GERMAN.noun(c.domain).one})` : `das im Bereich ${c.area}`,
      ),
      'oder',
    )}?`,
  missing: (kinds, place) =>
    `${place.kind === 'area' ? 'Im Bereich' : 'Im Stockwerk'} ${place.name} ist ${germanNone(kinds)}.`,
  noKind: (kinds) => `Es ist ${germanNone(kinds)} vorhanden.`,
  // As Home Assistant's German responses say a reading: a decimal comma, and degrees as "Grad".
  reading: (number, unit) => {
    const said = number.replace('.', ',');
    if (unit === '') return said;
    return unit.startsWith('°') || unit === 'degrees' ? `${said} Grad` : `${said} ${unit}`;
  },
  temperature: (reading, source, area) =>
    `${area === undefined ? 'Es sind' : `Im Bereich ${area} sind es`} ${reading} (${source}).`,
  outside: (reading, source) => `Draußen sind es ${reading} (${source}).`,
  level: (name, reading) => `${name} ist ${reading}.`,
  weather: (state, reading) => {
    const key = state.toLowerCase();
    const condition = Object.hasOwn(GERMAN_WEATHER, key) ? GERMAN_WEATHER[key]! : key.replaceAll('-', ' ');
    return reading === undefined ? `Aktuell ${condition.replace(/^und /u, '')}.` : `Es sind ${reading} ${condition}.`;
  },
  time: (hours, minutes) => `Es ist ${hours}:${minutes} Uhr.`,
  date: (date) =>
    typeof date === 'string'
      ? `Heute ist der ${date}.`
      : `Heute ist der ${date.day}. ${GERMAN_MONTHS[date.month - 1]} ${date.year}.`,
};

function germanNone(kinds: readonly string[]): string {
  return kinds.map((kind) => GERMAN.noun(kind).none).join(' oder ');
}

/** A binary sensor's word for `on` or `off` by its device class, or undefined. */
function binaryWord(
  table: Readonly<Record<string, { readonly on: string; readonly off: string }>>,
  state: string,
  deviceClass: string | undefined,
): string | undefined {
  const key = state.toLowerCase();
  if (deviceClass === undefined || !Object.hasOwn(table, deviceClass) || (key !== 'on' && key !== 'off'))
    return undefined;
  return table[deviceClass]![key];
}

const TABLES: Readonly<Record<string, AnswerWords>> = { en: ENGLISH, de: GERMAN };

/** The words of `language` ("de", "de-CH"); English for a language without a table. */
export function answerWordsFor(language: string): AnswerWords {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(TABLES, primary) ? TABLES[primary]! : ENGLISH;
}
