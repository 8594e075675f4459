// The repair lexicon: which grammar languages have one.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGLISH_LEXICON, lexiconFor } from '../../../../src/assist/steps/repair/lexicon.ts';

describe('lexiconFor', () => {
  it('has English (and its regional variants), and nothing else yet', () => {
    assert.equal(lexiconFor('en'), ENGLISH_LEXICON);
    assert.equal(lexiconFor('en-GB'), ENGLISH_LEXICON);
    assert.equal(lexiconFor('de'), undefined);
  });

  it('says which domains a domain word allows, singular and plural', () => {
    assert.deepEqual(
      [ENGLISH_LEXICON.domainWords.lights, ENGLISH_LEXICON.domainWords.switches, ENGLISH_LEXICON.domainWords.blind],
      [['light'], ['switch'], ['cover']],
    );
  });

  it('keeps every word lower case (inputs are folded before they are compared)', () => {
    const words = [
      ...Object.values(ENGLISH_LEXICON.functionWords).flat(),
      ...ENGLISH_LEXICON.negations,
      ...ENGLISH_LEXICON.negationSuffixes,
      ...ENGLISH_LEXICON.notNegations,
      ...ENGLISH_LEXICON.questionWords,
      ...Object.values(ENGLISH_LEXICON.units).flat(),
      ...Object.keys(ENGLISH_LEXICON.domainWords),
      ...Object.values(ENGLISH_LEXICON.polarity).flat(),
      ...ENGLISH_LEXICON.actionVerbs,
      ...ENGLISH_LEXICON.quantifiers,
      ...ENGLISH_LEXICON.numberWords,
      ...ENGLISH_LEXICON.conditions,
      ...ENGLISH_LEXICON.relative,
      ...ENGLISH_LEXICON.relativeBeforeNumber,
      ...ENGLISH_LEXICON.composite,
    ];
    assert.deepEqual(
      words.filter((word) => word !== word.toLowerCase()),
      [],
    );
  });

  it('never lists a word of meaning as a function word: a repair may drop or exchange function words', () => {
    const meaning = new Set([
      ...Object.values(ENGLISH_LEXICON.polarity).flat(),
      ...ENGLISH_LEXICON.negations,
      ...Object.values(ENGLISH_LEXICON.units).flat(),
      ...ENGLISH_LEXICON.quantifiers,
      ...ENGLISH_LEXICON.numberWords,
      ...ENGLISH_LEXICON.actionVerbs,
      ...ENGLISH_LEXICON.conditions,
      ...ENGLISH_LEXICON.relative,
      ...ENGLISH_LEXICON.relativeBeforeNumber,
      ...ENGLISH_LEXICON.composite,
      ...Object.keys(ENGLISH_LEXICON.domainWords),
    ]);
    const functionWords = Object.values(ENGLISH_LEXICON.functionWords)
      .flat()
      .flatMap((phrase) => phrase.split(' '));
    assert.deepEqual(
      functionWords.filter((word) => meaning.has(word)),
      [],
    );
  });
});
