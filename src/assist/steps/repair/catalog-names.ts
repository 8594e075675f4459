// The catalogue's entity and area names (and aliases), indexed for exact spans and for near-length lookup.

import type { CatalogArea, CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { countLetters, letterMask, type LetterMask } from './similarity.ts';
import { foldPhrase } from './words.ts';

/** What a catalogue name names. */
export type NameTarget =
  | { readonly kind: 'entity'; readonly entity: CatalogEntity }
  | { readonly kind: 'area'; readonly area: CatalogArea };

/** One name or alias of one target, as the catalogue spells it. */
export interface NameEntry {
  readonly text: string;
  readonly target: NameTarget;
}

/** Every entry that folds to the same key ("Kitchen" the area and "kitchen" an alias of a switch). */
export interface NameGroup {
  readonly key: string;
  /** The words of `key`. */
  readonly words: readonly string[];
  /** The letter counts of `key` (`countLetters`), for a cheap lower bound of the edits. */
  readonly letters: Uint8Array;
  /** Which letters `key` has at all (`letterMask`), for a cheaper first test. */
  readonly mask: LetterMask;
  readonly entries: readonly NameEntry[];
}

/** The names of one catalogue. */
export interface NameIndex {
  readonly byKey: ReadonlyMap<string, NameGroup>;
  /** The most words any name has. */
  readonly maxWords: number;
  /** The groups whose key length is within `maxEdits` of `length` (no others can be that close), by length. */
  near(length: number, maxEdits: number): readonly (readonly NameGroup[])[];
}

/** Indexes every entity name and alias and every area name and alias, by key and by key length. */
export function createNameIndex(catalog: EntityCatalog): NameIndex {
  const entries = new Map<string, NameEntry[]>();
  const add = (text: string, target: NameTarget): void => {
    const key = foldPhrase(text);
    if (key === '') return;
    const list = entries.get(key) ?? [];
    if (!list.some((entry) => sameTarget(entry.target, target))) list.push({ text, target });
    entries.set(key, list);
  };
  for (const entity of catalog.entities) {
    for (const text of [entity.name, ...entity.aliases]) add(text, { kind: 'entity', entity });
  }
  for (const area of catalog.areas) {
    for (const text of [area.name, ...area.aliases]) add(text, { kind: 'area', area });
  }
  const byKey = new Map<string, NameGroup>();
  const byLength = new Map<number, NameGroup[]>();
  for (const [key, list] of entries) {
    const letters = countLetters(key);
    const group: NameGroup = { key, words: key.split(' '), letters, mask: letterMask(letters), entries: list };
    byKey.set(key, group);
    const sameLength = byLength.get(key.length) ?? [];
    sameLength.push(group);
    byLength.set(key.length, sameLength);
  }
  let maxWords = 0;
  for (const group of byKey.values()) maxWords = Math.max(maxWords, group.words.length);
  return {
    byKey,
    maxWords,
    near(length, maxEdits) {
      const buckets: NameGroup[][] = [];
      for (let other = length - maxEdits; other <= length + maxEdits; other++) buckets.push(byLength.get(other) ?? []);
      return buckets;
    },
  };
}

/** The entity targets of a group. */
export function entitiesOf(group: NameGroup): CatalogEntity[] {
  return group.entries.flatMap((entry) => (entry.target.kind === 'entity' ? [entry.target.entity] : []));
}

/** The area targets of a group. */
export function areasOf(group: NameGroup): CatalogArea[] {
  return group.entries.flatMap((entry) => (entry.target.kind === 'area' ? [entry.target.area] : []));
}

function sameTarget(a: NameTarget, b: NameTarget): boolean {
  if (a.kind === 'entity' && b.kind === 'entity') return a.entity === b.entity;
  return a.kind === 'area' && b.kind === 'area' && a.area.name === b.area.name;
}
