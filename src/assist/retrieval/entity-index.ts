// The lexical index of a catalogue: weighted terms per entity, document frequencies, and name and area phrases.

import type { CatalogMemo, EntityCatalog } from '../understand/index.ts';
import { wordsOfDomain } from './domain-words.ts';
import { contentTerms, foldWords } from './terms.ts';

/** How much a term counts by where it occurs in the entity's description. */
const FIELD_WEIGHTS = { name: 3, area: 2, domain: 1 } as const;

/** A name, alias or area name as a sequence of folded words. */
export interface Phrase {
  readonly words: readonly string[];
  readonly kind: 'entity' | 'area';
  /** The entity's index in the catalogue (`entity`), or the area's canonical name (`area`). */
  readonly target: number | string;
}

/** An entity's terms with their weighted frequencies. */
export interface EntityDocument {
  readonly terms: ReadonlyMap<string, number>;
  /** The terms of its names and aliases alone. */
  readonly nameTerms: ReadonlySet<string>;
  /** The sum of the weighted frequencies. */
  readonly length: number;
}

/** Everything lexical retrieval needs about one catalogue, built once and reused for every request. */
export interface EntityIndex {
  readonly catalog: EntityCatalog;
  readonly documents: readonly EntityDocument[];
  /** Entity indexes holding each term. */
  readonly postings: ReadonlyMap<string, readonly number[]>;
  readonly averageLength: number;
  /** Phrases by their first word. */
  readonly phrases: ReadonlyMap<string, readonly Phrase[]>;
}

/** The indexes built so far, one per catalogue object (a pipeline's own: see `createAssistCaches`). */
export type EntityIndexes = CatalogMemo<EntityIndex>;

/** The index of `catalog`, kept in `indexes`; catalogues are cached per prompt, so it is built once per home. */
export function entityIndexOf(catalog: EntityCatalog, indexes: EntityIndexes): EntityIndex {
  return indexes.of(catalog, buildIndex);
}

function buildIndex(catalog: EntityCatalog): EntityIndex {
  const postings = new Map<string, number[]>();
  const phrases = new Map<string, Phrase[]>();
  const seen = new Set<string>();
  const addPhrase = (text: string, kind: Phrase['kind'], target: number | string) => {
    const words = foldWords(text);
    const key = `${kind}:${target}:${words.join(' ')}`;
    if (words.length === 0 || seen.has(key)) return;
    seen.add(key);
    const list = phrases.get(words[0]!);
    if (list === undefined) phrases.set(words[0]!, [{ words, kind, target }]);
    else list.push({ words, kind, target });
  };
  let totalLength = 0;
  const documents = catalog.entities.map((entity, position) => {
    const terms = new Map<string, number>();
    const nameTerms = new Set<string>();
    const add = (words: readonly string[], weight: number) => {
      for (const word of words) terms.set(word, (terms.get(word) ?? 0) + weight);
    };
    for (const name of [entity.name, ...entity.aliases]) {
      const words = contentTerms(name);
      add(words, FIELD_WEIGHTS.name);
      for (const word of words) nameTerms.add(word);
      addPhrase(name, 'entity', position);
    }
    for (const area of entity.area === undefined ? [] : [entity.area, ...entity.areaAliases])
      add(contentTerms(area), FIELD_WEIGHTS.area);
    add(wordsOfDomain(entity.domain), FIELD_WEIGHTS.domain);
    // Older prompts and Extended's catalogue carry attributes: the device class says what a sensor measures.
    const deviceClass = entity.attributes?.device_class;
    if (typeof deviceClass === 'string') add(contentTerms(deviceClass.replaceAll('_', ' ')), FIELD_WEIGHTS.domain);
    let length = 0;
    for (const [term, weight] of terms) {
      length += weight;
      const list = postings.get(term);
      if (list === undefined) postings.set(term, [position]);
      else list.push(position);
    }
    totalLength += length;
    return { terms, nameTerms, length };
  });
  for (const area of catalog.areas) for (const name of [area.name, ...area.aliases]) addPhrase(name, 'area', area.name);
  return {
    catalog,
    documents,
    postings,
    averageLength: documents.length === 0 ? 1 : totalLength / documents.length,
    phrases,
  };
}

/** A phrase found in a sentence, at words `[start, end)`. */
export interface PhraseMatch {
  readonly phrase: Phrase;
  readonly start: number;
  readonly end: number;
}

/**
 * The phrases of `index` found as whole word runs in `words` (folded). An area phrase inside a longer
 * area phrase is not a mention of its own: "master bathroom" names one area, not also "bathroom".
 */
export function findPhrases(index: EntityIndex, words: readonly string[]): PhraseMatch[] {
  const found: PhraseMatch[] = [];
  for (let start = 0; start < words.length; start++) {
    for (const phrase of index.phrases.get(words[start]!) ?? []) {
      const end = start + phrase.words.length;
      if (end > words.length) continue;
      if (phrase.words.every((word, offset) => words[start + offset] === word)) found.push({ phrase, start, end });
    }
  }
  const areas = found.filter((match) => match.phrase.kind === 'area');
  return found.filter(
    (match) =>
      match.phrase.kind !== 'area' ||
      !areas.some(
        (other) =>
          other !== match &&
          other.start <= match.start &&
          other.end >= match.end &&
          other.end - other.start > match.end - match.start,
      ),
  );
}
