// The word edits skeleton repair may make: function words and spelling only; verbs, negations, content words,
// numbers, units and targets are kept.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGLISH_LEXICON } from '../../../../src/assist/steps/repair/lexicon.ts';
import { DEFAULT_REPAIR_SETTINGS } from '../../../../src/assist/steps/repair/settings.ts';
import { createFrameEdits, isSpellingOf } from '../../../../src/assist/steps/repair/skeleton-edits.ts';

/** A frame written out: words, and «…» placeholders as single words. */
const words = (text: string): string[] => text.match(/«[^»]*»|\S+/gu) ?? [];

const edits = (input: string, candidate: string, max = 2): number =>
  createFrameEdits(words(input), ENGLISH_LEXICON, DEFAULT_REPAIR_SETTINGS.skeleton)(words(candidate), max);

describe('createFrameEdits: edits that cannot change meaning', () => {
  const rows: { input: string; candidate: string; expected: number; why: string }[] = [
    { input: 'turn of the «k»', candidate: 'turn off the «k»', expected: 1, why: '"of" is a slip of "off"' },
    { input: 'tunr on the «k»', candidate: 'turn on the «k»', expected: 1, why: 'two letters swapped' },
    { input: 'swich on the «k»', candidate: 'switch on the «k»', expected: 1, why: 'a letter missing in five' },
    { input: 'set teh «k» to 50', candidate: 'set «k» to 50', expected: 1, why: 'a misspelt article deleted' },
    { input: 'turn the off «k»', candidate: 'turn off the «k»', expected: 1, why: 'an article moved' },
    { input: 'turn on a «k»', candidate: 'turn on the «k»', expected: 1, why: 'one article for another' },
    { input: 'turn on the «k» in «a»', candidate: 'turn on the «k» at «a»', expected: 1, why: 'prepositions' },
    { input: 'turn on «k» now please', candidate: 'turn on «k»', expected: 2, why: 'fillers deleted' },
    { input: 'can you turn on «k»', candidate: 'turn on «k»', expected: 2, why: 'a filler phrase deleted' },
    { input: 'turn on «k»', candidate: 'turn on the «k»', expected: 1, why: 'an article inserted' },
    { input: 'turn on the «k»', candidate: 'turn on the «k»', expected: 0, why: 'the same' },
  ];
  for (const row of rows)
    it(`"${row.input}" → "${row.candidate}": ${row.expected} (${row.why})`, () =>
      assert.equal(edits(row.input, row.candidate), row.expected));
});

describe('createFrameEdits: edits that could change meaning do not exist', () => {
  const rows: { input: string; candidate: string; why: string }[] = [
    { input: 'do not turn off the «k»', candidate: 'turn off the «k»', why: 'a negation deleted' },
    { input: 'kill the «k»', candidate: 'the «k»', why: 'an unknown verb deleted' },
    { input: 'toggle the «k»', candidate: 'turn the «k»', why: 'a verb replaced' },
    { input: 'how humid is it in «a»', candidate: 'how hot is it in «a»', why: 'a content word replaced' },
    { input: 'set «k» to 70 percent', candidate: 'set «k» to 70', why: 'a unit deleted' },
    { input: 'set «k» to 70', candidate: 'set «k» to 70 percent', why: 'a unit inserted' },
    { input: 'set «k» to 70 percent', candidate: 'set «k» to 70 degrees', why: 'a unit replaced' },
    { input: 'set «k» to 50', candidate: 'set «k» to 60', why: 'a number replaced' },
    { input: 'turn on «k» at 7', candidate: 'turn on «k» to 7', why: 'a preposition next to a number' },
    { input: 'turn on «k» at 7', candidate: 'turn on «k» 7', why: 'a preposition next to a number deleted' },
    { input: 'turn off «k»', candidate: 'turn on «k»', why: 'a polarity replaced' },
    { input: 'turn the «k» off', candidate: 'turn the «k»', why: 'a polarity deleted ("off" is no slip of "of" here)' },
    { input: 'turn on «k» in 5 minutes', candidate: 'turn on «k»', why: 'a time deleted' },
    { input: 'lock «k»', candidate: 'look «k»', why: 'a short real word is no misspelling' },
    { input: 'turn on «k»', candidate: 'turn on «j»', why: 'a target replaced' },
    { input: 'turn on all «k»', candidate: 'turn on «k»', why: 'a quantifier deleted' },
  ];
  for (const row of rows)
    it(`"${row.input}" ↛ "${row.candidate}" (${row.why})`, () =>
      assert.ok(edits(row.input, row.candidate) > 2, String(edits(row.input, row.candidate))));

  it('stops at the most edits asked for when the lengths already differ by more', () => {
    assert.equal(edits('turn on the «k» please now', 'turn on «k»', 1), 2);
  });
});

describe('isSpellingOf', () => {
  const budget = DEFAULT_REPAIR_SETTINGS.skeleton;
  const rows: [string, string, boolean][] = [
    ['teh', 'the', true],
    ['of', 'off', true],
    ['tunr', 'turn', true],
    ['swich', 'switch', true],
    ['temprature', 'temperature', true],
    ['of', 'on', false],
    ['how', 'hot', false],
    ['old', 'cold', false],
    ['lock', 'look', false],
    ['humid', 'hot', false],
    ['500', '50', false],
    ['the', 'the', false],
  ];
  for (const [typed, word, expected] of rows)
    it(`"${typed}" → "${word}": ${expected}`, () => assert.equal(isSpellingOf(typed, word, budget), expected));
});
