// The word rule of partial names: a name's words, in-order containment, and the index of a catalogue's names.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  containsInOrder,
  createNameWordsIndex,
  nameWords,
  spokenWords,
} from '../../../../src/assist/steps/deterministic/name-words.ts';
import { type CatalogEntity, createCatalog } from '../../../../src/homeassistant/request/index.ts';

describe('nameWords', () => {
  const rows: [text: string, words: string[]][] = [
    ['Hall Charger Plug', ['hall', 'charger', 'plug']],
    ['The Big Lamp', ['the', 'big', 'lamp']],
    ["Kid's  Room-Lamp!", ['kid', 's', 'room', 'lamp']],
    ['Büro Stehlampe', ['büro', 'stehlampe']],
    ['Den Towel Heater', ['den', 'towel', 'heater']],
    ['TV 2', ['tv', '2']],
  ];
  for (const [text, words] of rows) it(`"${text}"`, () => assert.deepEqual(nameWords(text), words));
});

describe('spokenWords', () => {
  const rows: [text: string, language: string, words: string[]][] = [
    ['the desk lamp', 'en', ['desk', 'lamp']],
    ['an Office Lamp', 'en', ['office', 'lamp']],
    ['den heater', 'en', ['den', 'heater']],
    ['den Stecker', 'de', ['stecker']],
    ['die Stehlampe im Büro', 'de', ['stehlampe', 'im', 'büro']],
    ['the Stehlampe', 'de', ['the', 'stehlampe']],
    ['la lampe', 'fr', ['la', 'lampe']],
  ];
  for (const [text, language, words] of rows)
    it(`"${text}" (${language})`, () => assert.deepEqual(spokenWords(text, language), words));
});

describe('containsInOrder', () => {
  const rows: [name: string, spoken: string, expected: boolean][] = [
    ['Hall Charger Plug', 'hall plug', true],
    ['Hall Charger Plug', 'charger plug', true],
    ['Hall Charger Plug', 'plug', true],
    ['Hall Charger Plug', 'plug hall', false],
    ['Hall Charger Plug', 'hall lamp', false],
    ['Office Desk Lamp', 'desk lamp', true],
    ['Office Desk Lamp', 'the desk lamp', true],
    ['Office Desk Lamp', 'office desk lamp', true],
    ['Office Desk Lamp', 'desk desk', false],
    ['Office Desk Lamp', 'desk lamps', false],
    ['Office Desk Lamp', 'lamp', true],
    ['Deskside Lamp', 'desk lamp', false],
    ['Büro Stehlampe Links', 'stehlampe', true],
    ['Büro Stehlampe Links', 'buro stehlampe', false],
    ['The Big Lamp', 'the big lamp', true],
    ['Den Towel Heater', 'den heater', true],
    ['Office Desk Lamp', 'the', false],
    ['Office Desk Lamp', '', false],
  ];
  for (const [name, spoken, expected] of rows)
    it(`"${spoken}" in "${name}": ${expected}`, () =>
      assert.equal(containsInOrder(nameWords(name), spokenWords(spoken, 'en')), expected));
});

describe('createNameWordsIndex', () => {
  const entity = (name: string, aliases: string[] = []): CatalogEntity => ({
    name,
    aliases,
    domain: 'light',
    areaAliases: [],
  });
  const catalog = createCatalog('static-context', [
    entity('Office Desk Lamp'),
    entity('Bedroom Desk Lamp'),
    entity('Hall Charger Plug', ['Phone Charger']),
    entity('Reading Light', ['Desk Lamp Left']),
  ]);
  const index = createNameWordsIndex(catalog);
  const rows: [spoken: string, fits: [name: string, text: string][]][] = [
    ['office desk', [['Office Desk Lamp', 'Office Desk Lamp']]],
    [
      'desk lamp',
      [
        ['Office Desk Lamp', 'Office Desk Lamp'],
        ['Bedroom Desk Lamp', 'Bedroom Desk Lamp'],
        ['Reading Light', 'Desk Lamp Left'],
      ],
    ],
    ['phone charger', [['Hall Charger Plug', 'Phone Charger']]],
    ['charger', [['Hall Charger Plug', 'Hall Charger Plug']]],
    ['lamp left', [['Reading Light', 'Desk Lamp Left']]],
    ['kitchen', []],
  ];
  for (const [spoken, fits] of rows)
    it(`"${spoken}"`, () =>
      assert.deepEqual(
        index.fitting(spokenWords(spoken, 'en')).map((fit) => [fit.entity.name, fit.text]),
        fits,
      ));
  it('is empty without a catalogue', () => assert.deepEqual(createNameWordsIndex(undefined).fitting(['lamp']), []));
});
