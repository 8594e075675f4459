// Conditions through the app, English and German: the command's exact call when the live reading or state meets the
// condition, HA-Assist's exact words when it does not or cannot be checked (never a call then), and the model for
// anything vaguer, several readings, or a negation.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { officialGrammar } from '../fixtures/grammar.ts';
import { conditionRows, type ConditionRow } from './condition-rows.ts';
import { family } from './gate-play.ts';

const ROWS = conditionRows();
const GERMAN = officialGrammar('de');

family('conditions', ROWS, {
  grammar: (row: ConditionRow) => (row.language === 'de' ? GERMAN : undefined),
  check: (answer, row) => {
    if (row.language === 'de') assert.doesNotMatch(answer, /\b(the|did|nothing|not|below|above)\b/u, answer);
  },
});

describe('conditions: the family', () => {
  it('has rows of every kind, in English and German, held and not', () => {
    const count = (language: string, about: string) =>
      ROWS.filter((row) => row.language === language && row.about === about).length;
    for (const language of ['en', 'de'])
      for (const about of ['reading', 'unit', 'state', 'sensitive', 'missing', 'silent', 'model'])
        assert.ok(count(language, about) > 0, `${language} ${about}`);
    const held = ROWS.filter((row) => 'calls' in row.withoutModel).length;
    const said = ROWS.filter((row) => row.isDeterministic === true && 'answer' in row.withoutModel).length;
    assert.ok(held >= 60 && said >= 60, `${held} held, ${said} not`);
  });
});
