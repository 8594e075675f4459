// How many devices a sentence names by their kind, and "all" without the whole home, in English and German.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDevicesSaid, saysAllWithoutHome } from '../../../../src/assist/steps/facts/index.ts';

describe('readDevicesSaid', () => {
  const rows: [string, string, 'one' | 'several' | undefined][] = [
    ['mach die Lampe in der Küche aus', 'de', 'one'],
    ['mach die Lampen in der Küche aus', 'de', 'several'],
    ['schalte alle Lichter im Wohnzimmer aus', 'de', 'several'],
    // "Das Licht" is the lighting of a place, as Home Assistant's German tests use it.
    ['mach das Licht im Wohnzimmer an', 'de', 'several'],
    ['schalte die Beleuchtung aus', 'de', 'several'],
    ['schalte den Ventilator aus', 'de', 'one'],
    ['schalte den Lüfter aus', 'de', undefined],
    ['lock the door', 'en', 'one'],
    ['lock every door', 'en', 'several'],
    ['lock the doors', 'en', 'several'],
    ['pause the music', 'en', undefined],
    ['mach die Lampe aus', 'fr', undefined],
  ];
  for (const [text, language, expected] of rows)
    it(`"${text}" (${language}) → ${expected}`, () => assert.equal(readDevicesSaid(text, language), expected));
});

describe('saysAllWithoutHome', () => {
  const rows: [string, string, boolean][] = [
    ['schalte alle Lichter aus', 'de', true],
    ['schalte überall das Licht aus', 'de', false],
    ['schalte alle Lichter im ganzen Haus aus', 'de', false],
    ['schalte das Licht aus', 'de', false],
    ['lock all the doors', 'en', true],
    ['lock all the doors in the house', 'en', false],
    ['turn off the house lights', 'en', false],
  ];
  for (const [text, language, expected] of rows)
    it(`"${text}" (${language}) → ${expected}`, () => assert.equal(saysAllWithoutHome(text, language), expected));
});
