// The repair lexicon: which grammar languages have one, and what every lexicon must keep apart.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ENGLISH_LEXICON,
  GERMAN_LEXICON,
  lexiconFor,
  type RepairLexicon,
} from '../../../../src/assist/steps/repair/lexicon.ts';

describe('lexiconFor', () => {
  it('has English and German (and their regional variants), and nothing else yet', () => {
    assert.equal(lexiconFor('en'), ENGLISH_LEXICON);
    assert.equal(lexiconFor('en-GB'), ENGLISH_LEXICON);
    assert.equal(lexiconFor('de'), GERMAN_LEXICON);
    assert.equal(lexiconFor('de-CH'), GERMAN_LEXICON);
    assert.equal(lexiconFor('fr'), undefined);
    assert.equal(lexiconFor('constructor'), undefined);
  });

  it('says which domains a domain word allows, singular and plural', () => {
    assert.deepEqual(
      [ENGLISH_LEXICON.domainWords.lights, ENGLISH_LEXICON.domainWords.switches, ENGLISH_LEXICON.domainWords.blind],
      [['light'], ['switch'], ['cover']],
    );
    assert.deepEqual(
      [GERMAN_LEXICON.domainWords.lichter, GERMAN_LEXICON.domainWords.rollläden, GERMAN_LEXICON.domainWords.heizung],
      [['light'], ['cover'], ['climate']],
    );
  });
});

/** Every word of a lexicon but its function words, which a repair may drop or exchange. */
function meaningWords(lexicon: RepairLexicon): string[] {
  return [
    ...Object.values(lexicon.polarity).flat(),
    ...lexicon.negations,
    ...Object.values(lexicon.units).flat(),
    ...lexicon.quantifiers,
    ...lexicon.numberWords,
    ...lexicon.actionVerbs,
    ...lexicon.conditions,
    ...lexicon.relative,
    ...lexicon.relativeBeforeNumber,
    ...lexicon.composite,
    ...Object.keys(lexicon.domainWords),
  ];
}

for (const [language, lexicon] of [
  ['English', ENGLISH_LEXICON],
  ['German', GERMAN_LEXICON],
] as const)
  describe(`the ${language} lexicon`, () => {
    it('keeps every word lower case (inputs are folded before they are compared)', () => {
      const words = [
        ...Object.values(lexicon.functionWords).flat(),
        ...lexicon.negationSuffixes,
        ...lexicon.notNegations,
        ...lexicon.questionWords,
        ...meaningWords(lexicon),
      ];
      assert.deepEqual(
        words.filter((word) => word !== word.toLowerCase()),
        [],
      );
    });

    it('never lists a word of meaning as a function word: a repair may drop or exchange function words', () => {
      const meaning = new Set(meaningWords(lexicon));
      const functionWords = Object.values(lexicon.functionWords)
        .flat()
        .flatMap((phrase) => phrase.split(' '));
      assert.deepEqual(
        functionWords.filter((word) => meaning.has(word)),
        [],
      );
    });

    it('gives each polarity word one polarity (a word of two would make every sentence with it contradictory)', () => {
      const words = Object.values(lexicon.polarity).flat();
      assert.deepEqual(
        words.filter((word, i) => words.indexOf(word) !== i),
        [],
      );
    });
  });

describe('German specifics of the lexicon', () => {
  it('reads the separable particles an, auf, aus, zu and ein as polarity, never as function words', () => {
    const { functionWords, polarity } = GERMAN_LEXICON;
    const particles = ['an', 'ein', 'auf', 'aus', 'ab', 'zu'];
    const functionList = Object.values(functionWords).flat();
    assert.deepEqual(
      particles.filter((word) => functionList.includes(word)),
      [],
    );
    assert.deepEqual(
      particles.map((word) => Object.entries(polarity).find(([, words]) => words.includes(word))?.[0]),
      ['on', 'on', 'open', 'off', 'off', 'close'],
    );
  });

  it('answers a negated command in German', () => {
    assert.equal(GERMAN_LEXICON.negatedAnswer, 'OK, ich mache nichts.');
  });
});
