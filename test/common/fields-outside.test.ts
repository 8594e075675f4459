// fieldsOutside: what a schema does not name is kept, with its value.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldsOutside } from '../../src/common/index.ts';

describe('fieldsOutside', () => {
  it('keeps exactly the entries whose keys are not known, values untouched', () => {
    const nested = { a: 1 };
    assert.deepEqual(fieldsOutside({ model: 'm', top_k: 3, x: nested, n: null }, new Set(['model', 'n'])), {
      top_k: 3,
      x: nested,
    });
    assert.deepEqual(fieldsOutside({ model: 'm' }, new Set(['model'])), {});
    assert.deepEqual(fieldsOutside({}, new Set()), {});
  });
});
