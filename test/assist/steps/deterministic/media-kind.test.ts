// The kind of media player a sentence names outside its place and name, per language, and the play requests that
// name no title.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isUntitledQuery, readMediaKind } from '../../../../src/assist/steps/deterministic/media-kind.ts';
import type { RecognizeResult } from '../../../../src/hassil/index.ts';

/** A match whose area slot matched `areaText` (the only part of a result the kind reader looks at). */
function matchWithArea(areaText?: string): RecognizeResult {
  const entities =
    areaText === undefined ? {} : { area: { name: 'area', value: areaText, text: areaText, isWildcard: false } };
  return { entities } as unknown as RecognizeResult;
}

describe('readMediaKind', () => {
  const rows: [text: string, language: string, area: string | undefined, expected: string | undefined][] = [
    ['stop the music in the kitchen', 'en', 'kitchen', 'music'],
    ['pause the TV', 'en', undefined, 'tv'],
    ['mute the television in the den', 'en', 'den', 'tv'],
    ['pause the radio', 'en', undefined, 'radio'],
    ['mute the speakers', 'en', undefined, 'speaker'],
    ['pause the stereo', 'en', undefined, 'receiver'],
    // The area's own words are a place, not a kind.
    ['pause the music in the TV room', 'en', 'TV room', 'music'],
    ['pause the TV in the TV room', 'en', 'TV room', 'tv'],
    ['pause in the TV room', 'en', 'TV room', undefined],
    // Two kinds: the sentence does not say one.
    ['pause the music on the TV', 'en', undefined, undefined],
    ['pause', 'en', undefined, undefined],
    ['stopp die Musik in der Küche', 'de', 'Küche', 'music'],
    ['pausiere den Fernseher', 'de', undefined, 'tv'],
    ['schalte das Radio stumm', 'de', undefined, 'radio'],
    ['mets la musique en pause', 'fr', undefined, undefined],
  ];
  for (const [text, language, area, expected] of rows)
    it(`"${text}" (${language}) → ${expected ?? 'no kind'}`, () => {
      assert.equal(readMediaKind(matchWithArea(area), text, language), expected);
    });
});

describe('isUntitledQuery', () => {
  const rows: [query: string, language: string, expected: boolean][] = [
    ['some music', 'en', true],
    ['music', 'en', true],
    ['something', 'en', true],
    ['a little bit of music', 'en', true],
    ['the radio', 'en', true],
    ['jazz', 'en', false],
    ['some jazz music', 'en', false],
    ['music by Queen', 'en', false],
    ['the TV', 'en', false],
    ['', 'en', false],
    ['Musik', 'de', true],
    ['etwas Musik', 'de', true],
    ['Musik von Queen', 'de', false],
    ['musique', 'fr', false],
  ];
  for (const [query, language, expected] of rows)
    it(`"${query}" (${language}) → ${expected}`, () => {
      assert.equal(isUntitledQuery(query, language), expected);
    });
});
