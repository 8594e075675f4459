// The number words of each language hassil spells: one table per language, which the spellers and hearth's
// readers of spoken numbers share.

/** A language's words for the numbers below twenty (by value) and for the tens (by tens digit; 0 and 1 empty). */
export interface NumberWordTable {
  readonly belowTwenty: readonly string[];
  readonly tens: readonly string[];
}

/** English: CLDR "en" spellout-cardinal's words. */
const ENGLISH: NumberWordTable = {
  belowTwenty: [
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
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
  ],
  tens: ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
};

/** German: CLDR "de" spellout-numbering's words (a final 1 is "eins"; the cardinal rulesets inflect it). */
const GERMAN: NumberWordTable = {
  belowTwenty: [
    'null',
    'eins',
    'zwei',
    'drei',
    'vier',
    'fünf',
    'sechs',
    'sieben',
    'acht',
    'neun',
    'zehn',
    'elf',
    'zwölf',
    'dreizehn',
    'vierzehn',
    'fünfzehn',
    'sechzehn',
    'siebzehn',
    'achtzehn',
    'neunzehn',
  ],
  tens: ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'],
};

/** The number words by base language. */
export const NUMBER_WORDS: Readonly<Record<'en' | 'de', NumberWordTable>> = { en: ENGLISH, de: GERMAN };
