// Candidate sentences: templates pruned to the input's words, bounded sets, wildcards never sampled.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { loadIntents, toMap as toListMap, type Intents } from '../../../../src/hassil/index.ts';
import { sampleNearSentences, type SamplingInput } from '../../../../src/assist/steps/repair/skeleton-sampling.ts';
import {
  findInputTargets,
  frameOf,
  narrowLists,
  TARGET_LISTS,
} from '../../../../src/assist/steps/repair/skeleton-targets.ts';
import { ENGLISH_LEXICON } from '../../../../src/assist/steps/repair/lexicon.ts';
import { PLACEHOLDER_MARK } from '../../../../src/assist/steps/repair/skeleton-constraints.ts';
import { splitWords } from '../../../../src/assist/steps/repair/words.ts';
import { catalogOf, INTENTS, slotListsOf } from './home.fixture.ts';

const slotLists = toListMap(slotListsOf(catalogOf()));

/** The sampling input for `text`, as skeleton repair builds it. */
function inputFor(
  text: string,
  options: { intents?: Intents; maxEdits?: number; maxPerTemplate?: number; maxSampled?: number } = {},
): SamplingInput {
  const intents = options.intents ?? INTENTS;
  const skipPhrases = intents.skipWords.map((phrase) => splitWords(phrase).map((word) => word.key));
  const targets = findInputTargets(
    splitWords(text).map((word) => word.key),
    slotLists,
  );
  const frame = frameOf(text, targets, skipPhrases);
  return {
    intents,
    slotLists: narrowLists(intents.slotLists, slotLists, { targets, frame, lexicon: ENGLISH_LEXICON }),
    targetLists: TARGET_LISTS,
    inputWords: frame.filter((word) => !word.startsWith(PLACEHOLDER_MARK)),
    frameLength: frame.length,
    skipPhrases,
    maxEdits: options.maxEdits ?? 1,
    maxPerTemplate: options.maxPerTemplate ?? 64,
    maxSampled: options.maxSampled ?? 4000,
  };
}

function sentencesFor(text: string, options: Parameters<typeof inputFor>[1] = {}): string[] {
  return sampleNearSentences(inputFor(text, options)).sentences.map(
    (candidate) => `${candidate.intent}: ${candidate.sentence}`,
  );
}

describe('sampleNearSentences', () => {
  it('offers only what "turn of the kitchen light" may have meant: "turn" kept, "switch" gone, "of" → "on" or "off"', () => {
    assert.deepEqual(sentencesFor('turn of the kitchen light'), [
      'HassTurnOn: turn on the Kitchen Light',
      'HassTurnOn: turn on Kitchen Light',
      'HassTurnOn: turn the Kitchen Light on',
      'HassTurnOn: turn Kitchen Light on',
      'HassTurnOff: turn off the Kitchen Light',
      'HassTurnOff: turn off Kitchen Light',
      'HassTurnOff: turn the Kitchen Light off',
      'HassTurnOff: turn Kitchen Light off',
    ]);
  });

  it('samples names and numbers from the input only, and drops optional words the input does not have', () => {
    assert.deepEqual(sentencesFor('set teh kitchen light to 50'), ['HassLightSet: set Kitchen Light to 50']);
  });

  it('samples nothing for a sentence far from every template', () => {
    assert.deepEqual(sentencesFor('what is the weather like'), []);
  });

  it('never samples a wildcard template (its placeholder text would be a wrong repair)', () => {
    const grammar: Intents = loadIntents(
      yaml.load(`
language: en
intents:
  HassShoppingListAddItem: {data: [{sentences: ["add {item} to [my] shopping list"]}]}
lists:
  item: {wildcard: true}
`),
    );
    assert.deepEqual(sentencesFor('ad milk to my shopping list', { intents: grammar, maxEdits: 2 }), []);
  });

  it('stops and says so when a template has more sentences than the bound', () => {
    const sampled = sampleNearSentences(inputFor('turn of the kitchen light', { maxPerTemplate: 1 }));
    assert.equal(sampled.isTruncated, true);
  });

  it('stops and says so when the grammar has more sentences than the bound', () => {
    const sampled = sampleNearSentences(inputFor('turn of the kitchen light', { maxSampled: 3 }));
    assert.deepEqual([sampled.isTruncated, sampled.sentences.length], [true, 4]);
  });

  it('is complete within the bounds', () => {
    assert.equal(sampleNearSentences(inputFor('turn of the kitchen light')).isTruncated, false);
  });
});
