// Fuzzy slot repair on the test home: one misspelled name repaired, or refused with its candidates.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createNameIndex,
  DEFAULT_REPAIR_SETTINGS,
  ENGLISH_LEXICON,
  repairNameSpelling,
  type FuzzySettings,
  type Recognize,
  type RefusalReason,
} from '../../../../src/assist/steps/repair/index.ts';
import { assertRepairs, catalogOf, entity, recognizerOf, type RepairedRow } from './home.fixture.ts';

const catalog = catalogOf();
const names = createNameIndex(catalog);
const recognize = recognizerOf(catalog);

function repair(text: string, options: { recognize?: Recognize; settings?: Partial<FuzzySettings> } = {}) {
  const settings = { ...DEFAULT_REPAIR_SETTINGS.fuzzy, ...options.settings };
  return repairNameSpelling({
    text,
    names,
    recognize: options.recognize ?? recognize,
    settings,
    lexicon: ENGLISH_LEXICON,
  });
}

/** A repair and the one correction it reports. */
interface Repaired extends RepairedRow {
  from: string;
  to: string;
  edits: number;
}

const REPAIRED: (Repaired & { why: string })[] = [
  {
    why: 'a dropped letter in an entity name',
    text: 'turn off the kitchn light',
    repaired: 'turn off the Kitchen Light',
    meaning: 'HassTurnOff name=Kitchen Light',
    from: 'kitchn light',
    to: 'Kitchen Light',
    edits: 1,
  },
  {
    why: 'a transposition is one edit',
    text: 'turn on the kithcen light',
    repaired: 'turn on the Kitchen Light',
    meaning: 'HassTurnOn name=Kitchen Light',
    from: 'kithcen light',
    to: 'Kitchen Light',
    edits: 1,
  },
  {
    why: 'an area name',
    text: 'turn on the light in the livng room',
    repaired: 'turn on the light in the Living Room',
    meaning: 'HassTurnOn area=Living Room domain=light',
    from: 'livng room',
    to: 'Living Room',
    edits: 1,
  },
  {
    why: 'an area alias',
    text: 'turn on the lights in the lonuge',
    repaired: 'turn on the lights in the Lounge',
    meaning: 'HassTurnOn area=Living Room domain=light',
    from: 'lonuge',
    to: 'Lounge',
    edits: 1,
  },
  {
    why: 'the area named exactly limits the entities: the kitchen has "Ceiling Light", though "Ceiling Lights" (bedroom) is closer',
    text: 'turn on the celing lights in the kitchen',
    repaired: 'turn on the Ceiling Light in the kitchen',
    meaning: 'HassTurnOn name=Ceiling Light area=Kitchen',
    from: 'celing lights',
    to: 'Ceiling Light',
    edits: 2,
  },
  {
    why: 'the domain word "light" rules out the lock that is also called "Porch"',
    text: 'turn on the prch light',
    repaired: 'turn on the Porch light',
    meaning: 'HassTurnOn name=Porch',
    from: 'prch',
    to: 'Porch',
    edits: 1,
  },
  {
    why: 'the exact name "bed lamp" is kept although "Bed Lamps" is one letter away; only the area is repaired',
    text: 'turn on the bed lamp in the bedrom',
    repaired: 'turn on the bed lamp in the Bedroom',
    meaning: 'HassTurnOn name=Bed Lamp area=Bedroom',
    from: 'bedrom',
    to: 'Bedroom',
    edits: 1,
  },
  {
    why: 'an exact word inside the span is kept as it is ("kitchen" of "kitchen lihgt")',
    text: 'turn on the kitchen lihgt',
    repaired: 'turn on the Kitchen Light',
    meaning: 'HassTurnOn name=Kitchen Light',
    from: 'kitchen lihgt',
    to: 'Kitchen Light',
    edits: 1,
  },
  {
    why: 'a cover whose device class is a blind may be repaired',
    text: 'open the patio blnd',
    repaired: 'open the Patio Blind',
    meaning: 'HassTurnOn name=Patio Blind',
    from: 'patio blnd',
    to: 'Patio Blind',
    edits: 1,
  },
  {
    why: 'one edit beats two by the margin ("Ceiling Light" over "Ceiling Lights")',
    text: 'turn on the celing light',
    repaired: 'turn on the Ceiling Light',
    meaning: 'HassTurnOn name=Ceiling Light',
    from: 'celing light',
    to: 'Ceiling Light',
    edits: 1,
  },
];

describe('repairNameSpelling: repairs', () => {
  for (const row of REPAIRED) {
    it(`"${row.text}": ${row.why}`, () => {
      const corrections = assertRepairs(row, repair, recognize);
      assert.equal(corrections.length, 1, 'exactly one slot is repaired');
      const [correction] = corrections;
      assert.deepEqual(
        { kind: correction!.kind, from: correction!.from, to: correction!.to, edits: correction!.edits },
        { kind: 'fuzzy', from: row.from, to: row.to, edits: row.edits },
      );
      assert.ok(
        correction!.score >= DEFAULT_REPAIR_SETTINGS.fuzzy.threshold &&
          correction!.margin >= DEFAULT_REPAIR_SETTINGS.fuzzy.margin,
      );
    });
  }
});

const REFUSED: { text: string; reason: RefusalReason; candidates: string[]; why: string }[] = [
  {
    why: 'two names one letter away',
    text: 'turn on the ball lamp',
    reason: 'ambiguous',
    candidates: ['Hall Lamp', 'Wall Lamp'],
  },
  {
    why: 'two misspelled slots compete; neither is repaired',
    text: 'turn on the bed lanp in the bedrom',
    reason: 'below-margin',
    candidates: ['Bedroom', 'Bed Lamp'],
  },
  {
    why: 'a lock is never reached by repair',
    text: 'unlock the front dor',
    reason: 'unsafe-target',
    candidates: ['Front Door'],
  },
  {
    why: 'a garage door is never reached by repair',
    text: 'open the garage dor',
    reason: 'unsafe-target',
    candidates: ['Garage Door'],
  },
  {
    why: 'a cover of unknown class may be a door',
    text: 'open the shed blnd',
    reason: 'unsafe-target',
    candidates: ['Shed Blind'],
  },
  {
    why: 'without a domain word, the lock named "Porch" is a candidate',
    text: 'turn on the prch',
    reason: 'unsafe-target',
    candidates: ['Porch', 'Porch'],
  },
  {
    why: 'one slot only: "lihgt" stays misspelled, so the reparse fails',
    text: 'turn on the lihgt in the livng room',
    reason: 'reparse-failed',
    candidates: ['Living Room'],
  },
];

describe('repairNameSpelling: refusals', () => {
  for (const row of REFUSED) {
    it(`"${row.text}": ${row.reason} (${row.why})`, () => {
      const outcome = repair(row.text);
      assert.equal(outcome.kind, 'refused', JSON.stringify(outcome));
      if (outcome.kind !== 'refused') return;
      assert.equal(outcome.mechanism, 'fuzzy');
      assert.equal(outcome.reason, row.reason);
      assert.deepEqual(
        outcome.candidates.map((candidate) => (candidate.kind === 'sentence' ? candidate.text : candidate.name)),
        row.candidates,
      );
    });
  }

  it('reports the constrained candidates with their domain, area and safety', () => {
    const outcome = repair('turn on the prch');
    assert.equal(outcome.kind, 'refused');
    assert.deepEqual(outcome.kind === 'refused' ? outcome.candidates : [], [
      {
        kind: 'entity',
        from: 'prch',
        name: 'Porch',
        domain: 'light',
        area: 'Hallway',
        score: 0.836,
        requiresExactName: false,
      },
      {
        kind: 'entity',
        from: 'prch',
        name: 'Porch',
        domain: 'lock',
        area: 'Hallway',
        score: 0.836,
        requiresExactName: true,
      },
    ]);
  });

  it('the margin is a parameter: at 0.1, "celing light" is too close to "Ceiling Lights"', () => {
    const outcome = repair('turn on the celing light', { settings: { margin: 0.1 } });
    assert.equal(outcome.kind === 'refused' && outcome.reason, 'below-margin');
  });

  it('the threshold is a parameter: at 0.95, one edit in "kitchn light" is not enough', () => {
    assert.deepEqual(repair('turn off the kitchn light', { settings: { threshold: 0.95 } }), { kind: 'none' });
  });
});

describe('repairNameSpelling: exact names are protected', () => {
  // Fails on the input and accepts any rewrite of it: only protection keeps an exact name as it is.
  const acceptAnyRewrite =
    (input: string): Recognize =>
    (text) =>
      text === input ? undefined : recognize('turn on the Bed Lamp');

  it('a span that would change an exact name\'s words is never rewritten ("bed lamp shade" is not "Red Lamp Shade")', () => {
    const home = createNameIndex(
      catalogOf([entity('Bed Lamp', 'light', 'Bedroom'), entity('Red Lamp Shade', 'light', 'Bedroom')]),
    );
    const text = 'turn on the bed lamp shade';
    const outcome = repairNameSpelling({
      text,
      names: home,
      recognize: acceptAnyRewrite(text),
      settings: DEFAULT_REPAIR_SETTINGS.fuzzy,
      lexicon: ENGLISH_LEXICON,
    });
    assert.deepEqual(outcome, { kind: 'none' });
  });

  it('an exact name is not rewritten into a similar one ("bed lamp" is not "Bed Lamps")', () => {
    assert.deepEqual(repair('turn on the bed lamp', { recognize: acceptAnyRewrite('turn on the bed lamp') }), {
      kind: 'none',
    });
  });
});

describe('repairNameSpelling: only the words of a name are replaced', () => {
  const numberedCatalog = catalogOf([entity('Light 2', 'light', 'Attic'), entity('Reading Lamp', 'light', 'Study')]);
  const numbered = createNameIndex(numberedCatalog);
  const repairIn = (text: string) =>
    repairNameSpelling({
      text,
      names: numbered,
      recognize: () => undefined,
      settings: DEFAULT_REPAIR_SETTINGS.fuzzy,
      lexicon: ENGLISH_LEXICON,
    });

  it('"light 3" is never "Light 2": a number the name does not have is kept', () => {
    assert.deepEqual(repairIn('turn on light 3'), { kind: 'none' });
  });

  it('a negated sentence is not repaired at all', () => {
    assert.deepEqual(repair("don't turn off the kitchn light"), {
      kind: 'refused',
      mechanism: 'fuzzy',
      reason: 'negated',
      candidates: [],
    });
    assert.deepEqual(repair('do not turn off the kitchn light'), {
      kind: 'refused',
      mechanism: 'fuzzy',
      reason: 'negated',
      candidates: [],
    });
  });

  it('"switch" before "off" is the verb, not the switch domain: the light "Reading Lamp" is reached', () => {
    const outcome = repairNameSpelling({
      text: 'switch off the readng lamp',
      names: numbered,
      recognize: recognizerOf(numberedCatalog),
      settings: DEFAULT_REPAIR_SETTINGS.fuzzy,
      lexicon: ENGLISH_LEXICON,
    });
    assert.equal(outcome.kind === 'repaired' && outcome.text, 'switch off the Reading Lamp');
  });

  it('"switch" after an article is the domain word: the light is ruled out', () => {
    assert.deepEqual(repairIn('turn off the readng lamp switch'), { kind: 'none' });
  });
});

describe('repairNameSpelling: nothing to repair', () => {
  const rows: { text: string; why: string }[] = [
    { text: 'turn on the chicken', why: 'no name is close enough ("chicken" / "kitchen" scores 0.6)' },
    { text: 'turn on the dor', why: 'words shorter than four letters are never repaired' },
    { text: 'turn of the kitchen light', why: 'the names are exact; the error is in the frame' },
  ];
  for (const row of rows) {
    it(`"${row.text}": ${row.why}`, () => assert.deepEqual(repair(row.text), { kind: 'none' }));
  }
});
