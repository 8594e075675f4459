// The least-recently-used cache of parsed catalogues.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCatalogCache } from '../../../src/assist/index.ts';

describe('createCatalogCache', () => {
  it('evicts the least recently used entry', () => {
    const cache = createCatalogCache(2);
    const catalog = (name: string) => ({
      source: 'static-context' as const,
      entities: [],
      areas: [{ name, aliases: [] }],
      hasState: false,
    });
    cache.set('a', catalog('a'));
    cache.set('b', catalog('b'));
    cache.get('a');
    cache.set('c', catalog('c'));
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a')?.areas[0]?.name, 'a');
    assert.equal(cache.get('c')?.areas[0]?.name, 'c');
  });
});
