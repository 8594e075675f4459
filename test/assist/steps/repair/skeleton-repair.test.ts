// Skeleton repair on the test home: small frame errors repaired from the grammar's sentences, the rest refused.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import {
  createTextSlotList,
  createTextValue,
  loadIntents,
  recognizeBest,
  textSlotListFromStrings,
  type Intents,
} from '../../../../src/hassil/index.ts';
import {
  createNameIndex,
  DEFAULT_REPAIR_SETTINGS,
  ENGLISH_LEXICON,
  repairSkeleton,
  type RefusalReason,
  type SkeletonSettings,
  type SlotLists,
} from '../../../../src/assist/steps/repair/index.ts';
import {
  assertRepairs,
  catalogOf,
  ENTITIES,
  entity,
  INTENTS,
  recognizerOf,
  slotListsOf,
  summarize,
  type RepairedRow,
} from './home.fixture.ts';

const catalog = catalogOf();
const names = createNameIndex(catalog);
const slotLists = slotListsOf(catalog);
const recognize = recognizerOf(catalog);

function repair(text: string, settings: Partial<SkeletonSettings> = {}) {
  return repairSkeleton({
    text,
    intents: INTENTS,
    slotLists,
    names,
    recognize,
    settings: { ...DEFAULT_REPAIR_SETTINGS.skeleton, ...settings },
    lexicon: ENGLISH_LEXICON,
  });
}

const REPAIRED: (RepairedRow & { why: string })[] = [
  {
    why: '"of" for "off"',
    text: 'turn of the kitchen light',
    repaired: 'turn off the Kitchen Light',
    meaning: 'HassTurnOff name=Kitchen Light',
  },
  {
    why: '"of" for "off" at the end',
    text: 'switch the kitchen light of',
    repaired: 'switch the Kitchen Light off',
    meaning: 'HassTurnOff name=Kitchen Light',
  },
  {
    why: 'two words swapped',
    text: 'turn the off kitchen light',
    repaired: 'turn off the Kitchen Light',
    meaning: 'HassTurnOff name=Kitchen Light',
  },
  {
    why: 'a misspelled verb',
    text: 'tunr on the bed lamp',
    repaired: 'turn on the Bed Lamp',
    meaning: 'HassTurnOn name=Bed Lamp',
  },
  {
    why: 'a stray word (and a skip word)',
    text: 'turn on the ceiling fan please now',
    repaired: 'turn on the Ceiling Fan',
    meaning: 'HassTurnOn name=Ceiling Fan',
  },
  {
    why: 'the number kept',
    text: 'set teh kitchen light to 50',
    repaired: 'set Kitchen Light to 50',
    meaning: 'HassLightSet name=Kitchen Light brightness=50',
  },
  {
    why: 'the number and its unit kept ("50%" is "50 %")',
    text: 'set teh kitchen light to 50%',
    repaired: 'set Kitchen Light to 50%',
    meaning: 'HassLightSet name=Kitchen Light brightness=50',
  },
  {
    why: 'an area request',
    text: 'turn of the lights in the kitchen',
    repaired: 'turn off the lights in the Kitchen',
    meaning: 'HassTurnOff area=Kitchen domain=light',
  },
];

describe('repairSkeleton: repairs', () => {
  for (const row of REPAIRED) {
    it(`"${row.text}": ${row.why}`, () => {
      const corrections = assertRepairs(row, repair, recognize);
      assert.deepEqual(
        corrections.map((correction) => [correction.kind, correction.from, correction.to, correction.edits]),
        [['skeleton', row.text, row.repaired, 1]],
      );
    });
  }

  it('reports the score (1 − word edits / frame length) and the margin to the nearest farther candidate', () => {
    const outcome = repair('turn of the lights in the kitchen');
    assert.deepEqual(outcome.kind === 'repaired' ? outcome.corrections[0] : undefined, {
      kind: 'skeleton',
      from: 'turn of the lights in the kitchen',
      to: 'turn off the lights in the Kitchen',
      score: 0.857,
      margin: 0.143,
      edits: 1,
    });
  });
});

const REFUSED: { text: string; reason: RefusalReason; why: string; settings?: Partial<SkeletonSettings> }[] = [
  {
    why: 'fans can only be turned on in this grammar: "turn on" would flip the polarity',
    text: 'turn of the ceiling fan',
    reason: 'polarity-changed',
  },
  {
    why: '"5O" is no number; the candidates\' numbers would be new',
    text: 'set the kitchen light to 5O',
    reason: 'number-changed',
  },
  { why: '"every" would be dropped', text: 'turn of every light in the kitchen', reason: 'qualifier-changed' },
  { why: 'a condition', text: 'turn of the kitchen light when i get home', reason: 'condition' },
  { why: 'a condition', text: 'unless it rains turn of the kitchen light', reason: 'condition' },
  { why: 'relative: "up by 10"', text: 'turn the kitchen light up by 10', reason: 'relative' },
  { why: 'relative: "by 10"', text: 'set teh kitchen light by 10', reason: 'relative' },
  { why: 'relative: "brighter"', text: 'make teh kitchen light brighter', reason: 'relative' },
  { why: 'composite: "and"', text: 'turn of the kitchen light and the ceiling fan', reason: 'composite' },
  { why: 'composite: "except"', text: 'turn of all lights except the kitchen light', reason: 'composite' },
  { why: 'no polarity at all', text: 'turn the kitchen light', reason: 'unknown-polarity' },
  { why: 'contradictory polarity', text: 'turn on the kitchen light off', reason: 'unknown-polarity' },
  { why: 'a negation', text: 'do not turn of the kitchen light', reason: 'negated' },
  { why: 'a negation', text: "don't turn on the kitchen light", reason: 'negated' },
  {
    why: 'a word that is no function word is never dropped',
    text: 'turn on the kitchen light quickly',
    reason: 'word-changed',
  },
  { why: 'a time is never dropped', text: 'turn on the kitchen light tonight', reason: 'word-changed' },
  {
    why: 'a four-letter word one letter off is another word, not a slip',
    text: 'tern on the kitchen light',
    reason: 'word-changed',
  },
  { why: 'a unit is never dropped', text: 'set teh kitchen light to 50 degrees', reason: 'unit-changed' },
  { why: 'a lock needs an exact request', text: 'unlock teh front door', reason: 'unsafe-target' },
  { why: 'a garage door needs an exact request', text: 'opn the garage door', reason: 'unsafe-target' },
  {
    why: 'two sentences at one edit are more than one candidate allowed',
    text: 'turn the off kitchen light',
    reason: 'too-many-candidates',
    settings: { maxCandidates: 1 },
  },
  {
    why: 'a template with more sentences than the bound',
    text: 'turn of the kitchen light',
    reason: 'too-many-candidates',
    settings: { maxPerTemplate: 1 },
  },
  {
    why: 'more sentences overall than the bound',
    text: 'turn of the kitchen light',
    reason: 'too-many-candidates',
    settings: { maxSampled: 3 },
  },
];

describe('repairSkeleton: refusals', () => {
  for (const row of REFUSED) {
    it(`"${row.text}": ${row.reason} (${row.why})`, () => {
      const outcome = repair(row.text, row.settings);
      assert.equal(outcome.kind === 'refused' && outcome.mechanism, 'skeleton', JSON.stringify(outcome));
      assert.equal(outcome.kind === 'refused' && outcome.reason, row.reason);
    });
  }

  it('lists the candidates a constraint ruled out', () => {
    const outcome = repair('turn of the ceiling fan');
    assert.deepEqual(outcome.kind === 'refused' ? outcome.candidates : [], [
      { kind: 'sentence', text: 'turn on the Ceiling Fan', intent: 'HassTurnOn', score: 0.75, edits: 1 },
    ]);
  });
});

describe('repairSkeleton: words that may belong to a longer name', () => {
  const withLamp = catalogOf([...ENTITIES, entity('Lamp', 'light', 'Attic')]);
  const lampLists = slotListsOf(withLamp);

  function repairWithLamp(text: string) {
    return repairSkeleton({
      text,
      intents: INTENTS,
      slotLists: lampLists,
      names: createNameIndex(withLamp),
      recognize: recognizerOf(withLamp),
      settings: DEFAULT_REPAIR_SETTINGS.skeleton,
      lexicon: ENGLISH_LEXICON,
    });
  }

  it('"turn on the bll lamp" is not "turn on the Lamp": "bll" may be the start of "Hall Lamp" or "Wall Lamp"', () => {
    const outcome = repairWithLamp('turn on the bll lamp');
    assert.equal(outcome.kind === 'refused' && outcome.reason, 'qualifier-changed');
  });

  it('a word on a side no longer name continues may still go ("turn on the lamp now")', () => {
    const outcome = repairWithLamp('turn on the lamp now');
    assert.equal(outcome.kind === 'repaired' && outcome.text, 'turn on the Lamp');
  });
});

describe('repairSkeleton: ambiguity and nothing to repair', () => {
  const MEDIA = `
language: en
intents:
  HassMediaPause: {data: [{sentences: ["pause [the] {name}"]}]}
  HassMediaUnpause: {data: [{sentences: ["unpause [the] {name}"]}]}
`;
  const media: Intents = loadIntents(yaml.load(MEDIA));
  const tv = catalogOf([entity('TV', 'media_player', 'Living Room')]);
  const mediaLists: SlotLists = {
    name: textSlotListFromStrings('name', ['TV'], false),
    area: createTextSlotList('area', []),
  };

  it('"upause the tv" is one edit from "pause" and from "unpause": two meanings, refused', () => {
    const outcome = repairSkeleton({
      text: 'upause the tv',
      intents: media,
      slotLists: mediaLists,
      names: createNameIndex(tv),
      recognize: (text) => recognizeBest(text, media, { slotLists: mediaLists }),
      settings: DEFAULT_REPAIR_SETTINGS.skeleton,
      lexicon: ENGLISH_LEXICON,
    });
    assert.equal(outcome.kind === 'refused' && outcome.reason, 'ambiguous');
    assert.deepEqual(
      outcome.kind === 'refused'
        ? outcome.candidates.map((candidate) => candidate.kind === 'sentence' && candidate.intent)
        : [],
      ['HassMediaPause', 'HassMediaUnpause'],
    );
  });

  it('a grammar without a lexicon (not English) is not repaired', () => {
    const german: Intents = loadIntents(yaml.load(MEDIA.replace('language: en', 'language: de')));
    const outcome = repairSkeleton({
      text: 'upause the tv',
      intents: german,
      slotLists: mediaLists,
      names: createNameIndex(tv),
      recognize: () => undefined,
      settings: DEFAULT_REPAIR_SETTINGS.skeleton,
      lexicon: undefined,
    });
    assert.deepEqual(outcome, { kind: 'none' });
  });

  const rows: { text: string; why: string }[] = [
    { text: 'what is the weather like', why: 'no template is within reach' },
    { text: 'turn on the kichen light', why: "a misspelled name is no frame error (fuzzy repair's job)" },
    { text: '', why: 'an empty sentence' },
  ];
  for (const row of rows) it(`"${row.text}": ${row.why}`, () => assert.deepEqual(repair(row.text), { kind: 'none' }));

  it("keeps the caller's list values (and their context) for the names it samples", () => {
    const lists = {
      ...slotLists,
      name: createTextSlotList('name', [
        createTextValue('Kitchen Light', 'light.kitchen', { allowTemplate: false, context: { domain: 'light' } }),
      ]),
    };
    const outcome = repairSkeleton({
      text: 'turn of the kitchen light',
      intents: INTENTS,
      slotLists: lists,
      names,
      settings: DEFAULT_REPAIR_SETTINGS.skeleton,
      lexicon: ENGLISH_LEXICON,
      recognize: (text) => recognizeBest(text, INTENTS, { slotLists: lists, bestSlotName: 'name' }),
    });
    assert.equal(
      outcome.kind === 'repaired' ? summarize(outcome.result) : outcome.kind,
      'HassTurnOff name=light.kitchen',
    );
  });
});
