// Recognising a sentence that names a device by part of its name ("is the hall plug on" for Hall Charger Plug): the
// words that fit entity names, each fitting name put in their place and the sentence recognised again.

import type { RecognizeResult } from '../../../hassil/index.ts';
import { normalizeName, type HomeLists } from '../../home-lists.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { needsExactName } from './exact-name-only.ts';
import { type NameFit, nameWords, spokenWords } from './name-words.ts';
import { readDevicesSaid } from '../facts/index.ts';
import { resolveTargets, stringSlot } from './resolve-targets.ts';

/** The most words a spoken part of a name has. */
const MAX_SPOKEN_WORDS = 5;

/**
 * What part of a name gives: one entity (the sentence recognised as if its full name had been said), several that
 * fit equally (asked which), or a fit among devices that must be named exactly (never resolved by part of a name).
 */
export type PartialNameOutcome =
  | { kind: 'one'; result: RecognizeResult; text: string; entity: CatalogEntity }
  | { kind: 'several'; candidates: CatalogEntity[]; spoken: string }
  | { kind: 'exact-only'; candidates: CatalogEntity[]; spoken: string };

/** A run of the sentence's words, by character offsets. */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly words: string[];
}

/**
 * The entity the sentence names by part of its name, or undefined when no part of it fits a name that makes the
 * sentence a match (or parts in two places of the sentence do). A part that also fits a device that needs its exact
 * name never resolves (`exact-only`). Only the longest runs of words that fit some name
 * are tried; an entity counts when the sentence with its name (or the alias the words are in) is recognised with
 * that name and resolves to it (within the area the sentence names, as exact names do). Nothing is settled once
 * `isOverBudget` says the turn's time is spent.
 */
export function recognizePartialName(
  text: string,
  lists: Pick<HomeLists, 'nameWords' | 'entitiesByName' | 'areasByName'>,
  catalog: EntityCatalog,
  recognize: (text: string) => RecognizeResult | undefined,
  language: string,
  isOverBudget: () => boolean = () => false,
): PartialNameOutcome | undefined {
  // A name is one device: "the patio lights" are the area's lights, never the one named Patio String Lights.
  if (readDevicesSaid(text, language) === 'several') return undefined;
  const found: { span: Span; matches: Map<CatalogEntity, { result: RecognizeResult; text: string }> }[] = [];
  for (const named of longestFittingSpans(text, lists, language)) {
    // A whole name said in a sentence the grammar does not know is no part of a name: repair may read it.
    const isWhole =
      lists.entitiesByName.has(named.words.join(' ')) ||
      lists.nameWords.fitting(named.words).some((fit) => isWholeName(fit, named.words));
    if (isWhole) continue;
    // "The heater in the bathroom": the part with its place, when the sentence with the name alone is no match.
    const place = placeAfter(text, named.end, lists);
    for (const span of place === undefined ? [named] : [named, { ...named, end: place.end }]) {
      const area = span === named ? undefined : place?.area;
      const matches = new Map<CatalogEntity, { result: RecognizeResult; text: string }>();
      for (const fit of lists.nameWords.fitting(span.words)) {
        if (area !== undefined && fit.entity.area !== area) continue;
        // With its place said, the device is named by its own name: an alias may be every area's ("Phone Charger").
        const full = area === undefined ? fit.text : fit.entity.name;
        // Each fit is a recognition: once the turn's time is spent, no part of a name is settled half-read.
        if (isOverBudget()) return undefined;
        const said = `${text.slice(0, span.start)}${full}${text.slice(span.end)}`;
        const result = recognize(said);
        const name = result === undefined ? undefined : stringSlot(result, 'name');
        if (result === undefined || name === undefined || normalizeName(name) !== normalizeName(full)) continue;
        for (const entity of resolvedEntities(result, lists))
          if (entity === fit.entity) matches.set(entity, { result, text: said });
      }
      if (matches.size > 0) {
        found.push({ span, matches });
        break;
      }
    }
  }
  // Parts of names in two places of one sentence: which is the device is no word rule's to say.
  if (found.length !== 1) return undefined;
  const [{ span, matches }] = found as [(typeof found)[number]];
  // Listed by name, so that the question names them in one order whatever order the catalogue has.
  const candidates = [...matches.keys()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const spoken = text.slice(span.start, span.end);
  // A part that also fits a device reached only by its exact name resolves to nothing, even when the sentence
  // recognised with that device's name does not match ("turn on the garage": Garage Light, or the Garage Door?).
  const fitting = lists.nameWords.fitting(span.words).map((fit) => fit.entity);
  if (fitting.some((entity) => needsExactName(entity, catalog)))
    return { kind: 'exact-only', candidates: fitting, spoken };
  if (candidates.length > 1) return { kind: 'several', candidates, spoken };
  const entity = candidates[0]!;
  const match = matches.get(entity)!;
  return { kind: 'one', result: match.result, text: match.text, entity };
}

/** The words that say a device's place after its name: "in the", "on the", "im", "in der", "auf der" … */
const PLACE_WORDS = /^\s+(?:(?:in|auf|an)\s+(?:der|dem|den)|(?:in|on|at)(?:\s+the)?|im|am)\s+/iu;

/**
 * The area named right after `offset` ("… in the bathroom"), by the catalogue's area name, and where its words
 * end; undefined when no area's name or alias follows (the longest one that does is taken).
 */
function placeAfter(
  text: string,
  offset: number,
  lists: Pick<HomeLists, 'areasByName'>,
): { area: string; end: number } | undefined {
  const rest = text.slice(offset);
  const words = PLACE_WORDS.exec(rest);
  if (words === null) return undefined;
  const start = offset + words[0].length;
  let best: { area: string; end: number } | undefined;
  for (const [key, area] of lists.areasByName) {
    const end = start + key.length;
    const isWhole = normalizeName(text.slice(start, end)) === key && !/^[\p{L}\p{N}]/u.test(text.slice(end));
    if (isWhole && (best === undefined || end > best.end)) best = { area: area.name, end };
  }
  return best;
}

/** True when `words` are all of the fitting name's words (the name said whole, not in part). */
function isWholeName(fit: NameFit, words: readonly string[]): boolean {
  const whole = nameWords(fit.text);
  return whole.length === words.length && whole.every((word, i) => word === words[i]);
}

/** The entities a recognised name resolves to: the one, or each of several of that name. */
function resolvedEntities(
  result: RecognizeResult,
  lists: Pick<HomeLists, 'entitiesByName' | 'areasByName'>,
): CatalogEntity[] {
  const resolution = resolveTargets(result, lists);
  if (resolution.kind === 'ambiguous') return resolution.candidates;
  return resolution.kind === 'resolved' && resolution.targets.entity !== undefined ? [resolution.targets.entity] : [];
}

/**
 * The runs of the sentence's words (up to {@link MAX_SPOKEN_WORDS}) that fit some entity's name and cannot be made
 * longer by a word on either side and still fit one, longest first; a run never starts or ends with an article.
 */
function longestFittingSpans(text: string, lists: Pick<HomeLists, 'nameWords'>, language: string): Span[] {
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    words: spokenWords(match[0], language),
  }));
  const fits = new Map<string, boolean>();
  const fitsAt = (from: number, to: number): boolean => {
    if (from < 0 || to > tokens.length || to - from > MAX_SPOKEN_WORDS) return false;
    const key = `${from}:${to}`;
    let known = fits.get(key);
    if (known === undefined) {
      const run = tokens.slice(from, to);
      const isBounded = run[0]!.words.length > 0 && run[run.length - 1]!.words.length > 0;
      known = isBounded && lists.nameWords.fitting(run.flatMap((token) => token.words)).length > 0;
      fits.set(key, known);
    }
    return known;
  };
  const spans: Span[] = [];
  for (let from = 0; from < tokens.length; from++)
    for (let to = from + 1; to <= Math.min(tokens.length, from + MAX_SPOKEN_WORDS); to++) {
      if (!fitsAt(from, to) || fitsAt(from - 1, to) || fitsAt(from, to + 1)) continue;
      spans.push({
        start: tokens[from]!.start,
        end: tokens[to - 1]!.end,
        words: tokens.slice(from, to).flatMap((token) => token.words),
      });
    }
  return spans.sort((a, b) => b.words.length - a.words.length || a.start - b.start);
}
