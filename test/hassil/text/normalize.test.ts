// Input normalisation: punctuation (with hassil's exceptions), whitespace, NFC, apostrophes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeText, removePunctuation } from '../../../src/hassil/text/normalize.ts';

describe('removePunctuation', () => {
  const ROWS: [string, string][] = [
    ['hello, world!', 'hello world'],
    ['¿qué hora es?', 'qué hora es'],
    ['turn on the tv. please', 'turn on the tv please'],
    ['set it to 2.5', 'set it to 2.5'],
    ['A.C.', 'A.C.'],
    ['turn on the A.C.', 'turn on the A.C'],
    ["what's up?", "what's up"],
    ['x:y stays', 'x:y stays'],
    ['...', ''],
    ['wait ... what', 'wait  what'],
  ];
  for (const [input, expected] of ROWS)
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () =>
      assert.equal(removePunctuation(input), expected));
});

describe('normalizeText', () => {
  it('collapses whitespace, composes to NFC and straightens apostrophes, without trimming or lower-casing', () => {
    assert.equal(normalizeText(' Turn\t on  the  Ku\u0308che ’s '), " Turn on the Küche 's ");
  });
});
