// Name similarity: Damerau-Levenshtein edits, shared characters, the combined score, slips, and the letter-count bound.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  compareNames,
  countLetters,
  editDistance,
  isSlipOf,
  letterMask,
  lettersDifferTooMuch,
  minEditsByLetters,
  sharedCharacters,
} from '../../../../src/assist/steps/repair/similarity.ts';

describe('editDistance', () => {
  const rows: { a: string | string[]; b: string | string[]; max?: number; expected: number; why: string }[] = [
    { a: '', b: '', expected: 0, why: 'nothing to edit' },
    { a: 'kitchen', b: 'kitchn', expected: 1, why: 'a deletion' },
    { a: 'lihgt', b: 'light', expected: 1, why: 'an adjacent transposition is one edit' },
    { a: 'livng room', b: 'living room', expected: 1, why: 'spaces are characters like any other' },
    { a: 'ca', b: 'abc', expected: 3, why: 'optimal string alignment: a transposed pair is not edited again' },
    {
      a: ['turn', 'the', 'off', '«kitchen light»'],
      b: ['turn', 'off', 'the', '«kitchen light»'],
      expected: 1,
      why: 'words transposed',
    },
    { a: ['turn', 'of', 'the'], b: ['turn', 'off', 'the'], expected: 1, why: 'a word substituted' },
    { a: 'kitchen', b: 'chicken', max: 1, expected: 2, why: 'beyond max it stops and says max + 1' },
    { a: 'a', b: 'abcdef', max: 2, expected: 3, why: 'the length difference alone exceeds max' },
  ];
  for (const row of rows) {
    it(`${JSON.stringify(row.a)} → ${JSON.stringify(row.b)}: ${row.why}`, () =>
      assert.equal(editDistance(row.a, row.b, row.max ?? Infinity), row.expected));
  }

  it('is symmetric, and the cut-off agrees with the full distance', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), fc.nat(4), (a, b, max) => {
        const full = editDistance(a, b, Infinity);
        assert.equal(editDistance(b, a, Infinity), full);
        assert.equal(editDistance(a, b, max), Math.min(full, max + 1));
      }),
    );
  });
});

describe('minEditsByLetters', () => {
  it('never exceeds the edit distance (so it can rule names out before the distance is computed)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'k', ' ', '1', 'é'), maxLength: 10 });
    fc.assert(
      fc.property(
        word,
        word,
        (a, b) => minEditsByLetters(countLetters(a), countLetters(b), Infinity) <= editDistance(a, b, Infinity),
      ),
    );
  });

  it('rules out names with different letters without computing the distance', () => {
    assert.ok(
      minEditsByLetters(countLetters('oak river lamp'), countLetters('kitchen light'), 3) > 3,
      'more than the three edits ever allowed',
    );
    assert.equal(
      minEditsByLetters(countLetters('lihgt'), countLetters('light'), 3),
      0,
      'a transposition keeps the letters',
    );
  });
});

describe('lettersDifferTooMuch', () => {
  const word = fc.string({
    unit: fc.constantFrom('a', 'b', 'c', 'k', 'x', 'y', 'z', ' ', '1', '9', 'é'),
    maxLength: 10,
  });
  const mask = (text: string) => letterMask(countLetters(text));

  it('never rules out a pair within the allowed edits, nor one the letter counts keep', () => {
    fc.assert(
      fc.property(word, word, fc.nat(4), (a, b, max) => {
        if (!lettersDifferTooMuch(mask(a), mask(b), max)) return;
        assert.ok(editDistance(a, b, Infinity) > max);
        assert.ok(minEditsByLetters(countLetters(a), countLetters(b), max) > max);
      }),
    );
  });

  it('rules out names with few letters in common, uses the high slots (digits), and keeps slips', () => {
    assert.ok(lettersDifferTooMuch(mask('oak river lamp'), mask('kitchen light'), 3));
    assert.ok(lettersDifferTooMuch(mask('56789'), mask('1234'), 3), 'digits sit in the second bit set');
    assert.equal(lettersDifferTooMuch(mask('kitchn light'), mask('kitchen light'), 1), false);
  });
});

describe('sharedCharacters and compareNames', () => {
  it('shared characters ignore order and spaces', () => {
    assert.equal(sharedCharacters('lihgt', 'light'), 1);
    assert.equal(sharedCharacters('livingroom', 'living room'), 1);
    assert.equal(sharedCharacters('', ''), 1);
    assert.equal(sharedCharacters('abc', 'xyz'), 0);
  });

  const rows: { typed: string; name: string; score: number | undefined }[] = [
    { typed: 'lihgt', name: 'light', score: 0.88 },
    { typed: 'liggt', name: 'light', score: 0.8 },
    { typed: 'kitchn light', name: 'kitchen light', score: 0.936 },
    { typed: 'ktchn', name: 'kitchen', score: 0.762 },
    { typed: 'chicken', name: 'kitchen', score: 0.6 },
  ];
  for (const row of rows) {
    it(`"${row.typed}" against "${row.name}" scores ${row.score}`, () => {
      const similarity = compareNames(row.typed, row.name, 5);
      assert.equal(Math.round(similarity!.score * 1000) / 1000, row.score);
    });
  }

  it('returns undefined beyond the allowed edits', () =>
    assert.equal(compareNames('chicken', 'kitchen', 3), undefined));
});

describe('isSlipOf', () => {
  const rows: { typed: string; word: string; expected: boolean; why: string }[] = [
    { typed: 'of', word: 'off', expected: true, why: 'one letter of a doubled pair dropped' },
    { typed: 'onn', word: 'on', expected: true, why: 'a letter doubled' },
    { typed: 'opne', word: 'open', expected: true, why: 'two adjacent letters swapped' },
    { typed: 'ligths', word: 'lights', expected: true, why: 'two adjacent letters swapped' },
    { typed: 'no', word: 'on', expected: false, why: 'a swap in a two-letter word could be another word' },
    { typed: 'of', word: 'on', expected: false, why: 'a substituted letter is no slip' },
    { typed: 'lght', word: 'light', expected: false, why: 'a dropped letter that was not doubled' },
    { typed: 'off', word: 'off', expected: false, why: 'the word itself is no slip' },
  ];
  for (const row of rows)
    it(`"${row.typed}" for "${row.word}": ${row.why}`, () => assert.equal(isSlipOf(row.typed, row.word), row.expected));
});
