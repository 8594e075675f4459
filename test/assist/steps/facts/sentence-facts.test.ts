// The facts of a sentence, in English and German: negation, named targets and their number, quantifiers,
// exceptions, the whole home, and numbers with their sign and unit.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSentenceFacts } from '../../../../src/assist/steps/facts/index.ts';
import { createNameIndex } from '../../../../src/assist/steps/repair/index.ts';
import { createCatalog } from '../../../../src/homeassistant/request/index.ts';

const CATALOG = createCatalog('static-context', [
  { name: 'Kitchen Light', aliases: [], domain: 'light', area: 'Kitchen', areaAliases: [] },
  { name: 'Floor Lamp', aliases: ['Reading Lamp'], domain: 'light', area: 'Office', areaAliases: [] },
  { name: 'Light 2', aliases: [], domain: 'light', area: 'Office', areaAliases: [] },
  { name: 'Freezer', aliases: [], domain: 'climate', area: 'Kitchen', areaAliases: [] },
]);

function factsOf(text: string, language = 'en') {
  return readSentenceFacts(text, { language, names: () => createNameIndex(CATALOG) });
}

const names = (targets: readonly { name: string; number?: string }[]) =>
  targets.map((target) => `${target.name}${target.number === 'plural' ? '+' : ''}`);

describe('sentence facts', () => {
  const rows: { text: string; language?: string; expect: Record<string, unknown> }[] = [
    { text: "don't turn off the kitchen light", expect: { negated: true, named: ['Kitchen Light'] } },
    { text: 'turn off the kitchen lights', expect: { negated: false, named: ['Kitchen Light+'] } },
    { text: 'turn on the reading lamp', expect: { named: ['Floor Lamp'], kinds: [] } },
    { text: 'turn on the reading lamp and the fan', expect: { named: ['Floor Lamp'], kinds: ['fan'] } },
    { text: 'turn off all the lights', expect: { quantifier: 'all', wholeHome: false, kinds: ['light'] } },
    { text: 'turn off every light in the house', expect: { quantifier: 'every', wholeHome: true } },
    { text: 'turn off everything except the kitchen', expect: { quantifier: 'all', named: [], excepted: ['Kitchen'] } },
    { text: 'turn on light 2 at 50 %', expect: { named: ['Light 2'], numbers: [[50, 'percent']] } },
    { text: 'set the freezer to -18 degrees', expect: { numbers: [[-18, 'degrees']] } },
    { text: 'set the freezer to \u221218°C', expect: { numbers: [[-18, 'degrees']] } },
    { text: 'set the freezer to minus 18.5', expect: { numbers: [[-18.5, undefined]] } },
    { text: 'set the freezer to - 4 degrees', expect: { numbers: [[-4, 'degrees']] } },
    { text: 'lower the fan to -5 %', expect: { numbers: [[-5, 'percent']] } },
    {
      text: 'schalte das Kitchen Light nicht aus',
      language: 'de',
      expect: { negated: true, named: ['Kitchen Light'] },
    },
    { text: 'schalte alle Lichter im Haus aus', language: 'de', expect: { quantifier: 'all', wholeHome: true } },
    { text: 'schalte alles außer Kitchen aus', language: 'de', expect: { excepted: ['Kitchen'] } },
    { text: 'stelle den Freezer auf minus 18 Grad', language: 'de', expect: { numbers: [[-18, 'degrees']] } },
    { text: 'stelle den Freezer auf -18,5 Grad', language: 'de', expect: { numbers: [[-18.5, 'degrees']] } },
  ];
  for (const { text, language, expect } of rows)
    it(`reads "${text}"`, () => {
      const facts = factsOf(text, language);
      const seen: Record<string, unknown> = {
        negated: facts.negated,
        named: names(facts.named),
        excepted: names(facts.excepted),
        quantifier: facts.quantifier,
        wholeHome: facts.wholeHome,
        kinds: facts.kinds,
        numbers: facts.numbers.map((number) => [number.value, number.unit]),
      };
      for (const [key, value] of Object.entries(expect)) assert.deepEqual(seen[key], value, key);
    });

  it('reads only numbers in a language without tables', () => {
    const facts = factsOf('ne pas allumer à -3 degrés', 'fr');
    assert.deepEqual([facts.isRead, facts.negated, facts.numbers.map((n) => n.value)], [false, false, [-3]]);
  });
});

describe('sentence facts: numbers said in words', () => {
  const rows: { text: string; language?: string; numbers: [number, string | undefined][] }[] = [
    { text: 'set the freezer to minus eighteen degrees', numbers: [[-18, 'degrees']] },
    { text: 'set the fan to twenty-five percent', numbers: [[25, 'percent']] },
    { text: 'set the fan to twenty five percent', numbers: [[25, 'percent']] },
    { text: 'set the light to one hundred and five', numbers: [[105, undefined]] },
    { text: 'turn on light two', numbers: [[2, undefined]] },
    { text: 'stelle den Freezer auf minus achtzehn Grad', language: 'de', numbers: [[-18, 'degrees']] },
    { text: 'stelle den Lüfter auf fünfundzwanzig Prozent', language: 'de', numbers: [[25, 'percent']] },
    { text: 'schalte ein Licht ein', language: 'de', numbers: [] },
  ];
  for (const { text, language, numbers } of rows)
    it(`reads "${text}"`, () => {
      assert.deepEqual(
        factsOf(text, language).numbers.map((number) => [number.value, number.unit]),
        numbers,
      );
    });
});
