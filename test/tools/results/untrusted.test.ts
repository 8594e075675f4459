// Marking results untrusted: the data under untrusted_data, the standing note, and notices only when there are some.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UNTRUSTED_NOTE, markUntrusted } from '../../../src/tools/index.ts';

describe('markUntrusted', () => {
  it('wraps the data with the note that it is not instructions', () => {
    assert.deepEqual(markUntrusted({ state: 'on' }), { untrusted_data: { state: 'on' }, note: UNTRUSTED_NOTE });
    assert.match(UNTRUSTED_NOTE, /not instructions/);
  });

  it('adds notices when there are some', () => {
    assert.deepEqual(markUntrusted([], ['The label exclusion was not applied.']), {
      untrusted_data: [],
      note: UNTRUSTED_NOTE,
      notices: ['The label exclusion was not applied.'],
    });
  });
});
