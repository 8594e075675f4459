// Kept outcomes: an outcome the journal refuses is kept, rethrown, and written in order once the journal takes it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HearthError } from '../../../src/common/index.ts';
import { createKeptOutcomes } from '../../../src/tools/changes/kept-outcomes.ts';
import type { Journal } from '../../../src/tools/index.ts';

/** A journal of `sending` entries whose `finish` fails while `isBroken`; it records each write it took. */
function fakeJournal(sending: string[]) {
  const state = { isBroken: false, attempts: 0, written: [] as string[] };
  const open = new Set(sending);
  const journal = {
    finish(operationId: string, outcome: string, detail: string) {
      state.attempts += 1;
      if (state.isBroken) throw new HearthError('JOURNAL_UNWRITABLE', 'the disk is full');
      if (!open.delete(operationId)) return false;
      state.written.push(`${operationId} ${outcome} ${detail}`);
      return true;
    },
  } as Journal;
  return { journal, state };
}

describe('kept outcomes', () => {
  it('writes at once when the journal takes it, keeping nothing', () => {
    const { journal, state } = fakeJournal(['op_1']);
    const kept = createKeptOutcomes({ journal });
    kept.finish('op_1', 'done', 'ok');
    assert.deepEqual(state.written, ['op_1 done ok']);
    assert.equal(kept.flush(), 0);
  });

  it('keeps what the journal refuses, rethrows its error, and writes them in order, marked late, when it can', () => {
    const { journal, state } = fakeJournal(['op_1', 'op_2']);
    const kept = createKeptOutcomes({ journal, retryMs: 60_000 });
    state.isBroken = true;
    assert.throws(() => kept.finish('op_1', 'done', 'ok'), { code: 'JOURNAL_UNWRITABLE' });
    assert.throws(() => kept.finish('op_2', 'unknown', 'timed out'), { code: 'JOURNAL_UNWRITABLE' });
    assert.equal(kept.flush(), 2, 'still kept while the journal refuses');
    state.isBroken = false;
    assert.equal(kept.flush(), 0);
    const late = 'recorded late: the journal could not be written when the call finished';
    assert.deepEqual(state.written, [`op_1 done ok; ${late}`, `op_2 unknown timed out; ${late}`]);
    assert.equal(kept.flush(), 0);
  });

  it('drops an outcome whose entry is no longer sending (another process marked it unknown)', () => {
    const { journal, state } = fakeJournal([]);
    const kept = createKeptOutcomes({ journal, retryMs: 60_000 });
    state.isBroken = true;
    assert.throws(() => kept.finish('op_1', 'done', 'ok'));
    state.isBroken = false;
    assert.equal(kept.flush(), 0);
    assert.deepEqual(state.written, []);
  });

  it('retries on its own, waiting longer after each failure', async () => {
    const { journal, state } = fakeJournal(['op_1']);
    const kept = createKeptOutcomes({ journal, retryMs: 30 });
    state.isBroken = true;
    assert.throws(() => kept.finish('op_1', 'done', 'ok'));
    // Retries at about 30, 90 and 210 ms: three in 300 ms (fewer on a busy machine), where a fixed wait makes ten.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(state.attempts >= 2 && state.attempts <= 5, `${state.attempts} attempts`);
    state.isBroken = false;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(state.written.length, 1);
  });
});
