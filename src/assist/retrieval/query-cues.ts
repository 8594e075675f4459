// What a sentence says about the devices it means, as retrieval reads it: terms, areas, domains and named entities.

import { conceptOfWord, domainsNamedBy } from './domain-words.ts';
import type { FloorAreas } from '../understand/index.ts';
import { findPhrases, type EntityIndex } from './entity-index.ts';
import { findIntentWords, type IntentWord } from './intent-words.ts';
import { contentTerms, foldWords } from './terms.ts';

/** What the sentence says, as retrieval reads it. */
export interface QueryCues {
  /** Content terms (folded, stemmed, no stop words) with their weight: 1 as said, less when implied ("warmer" → temperature). */
  terms: readonly WeightedTerm[];
  /** Canonical names of the areas named. */
  areas: ReadonlySet<string>;
  /** Domains whose everyday words occur, or that the words imply (including `implied.domains`). */
  domains: ReadonlySet<string>;
  /** Catalogue indexes of entities named in full (name or alias). */
  named: ReadonlySet<number>;
  /** Terms (said or implied) that are not words of a named area: what kind of device is meant. */
  kindTerms: ReadonlySet<string>;
  /** What an intent's words imply when the sentence names no device ("skip this song"); empty sets otherwise. */
  implied: ImpliedDevices;
}

/** The devices an intent's words point at when no device is named (`retrievalWords` of the intent table). */
export interface ImpliedDevices {
  domains: ReadonlySet<string>;
  /** States the meant devices are likely in: "skip" means the player that is playing. */
  prefer: ReadonlySet<string>;
  /** Domains whose devices work on the named area from wherever they stand (a robot vacuum). */
  areaTargets: ReadonlySet<string>;
}

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

/** The cues of `text` against `index`; a floor named by one of its names stands for its areas. */
export function readCues(index: EntityIndex, text: string, floors: readonly FloorAreas[] = []): QueryCues {
  const words = foldWords(text);
  const said = new Set(contentTerms(text));
  const terms: WeightedTerm[] = [...said].map((term) => ({ term, weight: 1 }));
  const imply = (term: string) => {
    if (!said.has(term) && !terms.some((known) => known.term === term)) terms.push({ term, weight: IMPLIED_WEIGHT });
  };
  const intentWords = findIntentWords(words);
  // A word of an intent's phrase is the verb's, not a device's: "let some light in" is about the blinds.
  const verbWords = new Set(intentWords.filter((entry) => entry.words.length > 1).flatMap((entry) => entry.words));
  const { domains, namesDevice } = readWordCues(said, verbWords, imply);
  const areas = new Set<string>();
  const named = new Set<number>();
  const notKindWords = new Set<string>(verbWords);
  const phraseWords = new Set<string>(verbWords);
  for (const { phrase } of findPhrases(index, words)) {
    for (const word of phrase.words) phraseWords.add(word);
    if (phrase.kind === 'area') {
      areas.add(phrase.target as string);
      for (const word of phrase.words) notKindWords.add(word);
    } else {
      named.add(phrase.target as number);
    }
  }
  for (const floor of floors) {
    if (!floor.names.some((name) => containsRun(words, foldWords(name)))) continue;
    for (const area of floor.areas) if (index.catalog.areas.some((known) => known.name === area)) areas.add(area);
  }
  // A device word or a named device says what is meant; the verb only guesses when neither is there.
  const implied = impliedBy(namesDevice || named.size > 0 ? [] : intentWords, imply);
  for (const domain of implied.domains) domains.add(domain);
  for (const entry of terms) if (phraseWords.has(entry.term)) entry.weight = Math.min(entry.weight, PHRASE_WORD_WEIGHT);
  const kindTerms = new Set(
    terms.map((entry) => entry.term).filter((term) => !notKindWords.has(term) && !/^\d+$/u.test(term)),
  );
  return { terms, areas, domains, named, kindTerms, implied };
}

/** The domains the said words name or imply, and whether one names a device (a word of `verbWords` does not). */
function readWordCues(
  said: ReadonlySet<string>,
  verbWords: ReadonlySet<string>,
  imply: (term: string) => void,
): { domains: Set<string>; namesDevice: boolean } {
  const domains = new Set<string>();
  let namesDevice = false;
  for (const word of said) {
    const deviceDomains = verbWords.has(word) ? undefined : domainsNamedBy(word);
    if (deviceDomains !== undefined) {
      namesDevice = true;
      for (const domain of deviceDomains) domains.add(domain);
    }
    const concept = conceptOfWord(word);
    if (concept === undefined) continue;
    for (const domain of concept.domains) domains.add(domain);
    for (const term of concept.terms) imply(term);
  }
  return { domains, namesDevice };
}

function impliedBy(intentWords: readonly IntentWord[], imply: (term: string) => void): ImpliedDevices {
  const domains = new Set<string>();
  const prefer = new Set<string>();
  const areaTargets = new Set<string>();
  for (const entry of intentWords) {
    for (const domain of entry.domains) {
      domains.add(domain);
      if (entry.isAreaTarget) areaTargets.add(domain);
    }
    for (const state of entry.prefer) prefer.add(state);
    for (const name of entry.names) imply(name);
  }
  return { domains, prefer, areaTargets };
}

function containsRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return false;
  for (let start = 0; start + run.length <= words.length; start++)
    if (run.every((word, offset) => words[start + offset] === word)) return true;
  return false;
}
