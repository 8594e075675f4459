// repairSentence: fuzzy slot repair first, then skeleton repair, one correction at most, bounded on a large catalogue.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createNameIndex,
  DEFAULT_REPAIR_SETTINGS,
  repairSentence,
  type Recognize,
  type RepairInput,
  type RepairOutcome,
} from '../../../../src/assist/steps/repair/index.ts';
import type { CatalogEntity } from '../../../../src/assist/understand/index.ts';
import { catalogOf, entity, ENTITIES, INTENTS, recognizerOf, slotListsOf, summarize } from './home.fixture.ts';

const catalog = catalogOf();

function inputFor(text: string, overrides: Partial<RepairInput> = {}): RepairInput {
  const home = overrides.catalog ?? catalog;
  return {
    text,
    catalog: home,
    recognize: recognizerOf(home),
    intents: INTENTS,
    slotLists: slotListsOf(home),
    ...overrides,
  };
}

/** A compact view of an outcome: what was done, by which mechanism, to what. */
function describeOutcome(outcome: RepairOutcome): string {
  switch (outcome.kind) {
    case 'repaired':
      return `repaired by ${outcome.corrections.map((correction) => correction.kind).join('+')}: ${outcome.text} → ${summarize(outcome.result)}`;
    case 'refused':
      return `refused by ${outcome.mechanism}: ${outcome.reason}`;
    case 'none':
      return 'none';
  }
}

describe('repairSentence', () => {
  const rows: { text: string; expected: string; why: string }[] = [
    {
      why: 'a misspelled name: fuzzy repair',
      text: 'turn off the kitchn light',
      expected: 'repaired by fuzzy: turn off the Kitchen Light → HassTurnOff name=Kitchen Light',
    },
    {
      why: 'a frame error: skeleton repair',
      text: 'turn of the kitchen light',
      expected: 'repaired by skeleton: turn off the Kitchen Light → HassTurnOff name=Kitchen Light',
    },
    {
      why: 'a lock: fuzzy refuses and nothing else is tried',
      text: 'unlock the front dor',
      expected: 'refused by fuzzy: unsafe-target',
    },
    {
      why: 'two close names: the fuzzy refusal says more than skeleton',
      text: 'turn on the ball lamp',
      expected: 'refused by fuzzy: ambiguous',
    },
    {
      why: 'a conditional frame error: the skeleton refusal',
      text: 'turn of the kitchen light when i get home',
      expected: 'refused by skeleton: condition',
    },
    {
      why: 'two errors, one in a name and one in the frame: one repair cannot fix both',
      text: 'turn of the kitchn light',
      expected: 'refused by fuzzy: reparse-failed',
    },
    {
      why: 'a misspelled name and a misspelled word: one slot only',
      text: 'turn on the lihgt in the livng room',
      expected: 'refused by fuzzy: reparse-failed',
    },
    { why: 'nothing close', text: 'what is the weather like', expected: 'none' },
  ];
  for (const row of rows) {
    it(`"${row.text}": ${row.why}`, () => {
      assert.equal(recognizerOf(catalog)(row.text), undefined, 'the input must not be recognised as it is');
      assert.equal(describeOutcome(repairSentence(inputFor(row.text))), row.expected);
    });
  }

  it('never lets skeleton repair drop a word that may be part of a misspelled name', () => {
    const withLamp = catalogOf([...ENTITIES, entity('Lamp', 'light', 'Attic')]);
    assert.equal(
      describeOutcome(repairSentence(inputFor('turn on the ball lamp', { catalog: withLamp }))),
      'refused by fuzzy: ambiguous',
    );
    assert.equal(
      describeOutcome(repairSentence(inputFor('turn on the bll lamp', { catalog: withLamp }))),
      'refused by skeleton: qualifier-changed',
    );
  });

  it('never tries skeleton repair after refusing an unsafe target', () => {
    const seen: string[] = [];
    const recognize: Recognize = (text) => {
      seen.push(text);
      return recognizerOf(catalog)(text);
    };
    repairSentence(inputFor('unlock the front dor', { recognize }));
    assert.deepEqual(seen, []);
  });

  it('returns diagnostics that serialise as they are (corrections, candidates)', () => {
    const repaired = repairSentence(inputFor('turn off the kitchn light'));
    assert.equal(repaired.kind, 'repaired');
    if (repaired.kind === 'repaired')
      assert.deepEqual(JSON.parse(JSON.stringify(repaired.corrections)), repaired.corrections);
    const refused = repairSentence(inputFor('turn on the ball lamp'));
    assert.equal(refused.kind, 'refused');
    if (refused.kind === 'refused')
      assert.deepEqual(JSON.parse(JSON.stringify(refused.candidates)), refused.candidates);
  });

  it('takes its settings from the caller, DEFAULT_REPAIR_SETTINGS otherwise', () => {
    const strict = { ...DEFAULT_REPAIR_SETTINGS, fuzzy: { ...DEFAULT_REPAIR_SETTINGS.fuzzy, threshold: 0.99 } };
    assert.equal(describeOutcome(repairSentence(inputFor('turn off the kitchn light', { settings: strict }))), 'none');
    assert.equal(repairSentence(inputFor('turn off the kitchn light')).kind, 'repaired');
  });

  it('leaves skeleton repair off at skeleton maxDistance 0, and fuzzy repair off at fuzzy maxEdits 0', () => {
    const noSkeleton = {
      ...DEFAULT_REPAIR_SETTINGS,
      skeleton: { ...DEFAULT_REPAIR_SETTINGS.skeleton, maxDistance: 0 },
    };
    assert.equal(repairSentence(inputFor('turn of the kitchen light')).kind, 'repaired');
    assert.equal(
      describeOutcome(repairSentence(inputFor('turn of the kitchen light', { settings: noSkeleton }))),
      'none',
    );
    assert.equal(repairSentence(inputFor('turn off the kitchn light', { settings: noSkeleton })).kind, 'repaired');
    const noFuzzy = { ...DEFAULT_REPAIR_SETTINGS, fuzzy: { ...DEFAULT_REPAIR_SETTINGS.fuzzy, maxEdits: 0 } };
    const outcome = repairSentence(inputFor('turn off the kitchn light', { settings: noFuzzy }));
    assert.ok(
      outcome.kind !== 'repaired' || outcome.corrections.every((correction) => correction.kind !== 'fuzzy'),
      JSON.stringify(outcome),
    );
  });

  it('gives the same result with a name index kept by the caller', () => {
    const names = createNameIndex(catalog);
    for (const text of ['turn off the kitchn light', 'turn of the kitchen light', 'turn on the ball lamp']) {
      assert.equal(
        describeOutcome(repairSentence(inputFor(text, { names }))),
        describeOutcome(repairSentence(inputFor(text))),
      );
    }
  });
});

describe('repairSentence on a 2,000-entity catalogue', () => {
  const colours = [
    'red',
    'blue',
    'green',
    'amber',
    'silver',
    'golden',
    'misty',
    'sunny',
    'quiet',
    'north',
    'south',
    'oak',
    'pine',
    'stone',
    'river',
    'maple',
  ];
  const kinds: [string, string][] = [
    ['Lamp', 'light'],
    ['Spot', 'light'],
    ['Strip', 'light'],
    ['Plug', 'switch'],
    ['Fan', 'fan'],
    ['Speaker', 'media_player'],
    ['Sensor', 'sensor'],
    ['Heater', 'climate'],
  ];
  const generated: CatalogEntity[] = colours
    .flatMap((first) =>
      colours.flatMap((second) => kinds.map(([kind, domain]) => entity(`${first} ${second} ${kind}`, domain, 'Attic'))),
    )
    .slice(0, 2000);
  const large = catalogOf([...ENTITIES, ...generated]);

  // Its speed is measured by bench:assist, not asserted here (timings never decide a test).
  it('repairs as on the small home', () => {
    assert.equal(
      describeOutcome(repairSentence(inputFor('turn off the kitchn light', { catalog: large }))),
      'repaired by fuzzy: turn off the Kitchen Light → HassTurnOff name=Kitchen Light',
    );
    assert.equal(
      describeOutcome(repairSentence(inputFor('turn of the kitchen light', { catalog: large }))),
      'repaired by skeleton: turn off the Kitchen Light → HassTurnOff name=Kitchen Light',
    );
    assert.equal(
      describeOutcome(repairSentence(inputFor('turn on the oak rivr lamp', { catalog: large }))),
      'repaired by fuzzy: turn on the oak river Lamp → HassTurnOn name=oak river Lamp',
    );
  });
});

describe('repairSentence: the time budget', () => {
  it('tries no repair once the budget is spent', () => {
    const outcome = repairSentence(inputFor('turn off the kitchn light', { isOverBudget: () => true }));
    assert.equal(describeOutcome(outcome), 'refused by fuzzy: over-budget');
  });

  it('gives up before skeleton repair when fuzzy repair spent the budget', () => {
    let checks = 0;
    const outcome = repairSentence(inputFor('turn of the kitchen light', { isOverBudget: () => checks++ > 0 }));
    assert.equal(describeOutcome(outcome), 'refused by skeleton: over-budget');
  });

  it('repairs as before while the budget lasts', () => {
    const outcome = repairSentence(inputFor('turn of the kitchen light', { isOverBudget: () => false }));
    assert.equal(outcome.kind, 'repaired');
  });
});
