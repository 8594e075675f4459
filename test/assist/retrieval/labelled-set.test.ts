// Retrieval keeps the entities each labelled sentence needs (recall), over the 500- and 2,000-entity homes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadRetrievalSets } from '../../../bench/support/retrieval-set.ts';
import { evaluateRetrieval } from '../../../bench/support/retrieval-eval.ts';

/** The bar: at least 99 % of targets kept at the k the compiler uses. */
const MIN_RECALL = 0.99;

describe('retrieval on the labelled set', () => {
  for (const set of [...loadRetrievalSets(), ...loadRetrievalSets({ holdout: true })]) {
    it(`${set.label}: keeps at least 99 % of the targets`, async () => {
      const outcomes = await evaluateRetrieval(set.home, set.items);
      const targets = outcomes.reduce((sum, outcome) => sum + outcome.item.targets.length, 0);
      const missed = outcomes.filter((outcome) => outcome.missed.length > 0);
      const found = targets - missed.reduce((sum, outcome) => sum + outcome.missed.length, 0);
      const report = missed.map((outcome) => `  "${outcome.item.text}" missed ${outcome.missed.join(', ')}`).join('\n');
      assert.ok(found / targets >= MIN_RECALL, `recall ${found}/${targets}:\n${report}`);
    });
  }
});
