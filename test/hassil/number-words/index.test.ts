// Spelled-out numbers: every en/de number of hassil's table in test/data/hassil-number-words, plus our own rows.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spellNumber, supportsNumberWords } from '../../../src/hassil/number-words/index.ts';
import { dataPath } from '../../fixtures/data.ts';

interface ReferenceLanguage {
  numbers: Record<string, string[]>;
}

const REFERENCE = JSON.parse(readFileSync(dataPath('hassil-number-words', 'number_words_en_de.json'), 'utf8')) as {
  languages: Record<string, ReferenceLanguage>;
};

describe('spellNumber against the hassil 3.8.0 reference table', () => {
  for (const [language, { numbers }] of Object.entries(REFERENCE.languages)) {
    it(`matches every ${language} number (${Object.keys(numbers).length})`, () => {
      for (const [number, forms] of Object.entries(numbers)) {
        assert.deepEqual(spellNumber(language, Number(number)), forms, `${language} ${number}`);
      }
    });
  }
});

describe('spellNumber', () => {
  const ONE_DE = ['eins', 'ein', 'eine', 'einen', 'einer', 'eines', 'einem'];
  const rows: { language: string; value: number; expected: readonly string[] }[] = [
    { language: 'fr', value: 21, expected: [] },
    { language: '', value: 21, expected: [] },
    { language: 'en-US', value: 21, expected: ['twenty-one', 'twenty one'] },
    { language: 'EN_gb', value: 100, expected: ['one hundred'] },
    { language: 'de-DE', value: 1, expected: ONE_DE },
    { language: 'de-AT', value: 21, expected: ['einundzwanzig'] },
    { language: 'en', value: 0.1, expected: ['zero point one'] },
    { language: 'en', value: 21.25, expected: ['twenty-one point two five', 'twenty one point two five'] },
    { language: 'de', value: 0.1, expected: ONE_DE.map((one) => `null Komma ${one}`) },
    { language: 'de', value: 2.1, expected: ONE_DE.map((one) => `zwei Komma ${one}`) },
    { language: 'en', value: 121, expected: ['one hundred twenty-one', 'one hundred twenty one'] },
    { language: 'en', value: 1001, expected: ['one thousand one'] },
    {
      language: 'en',
      value: 999_999,
      expected: [
        'nine hundred ninety-nine thousand nine hundred ninety-nine',
        'nine hundred ninety nine thousand nine hundred ninety nine',
      ],
    },
    { language: 'en', value: 2_500_000, expected: ['two million five hundred thousand'] },
    { language: 'de', value: 101, expected: ONE_DE.map((one) => `einhundert${one}`) },
    { language: 'de', value: 121, expected: ['einhunderteinundzwanzig'] },
    { language: 'de', value: 101_000, expected: ['einhunderteintausend'] },
    { language: 'de', value: 999_999, expected: ['neunhundertneunundneunzigtausendneunhundertneunundneunzig'] },
    { language: 'de', value: 1_000_000, expected: ['eine Million'] },
    { language: 'de', value: 2_000_001, expected: ONE_DE.map((one) => `zwei Millionen ${one}`) },
    { language: 'de', value: 101_000_000, expected: ['einhunderteine Millionen'] },
    { language: 'en', value: -5, expected: ['minus five'] },
    { language: 'de', value: -1, expected: ONE_DE.map((one) => `minus ${one}`) },
    { language: 'en', value: -2.5, expected: [] },
    { language: 'en', value: Number.NaN, expected: [] },
    { language: 'de', value: 1e12, expected: [] },
  ];
  for (const { language, value, expected } of rows) {
    it(`${language || '(empty)'} ${value} → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(spellNumber(language, value), expected);
    });
  }
});

describe('supportsNumberWords', () => {
  const rows: [string, boolean][] = [
    ['en', true],
    ['de', true],
    ['en-US', true],
    ['de_CH', true],
    ['fr', false],
    ['english', false],
    ['toString', false],
  ];
  for (const [language, expected] of rows) {
    it(`${language} → ${expected}`, () => {
      assert.equal(supportsNumberWords(language), expected);
    });
  }
});
