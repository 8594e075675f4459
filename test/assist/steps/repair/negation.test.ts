// Negated requests: found in a sentence (outside exact names and phrases that negate nothing), and questions told from commands.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createNameIndex } from '../../../../src/assist/steps/repair/catalog-names.ts';
import { ENGLISH_LEXICON } from '../../../../src/assist/steps/repair/lexicon.ts';
import { hasNegation, isQuestion } from '../../../../src/assist/steps/repair/negation.ts';
import { catalogOf, entity, ENTITIES } from './home.fixture.ts';

describe('hasNegation', () => {
  const rows: [string, boolean][] = [
    ['do not turn off the kitchen light', true],
    ["don't turn on the kitchen light", true],
    ['Don’t turn on the kitchen light.', true],
    ['dont switch off the lamp', true],
    ['never turn on the fan', true],
    ['no, turn off the light', true],
    ["you shouldn't open the blinds", true],
    ['is the light not on', true],
    ['turn on nothing', true],
    ['never mind', false],
    ['Nevermind', false],
    ['is anna not home', false],
    ['turn off the kitchen light', false],
    ['what is the note on the fridge', false],
    ['', false],
  ];
  for (const [text, expected] of rows)
    it(`"${text}" → ${expected}`, () => assert.equal(hasNegation(text, ENGLISH_LEXICON), expected));

  const names = createNameIndex(catalogOf([...ENTITIES, entity('Do Not Disturb', 'switch', 'Bedroom')]));

  it('a negation word inside an exact device name is no negation', () => {
    assert.equal(
      hasNegation('turn on do not disturb', ENGLISH_LEXICON, () => names),
      false,
    );
    assert.equal(
      hasNegation("don't turn on do not disturb", ENGLISH_LEXICON, () => names),
      true,
    );
  });

  it('asks for the names only when the sentence has a negation word', () => {
    let asked = 0;
    const lazy = () => {
      asked++;
      return names;
    };
    hasNegation('turn on the kitchen light', ENGLISH_LEXICON, lazy);
    assert.equal(asked, 0);
    hasNegation('turn on do not disturb', ENGLISH_LEXICON, lazy);
    assert.equal(asked, 1);
  });
});

describe('isQuestion', () => {
  const rows: [string, boolean][] = [
    ['is the kitchen light not on', true],
    ["isn't the kitchen light on", true],
    ['please, what is not on', true],
    ['the light is not on?', true],
    ["don't turn on the light", false],
    ['do not turn off the light', false],
    ['can you not turn on the light', false],
    ['never turn on the light', false],
  ];
  for (const [text, expected] of rows)
    it(`"${text}" → ${expected}`, () => assert.equal(isQuestion(text, ENGLISH_LEXICON), expected));
});
