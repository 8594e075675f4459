// The words repair treats as meaning rather than spelling: domain words, polarity, quantifiers, conditions.

/** The words of one language that constrain or forbid a repair. All lower case. */
export interface RepairLexicon {
  /** Words that name a kind of device, with the entity domains they allow. */
  readonly domainWords: Readonly<Record<string, readonly string[]>>;
  /** Action polarity: each class with the words that say it. */
  readonly polarity: Readonly<Record<string, readonly string[]>>;
  /** Verbs that need a polarity ("turn", "switch"): without one the polarity is unknown. */
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
