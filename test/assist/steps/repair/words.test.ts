// Words of a sentence: folding, phrase spans (all, and longest from the left), skip phrases.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  findLongestPhrases,
  findPhraseSpans,
  foldPhrase,
  removeSkipPhrases,
  splitWords,
} from '../../../../src/assist/steps/repair/words.ts';

describe('splitWords and foldPhrase', () => {
  it('keeps the text as typed next to a folded key, without punctuation, splitting on - and _', () => {
    assert.deepEqual(splitWords('Turn off the living-room light, please!'), [
      { text: 'Turn', key: 'turn' },
      { text: 'off', key: 'off' },
      { text: 'the', key: 'the' },
      { text: 'living', key: 'living' },
      { text: 'room', key: 'room' },
      { text: 'light,', key: 'light' },
      { text: 'please!', key: 'please' },
    ]);
  });

  it('keeps numbers, percentages and apostrophes; drops pieces that are only punctuation', () => {
    assert.deepEqual(
      splitWords("set it to 2.5 or 50% ? what's").map((word) => word.key),
      ['set', 'it', 'to', '2.5', 'or', '50%', "what's"],
    );
  });

  const names = ['Kitchen Light', '  Living   Room ', 'Wi-Fi Plug', "Kid's Lamp", 'Lámpara Salón', 'Desk (left)'];
  for (const name of names) {
    it(`folds "${name}" as the words of a sentence would be`, () =>
      assert.equal(
        foldPhrase(name),
        splitWords(name)
          .map((word) => word.key)
          .join(' '),
      ));
  }
});

describe('phrase spans', () => {
  const phrases = new Map([
    ['kitchen', 'area'],
    ['kitchen light', 'entity'],
    ['light', 'entity'],
  ]);
  const keys = ['turn', 'on', 'the', 'kitchen', 'light'];

  it('findPhraseSpans finds every occurrence, overlapping ones included', () => {
    assert.deepEqual(
      findPhraseSpans(keys, phrases, 2).map((span) => [span.start, span.end, span.value]),
      [
        [3, 4, 'area'],
        [3, 5, 'entity'],
        [4, 5, 'entity'],
      ],
    );
  });

  it('findLongestPhrases takes the longest from the left, without overlaps', () => {
    assert.deepEqual(
      findLongestPhrases(keys, phrases, 2).map((span) => [span.start, span.end]),
      [[3, 5]],
    );
  });
});

describe('removeSkipPhrases', () => {
  it('removes whole phrases, the longest first, and leaves partial matches', () => {
    const skip = [['please'], ['can', 'you'], ["i'd", 'like'], ["i'd", 'like', 'to']];
    assert.deepEqual(removeSkipPhrases(['can', 'you', 'please', 'turn', 'on', 'the', 'light'], skip), [
      'turn',
      'on',
      'the',
      'light',
    ]);
    assert.deepEqual(removeSkipPhrases(["i'd", 'like', 'to', 'dim', 'it'], skip), ['dim', 'it']);
    assert.deepEqual(removeSkipPhrases(['you', 'can', 'go'], skip), ['you', 'can', 'go']);
  });
});
