// Ranks a catalogue's entities for one sentence: BM25 over weighted fields, named phrases, area and domain cues, embeddings.

import { cueOfWord } from './domain-words.ts';
import type { FloorAreas } from '../understand/index.ts';
import { findPhrases, type EntityIndex } from './entity-index.ts';
import { contentTerms, foldWords } from './terms.ts';

/** BM25's term-saturation and length-normalisation constants (the usual values). */
const K1 = 1.2;
const B = 0.75;

/**
 * Bonuses on top of BM25, in BM25 points, tuned on the labelled set (`test/fixtures/retrieval`). A named
 * area weighs most: what people ask a model about is mostly "the <area>", and every device there may
 * matter ("make the office comfortable").
 */
const BONUS = {
  /** The entity's full name or an alias occurs in the sentence. */
  name: 6,
  /** The entity's area (or an alias) is named. */
  area: 8,
  /** A word of the entity's domain is used ("lamp" for a light). */
  domain: 1.5,
  /** Both, or the area and a word of the entity's name: "the bedroom heater", "the office temperature". */
  areaAndKind: 3,
  /** No area named, the entity is in the satellite's area and of a named domain. */
  satellite: 1,
} as const;

/** What the sentence says, as retrieval reads it. */
export interface QueryCues {
  /** Content terms (folded, stemmed, no stop words) with their weight: 1 as said, less when implied ("warmer" → temperature). */
  terms: readonly WeightedTerm[];
  /** Canonical names of the areas named. */
  areas: ReadonlySet<string>;
  /** Domains whose everyday words occur. */
  domains: ReadonlySet<string>;
  /** Catalogue indexes of entities named in full (name or alias). */
  named: ReadonlySet<number>;
  /** Terms (said or implied) that are not words of a named area: what kind of device is meant. */
  kindTerms: ReadonlySet<string>;
}

/** The least cosine similarity that makes an entity relevant on meaning alone (MiniLM-class models). */
export const SEMANTIC_FLOOR = 0.4;

/** A query term and how much it counts. */
export interface WeightedTerm {
  term: string;
  weight: number;
}

/** How much a term implied by another word counts. */
const IMPLIED_WEIGHT = 0.5;
/**
 * How much a word of a named area or device counts in BM25. The phrase's own bonus already rewards
 * its entities; counted in full, a rare area word ("master") would lift one of two named areas above
 * the other, and "front door" would pull in every door of the house.
 */
const PHRASE_WORD_WEIGHT = 0.25;

/** An entity and how relevant it is (higher is better). */
export interface RankedEntity {
  index: number;
  score: number;
}

/** Options of {@link rankEntities}. */
export interface RankOptions {
  /** The satellite's area, used when the sentence names none. */
  satelliteArea?: string;
  /** Cosine similarity of each entity to the sentence, by catalogue index, when an embedder is configured. */
  similarities?: ArrayLike<number>;
  /** How much a cosine of 1 is worth relative to the best lexical score (0–1). */
  semanticWeight?: number;
}

/** The cues of `text` against `index`; a floor named by one of its names stands for its areas. */
export function readCues(index: EntityIndex, text: string, floors: readonly FloorAreas[] = []): QueryCues {
  const words = foldWords(text);
  const said = new Set(contentTerms(text));
  const terms: WeightedTerm[] = [...said].map((term) => ({ term, weight: 1 }));
  const domains = new Set<string>();
  for (const word of said) {
    const cue = cueOfWord(word);
    if (cue === undefined) continue;
    for (const domain of cue.domains) domains.add(domain);
    for (const term of cue.terms)
      if (!said.has(term) && !terms.some((known) => known.term === term)) terms.push({ term, weight: IMPLIED_WEIGHT });
  }
  const areas = new Set<string>();
  const named = new Set<number>();
  const areaWords = new Set<string>();
  const phraseWords = new Set<string>();
  for (const { phrase } of findPhrases(index, words)) {
    for (const word of phrase.words) phraseWords.add(word);
    if (phrase.kind === 'area') {
      areas.add(phrase.target as string);
      for (const word of phrase.words) areaWords.add(word);
    } else {
      named.add(phrase.target as number);
    }
  }
  for (const floor of floors) {
    if (!floor.names.some((name) => containsRun(words, foldWords(name)))) continue;
    for (const area of floor.areas) if (index.catalog.areas.some((known) => known.name === area)) areas.add(area);
  }
  for (const entry of terms) if (phraseWords.has(entry.term)) entry.weight = Math.min(entry.weight, PHRASE_WORD_WEIGHT);
  const kindTerms = new Set(
    terms.map((entry) => entry.term).filter((term) => !areaWords.has(term) && !/^\d+$/u.test(term)),
  );
  return { terms, areas, domains, named, kindTerms };
}

function hasKindTerm(nameTerms: ReadonlySet<string>, kindTerms: ReadonlySet<string>): boolean {
  for (const term of kindTerms) if (nameTerms.has(term)) return true;
  return false;
}

function containsRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return false;
  for (let start = 0; start + run.length <= words.length; start++)
    if (run.every((word, offset) => words[start + offset] === word)) return true;
  return false;
}

/** Every entity with a positive score, best first; ties keep catalogue order. */
export function rankEntities(index: EntityIndex, cues: QueryCues, options: RankOptions = {}): RankedEntity[] {
  const scores = new Float64Array(index.documents.length);
  const count = index.documents.length;
  for (const { term, weight } of cues.terms) {
    const holders = index.postings.get(term);
    if (holders === undefined) continue;
    const idf = Math.log(1 + (count - holders.length + 0.5) / (holders.length + 0.5));
    for (const position of holders) {
      const document = index.documents[position]!;
      const tf = document.terms.get(term)!;
      scores[position]! +=
        weight * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * document.length) / index.averageLength)));
    }
  }
  addCueBonuses(index, cues, scores, options.satelliteArea);
  if (options.similarities !== undefined) addSemantic(scores, options.similarities, options.semanticWeight ?? 0.5);
  const ranked: RankedEntity[] = [];
  scores.forEach((score, position) => {
    if (score > 0) ranked.push({ index: position, score });
  });
  return ranked.sort((a, b) => b.score - a.score || a.index - b.index);
}

function addCueBonuses(
  index: EntityIndex,
  cues: QueryCues,
  scores: Float64Array,
  satelliteArea: string | undefined,
): void {
  for (const position of cues.named) scores[position]! += BONUS.name;
  if (cues.areas.size === 0 && cues.domains.size === 0) return;
  index.catalog.entities.forEach((entity, position) => {
    const inArea = entity.area !== undefined && cues.areas.has(entity.area);
    const ofDomain = cues.domains.has(entity.domain);
    if (inArea) scores[position]! += BONUS.area;
    if (ofDomain) scores[position]! += BONUS.domain;
    if (inArea && (ofDomain || hasKindTerm(index.documents[position]!.nameTerms, cues.kindTerms)))
      scores[position]! += BONUS.areaAndKind;
    if (cues.areas.size === 0 && ofDomain && entity.area !== undefined && entity.area === satelliteArea)
      scores[position]! += BONUS.satellite;
  });
}

/**
 * Adds `weight × cosine`, scaled to the best lexical score so neither signal drowns the other. An entity
 * no word of the sentence points at needs a cosine of at least {@link SEMANTIC_FLOOR} to be considered.
 */
function addSemantic(scores: Float64Array, similarities: ArrayLike<number>, weight: number): void {
  let best = 0;
  for (const score of scores) best = Math.max(best, score);
  const scale = weight * (best > 0 ? best : 1);
  for (let position = 0; position < scores.length; position++) {
    const similarity = similarities[position] ?? 0;
    if (scores[position]! > 0 ? similarity > 0 : similarity >= SEMANTIC_FLOOR) scores[position]! += scale * similarity;
  }
}
