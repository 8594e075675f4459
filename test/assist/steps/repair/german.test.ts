// Repair's generic rules read through the German lexicon: separable verbs, particles that are polarity, negations.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GERMAN_LEXICON, hasNegation, isQuestion } from '../../../../src/assist/steps/repair/index.ts';
import { createConstraintCheck, findFallback } from '../../../../src/assist/steps/repair/skeleton-constraints.ts';
import { createFrameEdits } from '../../../../src/assist/steps/repair/skeleton-edits.ts';
import { DEFAULT_REPAIR_SETTINGS } from '../../../../src/assist/steps/repair/settings.ts';
import { domainsOfWords } from '../../../../src/assist/steps/repair/word-classes.ts';

const words = (text: string) => text.split(' ');

describe('German negation and questions', () => {
  const rows: [string, boolean][] = [
    ['schalte das küchenlicht nicht aus', true],
    ['mach die lampe nie wieder an', true],
    ['schalte kein licht aus', true],
    ['schalte das küchenlicht aus', false],
    // "ein" and "eine" are no "kein".
    ['schalte eine lampe ein', false],
  ];
  for (const [text, negated] of rows)
    it(`"${text}" is ${negated ? '' : 'not '}negated`, () => {
      assert.equal(hasNegation(text, GERMAN_LEXICON), negated);
    });

  it('reads a question by its opening word, after fillers, or by its "?"', () => {
    assert.deepEqual(
      [
        'ist das licht an',
        'bitte sag mir wie warm es ist',
        'sind alle fenster zu',
        'Licht an?',
        'schalte das licht an',
      ].map((text) => isQuestion(text, GERMAN_LEXICON)),
      [true, false, true, true, false],
    );
  });
});

describe('German frames that skeleton repair leaves alone', () => {
  const rows: [string, string | undefined][] = [
    // Separable verbs: the particle comes last and still says the polarity.
    ['schalte das «küchenlicht» aus', undefined],
    ['mach das licht im «wohnzimmer» an', undefined],
    // A particle with a doubled letter reads as the particle.
    ['schalte das «küchenlicht» auss', undefined],
    ['schalte das «küchenlicht»', 'unknown-polarity'],
    ['schalte das «küchenlicht» an aus', 'unknown-polarity'],
    ['schalte das «küchenlicht» nicht aus', 'negated'],
    ['wenn es dunkel ist schalte das «küchenlicht» an', 'condition'],
    ['schalte das «küchenlicht» und die «stehlampe» aus', 'composite'],
    ['mach das licht heller', 'relative'],
    ['fahr den rollladen runter', 'relative'],
  ];
  for (const [frame, fallback] of rows)
    it(`"${frame}" → ${fallback ?? 'may be repaired'}`, () => {
      assert.equal(findFallback(words(frame), GERMAN_LEXICON), fallback);
    });
});

describe('German word edits: the particles an, auf, aus, zu are polarity, never function words', () => {
  const edits = createFrameEdits(
    words('mach das «licht» im «wohnzimmer» an'),
    GERMAN_LEXICON,
    DEFAULT_REPAIR_SETTINGS.skeleton,
  );
  const rows: [string, number][] = [
    ['mach das «licht» im «wohnzimmer» an', 0],
    // Articles and prepositions are exchanged or dropped.
    ['mach den «licht» im «wohnzimmer» an', 1],
    ['mach das «licht» in «wohnzimmer» an', 1],
    ['mach «licht» im «wohnzimmer» an', 1],
    // The particle is never dropped, exchanged for a preposition, or swapped for another particle.
    ['mach das «licht» im «wohnzimmer»', Infinity],
    ['mach das «licht» im «wohnzimmer» in', Infinity],
    ['mach das «licht» im «wohnzimmer» aus', Infinity],
  ];
  for (const [candidate, expected] of rows)
    it(`"${candidate}" is ${expected} edit(s) away`, () => {
      // Beyond the maximum the count may stop: anything above it means too far.
      const cost = edits(words(candidate), 2);
      assert.equal(cost > 2 ? Infinity : cost, expected);
    });

  it('keeps the polarity of a candidate: "auf" (open) is not "zu" (close)', () => {
    const check = createConstraintCheck(words('mach den «rollladen» auf'), GERMAN_LEXICON);
    assert.equal(check(words('mach den «rollladen» zu')), 'polarity-changed');
    assert.equal(check(words('mach den «rollladen» auf')), undefined);
  });

  it('keeps units: "50 grad" is not "50 prozent"', () => {
    const check = createConstraintCheck(words('stelle die «deckenlampe» auf 50 grad'), GERMAN_LEXICON);
    assert.equal(check(words('stelle die «deckenlampe» auf 50 prozent')), 'unit-changed');
  });
});

describe('German domain words', () => {
  it('names the domains of capitalised nouns once folded, and no verb opens as a device', () => {
    assert.deepEqual(domainsOfWords(words('schalte die lampen und den rollladen und das schloss'), GERMAN_LEXICON), [
      undefined,
      undefined,
      ['light'],
      undefined,
      undefined,
      ['cover'],
      undefined,
      undefined,
      ['lock'],
    ]);
  });
});
