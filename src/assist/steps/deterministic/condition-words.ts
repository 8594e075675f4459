// The words of a condition HA-Assist checks itself ("if the office is below 19 degrees, set the thermostat to 21"),
// and what it says when a condition does not hold or cannot be checked: one table per language.

/** How a reading is compared with the number spoken. */
export type Comparison = '<' | '>' | '<=' | '>=';

/** What a reading is of: the quantity a sentence may name ("the office temperature", "the hall sensor battery"). */
export type Quantity = 'temperature' | 'humidity' | 'battery';

/**
 * The unit a number was said in: `degrees` is any temperature unit ("19 degrees" in a home that reads °F means 19 °F);
 * `°C` and `°F` are that unit only; `%` a percentage.
 */
export type SpokenUnit = 'degrees' | '°C' | '°F' | '%';

/** One language's words for conditions. All lower case; phrases are words separated by one space. */
export interface ConditionWords {
  /**
   * Words that open a condition HA-Assist checks. Others that make a sentence conditional ("unless", "as soon as",
   * "whenever") are in the repair lexicon's `conditions`: such a sentence is the model's.
   */
  readonly leads: readonly string[];
  /** Words between the condition and a command after it ("then"). */
  readonly thenWords: readonly string[];
  /** Comparisons, by the phrase that says them. */
  readonly comparisons: Readonly<Record<string, Comparison>>;
  /** Words between a condition's subject and its comparison ("is", "reads"), or after the number (German "ist"). */
  readonly verbs: readonly string[];
  /** The subject of a condition about a place's reading ("it" of "it's below 19 degrees in the office"). */
  readonly impersonal: readonly string[];
  /** Words that say a place before its name ("in the", "im"). */
  readonly places: readonly string[];
  /** Words that say whose reading a quantity is ("of the", "von"), after the quantity. */
  readonly of: readonly string[];
  /** Articles and possessives a subject may start with. */
  readonly articles: readonly string[];
  /** The words of each quantity. */
  readonly quantities: Readonly<Record<Quantity, readonly string[]>>;
  /** Unit words, by the unit they say. */
  readonly units: Readonly<Record<string, SpokenUnit>>;
  /** Words in the command that mean the condition's device ("close it"), and how its name replaces them. */
  readonly pronouns: readonly string[];
  pronounFor(name: string): string;
  /** A state condition as the grammar's question: "the porch light is off" → "is the porch light off". */
  asQuestion(clause: string): string | undefined;
  /** What HA-Assist says when it did nothing: the reason, and that nothing was done. */
  readonly say: ConditionAnswers;
}

/** What HA-Assist says of a condition it checked and found false, or could not check. */
export interface ConditionAnswers {
  /** "The Office Temperature is 20.5°C, not below 19°C, so I did nothing." */
  notHeld(source: string, reading: string, comparison: Comparison, value: string): string;
  /** A state condition's answer ("No, the Porch Light is on.") followed by "So I did nothing." */
  stateNotHeld(answer: string): string;
  /** "I could not check that: the Office Temperature is unavailable, so I did nothing." */
  noReading(source: string): string;
  /** "The Office Temperature is in °F, and you said °C, so I did nothing." */
  unitMismatch(source: string, unit: string, spoken: string): string;
  /** "I don't know "the attic sensor", so I did nothing." */
  unknownSubject(subject: string): string;
  /** "There is no temperature reading in the Attic, so I did nothing." */
  noSensor(quantity: Quantity, area: string): string;
  /** "I could not read the home's state, so I did nothing." */
  noLiveState: string;
  /** Without a model, a condition HA-Assist does not check itself ("if it's dark outside"). */
  notChecked: string;
}

const ENGLISH_COMPARISONS: Readonly<Record<Comparison, string>> = {
  '<': 'below',
  '>': 'above',
  '<=': 'at most',
  '>=': 'at least',
};

const ENGLISH: ConditionWords = {
  leads: ['if', 'when'],
  thenWords: ['then'],
  comparisons: {
    below: '<',
    under: '<',
    'less than': '<',
    'lower than': '<',
    'colder than': '<',
    'cooler than': '<',
    'fewer than': '<',
    above: '>',
    over: '>',
    'more than': '>',
    'higher than': '>',
    'greater than': '>',
    'warmer than': '>',
    'hotter than': '>',
    'at least': '>=',
    'no less than': '>=',
    'at most': '<=',
    'no more than': '<=',
  },
  verbs: ['is', 'is currently', 'is now', 'reads', 'shows', 'is at'],
  impersonal: ['it', "it's", 'its'],
  places: ['in the', 'in', 'at the', 'on the'],
  of: ['of the', 'of', 'in the', 'in', 'on the'],
  articles: ['the', 'my', 'our'],
  quantities: {
    temperature: ['temperature', 'temp'],
    humidity: ['humidity'],
    battery: ['battery', 'battery level', 'battery charge'],
  },
  units: {
    degree: 'degrees',
    degrees: 'degrees',
    '°': 'degrees',
    celsius: '°C',
    'degrees celsius': '°C',
    '°c': '°C',
    fahrenheit: '°F',
    'degrees fahrenheit': '°F',
    '°f': '°F',
    percent: '%',
    '%': '%',
  },
  pronouns: ['it'],
  pronounFor: (name) => `the ${name}`,
  asQuestion(clause) {
    const match = /^(.+?) (is|are) (.+)$/u.exec(clause);
    return match === null ? undefined : `${match[2]} ${match[1]} ${match[3]}`;
  },
  say: {
    notHeld: (source, reading, comparison, value) =>
      `The ${source} is ${reading}, not ${ENGLISH_COMPARISONS[comparison]} ${value}, so I did nothing.`,
    stateNotHeld: (answer) => `${answer} So I did nothing.`,
    noReading: (source) => `I could not check that: the ${source} does not report a reading, so I did nothing.`,
    unitMismatch: (source, unit, spoken) => `The ${source} reads in ${unit}, and you said ${spoken}, so I did nothing.`,
    unknownSubject: (subject) => `I don't know "${subject}", so I did nothing.`,
    noSensor: (quantity, area) => `There is no ${quantity} reading in the ${area}, so I did nothing.`,
    noLiveState: 'I could not read the state of the home, so I did nothing.',
    notChecked: 'I cannot check that condition myself, so I did nothing.',
  },
};

const GERMAN_COMPARISONS: Readonly<Record<Comparison, string>> = {
  '<': 'unter',
  '>': 'über',
  '<=': 'höchstens',
  '>=': 'mindestens',
};

const GERMAN_QUANTITIES: Readonly<Record<Quantity, string>> = {
  temperature: 'Temperatur',
  humidity: 'Luftfeuchtigkeit',
  battery: 'Batteriestand',
};

const GERMAN: ConditionWords = {
  leads: ['wenn', 'falls'],
  thenWords: ['dann'],
  comparisons: {
    unter: '<',
    'weniger als': '<',
    'niedriger als': '<',
    'kälter als': '<',
    'kühler als': '<',
    'tiefer als': '<',
    über: '>',
    ueber: '>',
    'mehr als': '>',
    'höher als': '>',
    'größer als': '>',
    'wärmer als': '>',
    mindestens: '>=',
    höchstens: '<=',
  },
  verbs: ['ist', 'sind', 'liegt', 'hat', 'beträgt', 'anzeigt', 'zeigt', 'misst'],
  impersonal: ['es'],
  places: ['im', 'in der', 'in dem', 'in', 'auf der', 'auf dem'],
  of: ['von der', 'von dem', 'vom', 'von', 'im', 'in der', 'des', 'der'],
  articles: ['der', 'die', 'das', 'den', 'dem', 'mein', 'meine', 'unser', 'unsere'],
  quantities: {
    temperature: ['temperatur'],
    humidity: ['luftfeuchtigkeit', 'feuchtigkeit', 'luftfeuchte'],
    battery: ['batterie', 'batteriestand', 'akku', 'akkustand'],
  },
  units: {
    grad: 'degrees',
    '°': 'degrees',
    celsius: '°C',
    'grad celsius': '°C',
    '°c': '°C',
    fahrenheit: '°F',
    'grad fahrenheit': '°F',
    '°f': '°F',
    prozent: '%',
    '%': '%',
  },
  pronouns: ['es', 'ihn', 'sie'],
  pronounFor: (name) => name,
  asQuestion(clause) {
    // After "wenn" the verb comes last ("die Haustür offen ist"); either way the question puts it first.
    const last = /^(.+) (ist|sind)$/u.exec(clause);
    if (last !== null) return `${last[2]} ${last[1]}`;
    const inner = /^(.+?) (ist|sind) (.+)$/u.exec(clause);
    return inner === null ? undefined : `${inner[2]} ${inner[1]} ${inner[3]}`;
  },
  say: {
    notHeld: (source, reading, comparison, value) =>
      `${source} zeigt ${reading}, nicht ${GERMAN_COMPARISONS[comparison]} ${value}. Ich habe nichts getan.`,
    stateNotHeld: (answer) => `${answer} Ich habe nichts getan.`,
    noReading: (source) => `Das konnte ich nicht prüfen: ${source} meldet keinen Wert. Ich habe nichts getan.`,
    unitMismatch: (source, unit, spoken) =>
      `${source} misst in ${unit}, du hast ${spoken} gesagt. Ich habe nichts getan.`,
    unknownSubject: (subject) => `„${subject}“ kenne ich nicht. Ich habe nichts getan.`,
    noSensor: (quantity, area) =>
      `Im Bereich ${area} gibt es keinen Messwert für ${GERMAN_QUANTITIES[quantity]}. Ich habe nichts getan.`,
    noLiveState: 'Ich konnte den Zustand des Zuhauses nicht lesen. Ich habe nichts getan.',
    notChecked: 'Diese Bedingung kann ich selbst nicht prüfen. Ich habe nichts getan.',
  },
};

const TABLES: Readonly<Record<string, ConditionWords>> = { en: ENGLISH, de: GERMAN };

/** The condition words of `language` ("en", "de-CH"), or undefined: a language without them leaves conditions to the model. */
export function conditionWordsFor(language: string): ConditionWords | undefined {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(TABLES, primary) ? TABLES[primary] : undefined;
}
