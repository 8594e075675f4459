// Devices named by part of their names, through the app without a model: the exact call or answer when the words fit
// one device (the same as with its full name), the question which one when they fit several, and the model (never a
// guess) when they fit a device that needs its exact name.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import { officialGrammar } from '../fixtures/grammar.ts';
import { family, play } from './gate-play.ts';
import { partialNameRows, type PartialNameRow } from './partial-name-rows.ts';

const ROWS = partialNameRows();
const GERMAN = officialGrammar('de');
const grammarOf = (row: PartialNameRow) => (row.language === 'de' ? GERMAN : undefined);

family('partial names', ROWS, { grammar: grammarOf });

describe('partial names: the family', () => {
  it('has at least 150 rows, in English and German, of one device, several and exact-only devices', () => {
    assert.ok(ROWS.length >= 150, `${ROWS.length} rows`);
    for (const language of ['en', 'de'])
      for (const fit of ['one', 'several', 'exact-only'])
        assert.ok(
          ROWS.some((row) => row.language === language && row.fit === fit),
          `${language} ${fit}`,
        );
  });
  it('a part that fits one device comes to what its full name comes to', async () => {
    for (const row of ROWS.filter((item) => item.fullText !== undefined)) {
      const grammar = grammarOf(row);
      const satellite = row.satelliteArea === undefined ? {} : { satelliteArea: row.satelliteArea };
      const request = buildHaRequest(row.home, { userText: row.fullText!, era: '2026', ...satellite });
      const full = await play({ ...row, text: row.fullText!, request }, grammar === undefined ? {} : { grammar });
      assert.deepEqual(full.outcome, row.withoutModel, `${row.text} / ${row.fullText}`);
    }
  });
});
