// Ranks a catalogue's entities for one sentence: BM25 over weighted fields, named phrases, area and domain cues, embeddings.

import type { EntityIndex } from './entity-index.ts';
import type { QueryCues } from './query-cues.ts';

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
  /** Of a domain only a verb implies ("skip"), and in the state that verb means ("playing"). */
  preferredState: 1,
  /** Of such a domain and in use (paused, buffering) when the verb means another state: better than idle or off. */
  busyState: 0.5,
} as const;

/** States of a device that is not doing anything: a verb meaning a playing device ranks these last. */
const IDLE_STATES = new Set(['off', 'idle', 'standby', 'unavailable', 'unknown']);

/** The least cosine similarity that makes an entity relevant on meaning alone (MiniLM-class models). */
export const SEMANTIC_FLOOR = 0.4;

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
  /** The state of the entity at a catalogue index, when the request carries states. */
  stateOf?: (index: number) => string | undefined;
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
  addCueBonuses(index, cues, scores, options);
  if (options.similarities !== undefined) addSemantic(scores, options.similarities, options.semanticWeight ?? 0.5);
  const ranked: RankedEntity[] = [];
  scores.forEach((score, position) => {
    if (score > 0) ranked.push({ index: position, score });
  });
  return ranked.sort((a, b) => b.score - a.score || a.index - b.index);
}

function addCueBonuses(index: EntityIndex, cues: QueryCues, scores: Float64Array, options: RankOptions): void {
  for (const position of cues.named) scores[position]! += BONUS.name;
  if (cues.areas.size === 0 && cues.domains.size === 0) return;
  const standIns = standInDomains(index, cues);
  index.catalog.entities.forEach((entity, position) => {
    const inArea = (entity.area !== undefined && cues.areas.has(entity.area)) || standIns.has(entity.domain);
    const ofDomain = cues.domains.has(entity.domain);
    if (inArea) scores[position]! += BONUS.area;
    if (ofDomain) scores[position]! += BONUS.domain;
    if (inArea && (ofDomain || hasKindTerm(index.documents[position]!.nameTerms, cues.kindTerms)))
      scores[position]! += BONUS.areaAndKind;
    if (cues.areas.size === 0 && ofDomain && entity.area !== undefined && entity.area === options.satelliteArea)
      scores[position]! += BONUS.satellite;
    if (cues.implied.domains.has(entity.domain)) scores[position]! += stateBonus(cues, options.stateOf?.(position));
  });
}

/**
 * Domains whose devices work on the named area from elsewhere ("clean the kitchen") and have none there: every one
 * of them counts as in the area, since the one in the hall is the one that will do it.
 */
function standInDomains(index: EntityIndex, cues: QueryCues): Set<string> {
  const domains = new Set<string>();
  if (cues.areas.size === 0) return domains;
  for (const domain of cues.implied.areaTargets)
    if (!index.catalog.entities.some((entity) => entity.domain === domain && cues.areas.has(entity.area ?? '')))
      domains.add(domain);
  return domains;
}

/** "Skip" means the player that is playing: its state first, then any that is busy, then the idle ones. */
function stateBonus(cues: QueryCues, state: string | undefined): number {
  if (state === undefined || cues.implied.prefer.size === 0) return 0;
  if (cues.implied.prefer.has(state)) return BONUS.preferredState;
  return IDLE_STATES.has(state) ? 0 : BONUS.busyState;
}

function hasKindTerm(nameTerms: ReadonlySet<string>, kindTerms: ReadonlySet<string>): boolean {
  for (const term of kindTerms) if (nameTerms.has(term)) return true;
  return false;
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
