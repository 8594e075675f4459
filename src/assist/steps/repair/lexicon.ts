// The words repair treats as meaning rather than spelling: domain words, polarity, quantifiers, conditions,
// negations and units; and the function words, the only words a repair may add, drop or exchange.

/**
 * The function words of one language: the only words a repair may insert or delete (a misspelling of
 * one may be deleted too). Each entry is a word or a phrase of words ("can you").
 */
export interface FunctionWords {
  /** Articles and possessives ("the", "my"): also exchanged for one another. */
  readonly articles: readonly string[];
  /**
   * Prepositions ("in", "at"): also exchanged for one another, except next to a number, whose meaning
   * they say ("at 7" is a time, "to 7" a value), where they are kept as typed.
   */
  readonly prepositions: readonly string[];
  /** Fillers and politeness ("please", "just", "can you"): inserted or deleted only. */
  readonly fillers: readonly string[];
}

/** The words of one language that constrain or forbid a repair. All lower case. */
export interface RepairLexicon {
  /** The words a repair may insert, delete or exchange; every other word is kept (or only respelt). */
  readonly functionWords: FunctionWords;
  /** Words that negate a request ("not", "don't"): a negated request is never repaired or answered without a model. */
  readonly negations: readonly string[];
  /** Word endings that negate ("n't"), for contractions the list does not have. */
  readonly negationSuffixes: readonly string[];
  /** Phrases with a negation word that negate nothing ("never mind", the state "not home"). */
  readonly notNegations: readonly string[];
  /** Words that open a question ("is", "what"): a negated question has no plain answer without a model. */
  readonly questionWords: readonly string[];
  /** Units, by quantity: kept like numbers ("70 percent" is never "70 degrees", nor dropped). */
  readonly units: Readonly<Record<string, readonly string[]>>;
  /** Words that name a kind of device, with the entity domains they allow. */
  readonly domainWords: Readonly<Record<string, readonly string[]>>;
  /** Action polarity: each class with the words that say it. */
  readonly polarity: Readonly<Record<string, readonly string[]>>;
  /**
   * Verbs that need a polarity ("turn", "switch"): without one the polarity is unknown. One that is also a
   * domain word ("switch") is the verb where it opens the request ("switch off the lamp", "please switch"),
   * the domain word elsewhere ("turn off the switch"; see `domainsOfWords`).
   */
  readonly actionVerbs: readonly string[];
  /** Qualifiers besides domain words ("all", "every"). */
  readonly quantifiers: readonly string[];
  /** Number words; digits are recognised without a list. */
  readonly numberWords: readonly string[];
  /** Words that make a request conditional ("if", "when"). */
  readonly conditions: readonly string[];
  /** Words that make a request relative ("brighter", "up"). */
  readonly relative: readonly string[];
  /** Words that make a following number relative ("by 10"). */
  readonly relativeBeforeNumber: readonly string[];
  /** Words that join several requests ("and", "then", "except"). */
  readonly composite: readonly string[];
}

const plural = (word: string, domains: readonly string[], pluralForm = `${word}s`): [string, readonly string[]][] => [
  [word, domains],
  [pluralForm, domains],
];

/** English, the language of Home Assistant's default grammar. */
export const ENGLISH_LEXICON: RepairLexicon = {
  functionWords: {
    articles: ['the', 'a', 'an', 'my', 'our', 'your'],
    prepositions: ['in', 'at', 'of', 'to', 'for', 'into', 'inside'],
    fillers: [
      'please',
      'pls',
      'plz',
      'kindly',
      'just',
      'now',
      'hey',
      'ok',
      'okay',
      'um',
      'uh',
      'so',
      'thanks',
      'thank you',
      'can you',
      'could you',
      'would you',
      'will you',
      'for me',
    ],
  },
  negations: [
    'not',
    'no',
    'never',
    'none',
    'nothing',
    'nobody',
    'neither',
    'nor',
    'cannot',
    "don't",
    'dont',
    "doesn't",
    'doesnt',
    "didn't",
    'didnt',
    "won't",
    "can't",
    'cant',
    "isn't",
    'isnt',
    "aren't",
    'arent',
    "shouldn't",
    'shouldnt',
  ],
  negationSuffixes: ["n't"],
  notNegations: ['never mind', 'not home', 'not at home'],
  questionWords: [
    'is',
    'are',
    'was',
    'were',
    'does',
    'did',
    'has',
    'have',
    "isn't",
    'isnt',
    "aren't",
    'arent',
    "doesn't",
    'doesnt',
    "didn't",
    'didnt',
    'what',
    "what's",
    'whats',
    'which',
    'who',
    'whose',
    'where',
    'why',
    'how',
    "how's",
    'hows',
  ],
  units: {
    percent: ['%', 'percent', 'pct'],
    degrees: ['°', 'degree', 'degrees', 'celsius', 'fahrenheit', '°c', '°f'],
    kelvin: ['kelvin'],
    time: ['second', 'seconds', 'minute', 'minutes', 'min', 'mins', 'hour', 'hours', 'day', 'days'],
  },
  domainWords: Object.fromEntries([
    ...plural('light', ['light']),
    ...plural('lamp', ['light']),
    ...plural('fan', ['fan']),
    ...plural('blind', ['cover']),
    ...plural('curtain', ['cover']),
    ...plural('shade', ['cover']),
    ...plural('shutter', ['cover']),
    ...plural('awning', ['cover']),
    ...plural('cover', ['cover']),
    ...plural('garage', ['cover']),
    ...plural('gate', ['cover']),
    ...plural('door', ['cover', 'lock', 'binary_sensor']),
    ...plural('window', ['cover', 'binary_sensor']),
    ...plural('switch', ['switch'], 'switches'),
    ...plural('outlet', ['switch']),
    ...plural('plug', ['switch']),
    ...plural('socket', ['switch']),
    ...plural('lock', ['lock']),
    ...plural('tv', ['media_player']),
    ...plural('speaker', ['media_player']),
    ...plural('television', ['media_player']),
    ...plural('thermostat', ['climate']),
    ...plural('heater', ['climate']),
    ...plural('valve', ['valve']),
    ...plural('vacuum', ['vacuum']),
    ...plural('sensor', ['sensor', 'binary_sensor']),
  ]),
  polarity: { on: ['on'], off: ['off'], open: ['open'], close: ['close', 'shut'], lock: ['lock'], unlock: ['unlock'] },
  actionVerbs: ['turn', 'switch'],
  quantifiers: ['all', 'every', 'everything', 'both'],
  numberWords: [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'fifteen',
    'twenty',
    'thirty',
    'forty',
    'fifty',
    'sixty',
    'seventy',
    'eighty',
    'ninety',
    'hundred',
    'half',
  ],
  conditions: ['if', 'when', 'whenever', 'unless', 'until', 'while', 'once'],
  relative: [
    'brighter',
    'dimmer',
    'darker',
    'brighten',
    'dim',
    'warmer',
    'cooler',
    'colder',
    'hotter',
    'louder',
    'quieter',
    'more',
    'less',
    'up',
    'down',
    'increase',
    'decrease',
    'raise',
    'lower',
    'higher',
  ],
  relativeBeforeNumber: ['by'],
  composite: ['and', 'then', 'except', 'but', 'also', 'plus'],
};

/**
 * The lexicon of a grammar's language, or undefined: without one, fuzzy repair applies no domain
 * constraint and skeleton repair does not run (its constraints would be blind).
 */
export function lexiconFor(language: string): RepairLexicon | undefined {
  return language === 'en' || language.startsWith('en-') ? ENGLISH_LEXICON : undefined;
}
