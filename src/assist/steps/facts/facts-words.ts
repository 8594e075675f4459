// The words sentence facts are read with that the repair lexicon does not hold: one table per language.

/** The words of one language that say a sentence's scope, its exceptions and a number's sign. All lower case. */
export interface FactsWords {
  /** Phrases that open an exception ("except", "but not"): the targets after one are left out. */
  readonly exceptions: readonly string[];
  /** Phrases that say the whole home ("in the house", "everywhere"). */
  readonly wholeHome: readonly string[];
  /** Words that make the next number negative ("minus"). */
  readonly minus: readonly string[];
  /** Word endings a plural adds to a name's last word ("lights" of "Kitchen Light"), longest first. */
  readonly pluralEndings: readonly string[];
  /** Quantifiers that mean every one ("all", "every"), as the facts report them. */
  readonly all: readonly string[];
  readonly every: readonly string[];
  /**
   * The nouns that name one device of a kind ("lamp") and several ("lamps", "lighting"): how many devices a sentence
   * that names no device means. A noun that is both ("Lüfter") is in neither.
   */
  readonly deviceNouns: { readonly one: readonly string[]; readonly several: readonly string[] };
}

const ENGLISH: FactsWords = {
  exceptions: ['except', 'except for', 'but not', 'other than', 'apart from', 'excluding', 'besides'],
  wholeHome: [
    'in the house',
    'in the home',
    'in the whole house',
    'in the whole home',
    'in the entire house',
    'in the entire home',
    'in the apartment',
    'in the flat',
    'everywhere',
    'whole house',
    'whole home',
    'entire house',
    'entire home',
    'all over the house',
    'throughout the house',
  ],
  minus: ['minus', 'negative'],
  pluralEndings: ['es', 's'],
  all: ['all', 'everything', 'both'],
  every: ['every', 'each'],
  deviceNouns: {
    one: ['light', 'lamp', 'fan', 'lock', 'door'],
    several: ['lights', 'lamps', 'lighting', 'fans', 'locks', 'doors'],
  },
};

const GERMAN: FactsWords = {
  exceptions: ['außer', 'ausser', 'bis auf', 'ausgenommen', 'aber nicht', 'ohne'],
  wholeHome: [
    'im haus',
    'im ganzen haus',
    'in der wohnung',
    'in der ganzen wohnung',
    'im ganzen zuhause',
    'überall',
    'ueberall',
    'ganzes haus',
    'ganze wohnung',
  ],
  minus: ['minus'],
  pluralEndings: ['en', 'er', 'n', 'e', 's'],
  all: ['alle', 'allen', 'aller', 'alles', 'beide', 'beiden'],
  every: ['jede', 'jeder', 'jedes', 'jeden'],
  // The nouns of Home Assistant's German rules `licht` and `lichter` (rules/de/common.yaml). "Das Licht" and "die
  // Beleuchtung" are mass nouns, the lighting of a place ("mach das Licht im Wohnzimmer an" is every light there, as
  // Home Assistant's German tests say); "die Lampe" and "die Leuchte" are one device.
  deviceNouns: {
    one: ['lampe', 'leuchte', 'ventilator'],
    several: ['licht', 'lichter', 'lichtern', 'lampen', 'leuchten', 'beleuchtung', 'beleuchtungen', 'ventilatoren'],
  },
};

const TABLES: Readonly<Record<string, FactsWords>> = { en: ENGLISH, de: GERMAN };

/** The table of `language` ("en", "de-CH"), or undefined for a language without one. */
export function factsWordsFor(language: string): FactsWords | undefined {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(TABLES, primary) ? TABLES[primary] : undefined;
}
