// What a word is to repair: function words, negations, units, words of meaning, and "switch" as verb or domain word.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGLISH_LEXICON, GERMAN_LEXICON } from '../../../../src/assist/steps/repair/lexicon.ts';
import {
  domainsOfWords,
  findNegation,
  functionClassOf,
  functionPhrases,
  isMeaningWord,
  isNegationWord,
  unitOf,
} from '../../../../src/assist/steps/repair/word-classes.ts';

const keys = (text: string): string[] => text.split(' ');

describe('functionClassOf and functionPhrases', () => {
  const rows: [string, ReturnType<typeof functionClassOf>][] = [
    ['the', 'article'],
    ['my', 'article'],
    ['in', 'preposition'],
    ['of', 'preposition'],
    ['please', 'filler'],
    ['now', 'filler'],
    ['on', undefined],
    ['off', undefined],
    ['not', undefined],
    ['turn', undefined],
    ['it', undefined],
    ['is', undefined],
    ['percent', undefined],
  ];
  for (const [word, expected] of rows)
    it(`"${word}" → ${String(expected)}`, () => assert.equal(functionClassOf(word, ENGLISH_LEXICON), expected));

  it('lists the phrases of several words', () => {
    assert.deepEqual(functionPhrases(ENGLISH_LEXICON), [
      ['thank', 'you'],
      ['can', 'you'],
      ['could', 'you'],
      ['would', 'you'],
      ['will', 'you'],
      ['for', 'me'],
    ]);
  });
});

describe('isNegationWord and findNegation', () => {
  it('reads listed negations, contractions with either apostrophe, and the "n\'t" ending', () => {
    assert.deepEqual(
      ['not', 'no', 'never', "don't", 'don’t', 'dont', "wouldn't", 'nothing', 'note', 'know', 'on'].map((word) =>
        isNegationWord(word, ENGLISH_LEXICON),
      ),
      [true, true, true, true, true, true, true, true, false, false, false],
    );
  });

  const rows: [string, number][] = [
    ['do not turn off the light', 1],
    ["turn off the light don't", 4],
    ['never mind', -1],
    ['is anna not home', -1],
    ['is anna not at home', -1],
    ['never turn on the light', 0],
    ['turn on the light', -1],
  ];
  for (const [text, expected] of rows)
    it(`"${text}" → ${expected}`, () => assert.equal(findNegation(keys(text), ENGLISH_LEXICON), expected));

  it('leaves out the positions the caller exempts (the words of an exact name)', () => {
    assert.equal(
      findNegation(keys('turn on do not disturb'), ENGLISH_LEXICON, (i) => i >= 2),
      -1,
    );
  });
});

describe('unitOf', () => {
  const rows: [string, string | undefined][] = [
    ['percent', 'percent'],
    ['%', 'percent'],
    ['50%', 'percent'],
    ['degrees', 'degrees'],
    ['21°', 'degrees'],
    ['21°c', 'degrees'],
    ['°c', 'degrees'],
    ['fahrenheit', 'degrees'],
    ['kelvin', 'kelvin'],
    ['minutes', 'time'],
    ['50', undefined],
    ['5o', undefined],
    ['light', undefined],
  ];
  for (const [word, expected] of rows)
    it(`"${word}" → ${String(expected)}`, () => assert.equal(unitOf(word, ENGLISH_LEXICON), expected));
});

describe('isMeaningWord', () => {
  it('is true for what a repair must keep, and false for function and content words', () => {
    const words = ['on', 'off', 'all', '50', 'fifty', 'percent', 'turn', 'not', 'if', 'brighter', 'and', 'light'];
    assert.deepEqual(
      words.filter((word) => !isMeaningWord(word, ENGLISH_LEXICON)),
      [],
    );
    assert.deepEqual(
      ['the', 'please', 'kitchen', 'humid', 'kill', 'constructor', 'toString'].filter((word) =>
        isMeaningWord(word, ENGLISH_LEXICON),
      ),
      [],
    );
  });

  it('may leave domain words out (names are full of them)', () => {
    assert.deepEqual(
      [isMeaningWord('lights', ENGLISH_LEXICON, false), isMeaningWord('off', ENGLISH_LEXICON, false)],
      [false, true],
    );
  });
});

describe('domainsOfWords', () => {
  const rows: [string, number, readonly string[] | undefined][] = [
    ['switch off the reading lamp', 0, undefined],
    ['please switch the lamp off', 1, undefined],
    ['i want to switch off the lamp', 3, undefined],
    ['can you switch the lamp off', 2, undefined],
    ['turn off the switch', 3, ['switch']],
    ['turn off the switch on the wall', 3, ['switch']],
    ['turn the kitchen switch off', 3, ['switch']],
    ['kitchen switch off', 1, ['switch']],
    ['switch off the switch', 3, ['switch']],
    ['turn off the kitchen switch', 4, ['switch']],
    ['turn off the lights', 3, ['light']],
    ['turn off the kitchen', 3, undefined],
    ['turn off the constructor', 3, undefined],
  ];
  for (const [text, i, expected] of rows)
    it(`"${text}" at ${i} → ${JSON.stringify(expected)}`, () =>
      assert.deepEqual(domainsOfWords(keys(text), ENGLISH_LEXICON)[i], expected));
});

describe('isNumberWord: every number word below a hundred that stands alone is meaning a repair keeps', () => {
  // Generated from the numbers themselves, not from the lexicon: the words a person says for 0–19 and the tens.
  const english = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'];
  const englishTeens = ['twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
  const englishTens = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
  const german = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf'];
  const germanTeens = ['zwölf', 'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn', 'neunzehn'];
  const germanTens = ['zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];
  for (const word of [...english, ...englishTeens, ...englishTens, 'hundred', 'half'])
    it(`en "${word}"`, () => assert.equal(isMeaningWord(word, ENGLISH_LEXICON, false), true));
  for (const word of [...german, ...germanTeens, ...germanTens, 'hundert', 'halb'])
    it(`de "${word}"`, () => assert.equal(isMeaningWord(word, GERMAN_LEXICON, false), true));
});
