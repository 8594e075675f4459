// Caches for what Home Assistant re-sends on every round (the home, the prompt), and for what is derived from a home.

import type { EntityCatalog } from '../../homeassistant/request/index.ts';

/** A cache of at most `capacity` entries by string key; entries are shared and must not be mutated. */
export interface LruCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

/** An LRU cache (a Map keeps insertion order: re-inserting marks an entry as used). */
export function createLruCache<V>(capacity: number): LruCache<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Parsed catalogues keyed by their exact YAML text; the same home arrives on every round. */
export type CatalogCache = LruCache<EntityCatalog>;

/** Parsed catalogues by their exact YAML text. */
export function createCatalogCache(capacity: number): CatalogCache {
  return createLruCache<EntityCatalog>(capacity);
}

/**
 * Values derived from a catalogue (its index, its embeddings), kept exactly as long as the catalogue
 * object lives: the caches above bound how many catalogues a pipeline keeps.
 */
export interface CatalogMemo<V> {
  /** The value for `catalog`, built by `build` the first time. */
  of(catalog: EntityCatalog, build: (catalog: EntityCatalog) => V): V;
}

/** An empty memo; each pipeline makes its own (see `createAssistCaches`). */
export function createCatalogMemo<V>(): CatalogMemo<V> {
  const values = new WeakMap<EntityCatalog, V>();
  return {
    of(catalog, build) {
      let value = values.get(catalog);
      if (value === undefined) {
        value = build(catalog);
        values.set(catalog, value);
      }
      return value;
    },
  };
}
