// Questions people ask, in the question frames beyond the grammar and the grammar's own, English and German, over
// generated homes: every covered frame is answered without a model, exactly; a safeguard (a device that does not
// report, a name several devices have or two readings, a choice that is no state) and every uncovered frame go to the
// model, which is called for them and only for them.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { officialGrammar } from '../fixtures/grammar.ts';
import { play } from './gate-play.ts';
import { type FrameRow, questionFrameRows, SEEDS } from './question-frame-rows.ts';

const ROWS = questionFrameRows();
const GERMAN = officialGrammar('de');
const grammarOf = (row: FrameRow) => (row.language === 'de' ? { grammar: GERMAN } : {});
const isAnswered = (row: FrameRow) => 'answer' in row.withoutModel;

describe('question frames: the generated suite', () => {
  it('has at least 500 questions over four homes per language, of every family, answered and handed over', () => {
    assert.ok(ROWS.length >= 500, `${ROWS.length} rows`);
    for (const language of ['en', 'de'] as const) {
      assert.ok(SEEDS[language].length >= 4);
      const rows = ROWS.filter((row) => row.language === language);
      for (const family of ['exact', 'filler', 'order', 'tell-me', 'choice', 'one-word'])
        assert.ok(
          rows.some((row) => row.family === family && isAnswered(row)),
          `${language} ${family}`,
        );
      for (const safeguard of ['silent', 'several', 'no-state'])
        assert.ok(
          rows.some((row) => row.safeguard === safeguard),
          `${language} ${safeguard}`,
        );
      assert.ok(rows.some((row) => row.family === 'uncovered'));
    }
    assert.equal(new Set(ROWS.map((row) => JSON.stringify([row.request.messages, row.home]))).size, ROWS.length);
  });
  it('every uncovered question and every safeguard goes to the model; every other question is answered', () => {
    for (const row of ROWS)
      assert.equal(isAnswered(row), row.family !== 'uncovered' && row.safeguard === undefined, row.text);
  });
  it('without a model: the exact answer of every covered question, the model for every other (0 wrong)', async () => {
    const wrong: string[] = [];
    for (const row of ROWS) {
      const played = await play(row, grammarOf(row));
      const said = JSON.stringify(played.outcome);
      if (said !== JSON.stringify(row.withoutModel) || played.reads > 1)
        wrong.push(`${row.language} ${row.family} "${row.text}": ${said} after ${played.reads} reads`);
    }
    assert.deepEqual(wrong, []);
  });
  it('with a scripted model: it is called for the questions handed over, and never for one answered', async () => {
    // Every third handed-over question and every 24th answered one, in turn (all were asserted above without one).
    const rows = ROWS.filter((row, index) => index % (isAnswered(row) ? 24 : 3) === 0);
    for (const language of ['en', 'de'])
      assert.ok(
        rows.some((row) => row.language === language && row.family === 'uncovered'),
        language,
      );
    for (const row of rows) {
      const played = await play(row, { ...grammarOf(row), model: [] });
      const expected = isAnswered(row) ? row.withoutModel : { answer: 'model says' };
      assert.deepEqual(played.outcome, expected, row.text);
      assert.equal(played.modelTurns, isAnswered(row) ? 0 : 1, row.text);
    }
  });
});
