// Reading a JSON object from text: objects only, anything else undefined.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonObject } from '../../src/common/index.ts';

describe('parseJsonObject', () => {
  it('reads an object and nothing else', () => {
    assert.deepEqual(parseJsonObject('{"name":"Front Door"}'), { name: 'Front Door' });
    for (const text of ['[1]', '"x"', '3', 'null', 'not json', ''])
      assert.equal(parseJsonObject(text), undefined, text);
  });
});
