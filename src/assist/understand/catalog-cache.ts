// A small least-recently-used cache of parsed catalogues: a conversation re-sends the same home every round.

import type { EntityCatalog } from './catalog.ts';
import type { CatalogCache } from './static-context.ts';

/** A cache holding at most `capacity` catalogues; the entries are shared and must not be mutated. */
export function createCatalogCache(capacity: number): CatalogCache {
  const entries = new Map<string, EntityCatalog>();
  return {
    get(yamlText) {
      const catalog = entries.get(yamlText);
      if (catalog !== undefined) {
        // Re-insert to mark as most recently used (Map keeps insertion order).
        entries.delete(yamlText);
        entries.set(yamlText, catalog);
      }
      return catalog;
    },
    set(yamlText, catalog) {
      entries.delete(yamlText);
      entries.set(yamlText, catalog);
      while (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
  };
}
