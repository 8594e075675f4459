// Fuzzy slot repair: one misspelled entity or area name replaced by the catalogue's, when the choice is clear.

import { areasOf, type NameEntry, type NameGroup, type NameIndex } from './catalog-names.ts';
import type { RepairLexicon } from './lexicon.ts';
import { refuse, repaired, roundScore, type Recognize, type RepairCandidate, type RepairOutcome } from './outcome.ts';
import type { FuzzySettings } from './settings.ts';
import { compareNames, countLetters, letterMask, lettersDifferTooMuch, minEditsByLetters } from './similarity.ts';
import { requiresExactName } from './target-safety.ts';
import { domainsOfWords, findNegation, isMeaningWord } from './word-classes.ts';
import { findPhraseSpans, foldPhrase, splitWords, type PhraseSpan, type Word } from './words.ts';

/** What fuzzy slot repair works with. */
export interface FuzzyRepairInput {
  readonly text: string;
  readonly names: NameIndex;
  readonly recognize: Recognize;
  readonly settings: FuzzySettings;
  /**
   * The grammar's language: its domain words constrain the names, its negations forbid a repair, and its
   * words of meaning (polarity, numbers, units…) are never replaced. Without one, none of that applies.
   */
  readonly lexicon: RepairLexicon | undefined;
}

/** A run of words `[start, end)` of the input. */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** The input as fuzzy repair reads it: its words and the exact catalogue names in them. */
interface ReadSentence {
  readonly words: readonly Word[];
  readonly keys: readonly string[];
  readonly exact: readonly PhraseSpan<NameGroup>[];
  /** Per word: inside a run that spells a catalogue name exactly. */
  readonly isProtected: readonly boolean[];
  /**
   * Whether the word at a position is a word of meaning (`isMeaningWord`, domain words aside), which only a
   * name that has it may cover; read when a span first has a close name, and remembered.
   */
  readonly isMeaning: (i: number) => boolean;
  /** Per word: the domains it names (`domainsOfWords`; none without a lexicon). */
  readonly domains: readonly (readonly string[] | undefined)[];
  /** What the whole sentence constrains, read once: each span only subtracts its own words (linear, not quadratic). */
  readonly constraints: SentenceConstraints;
}

/** The sentence's domain words and exact area names, counted once per sentence. */
interface SentenceConstraints {
  /** Per domain: how many unprotected words outside exact names name it. */
  readonly domainCounts: ReadonlyMap<string, number>;
  /** Per area name: how many exact spans name it. */
  readonly areaCounts: ReadonlyMap<string, number>;
  /** Per exact span (by index in `exact`): the area names it names. */
  readonly exactAreas: readonly (readonly string[])[];
  /** Per word: the indices in `exact` of the exact spans that cover it. */
  readonly exactAt: readonly (readonly number[])[];
}

/** One way to repair the sentence: a span of words replaced by a catalogue name. */
interface SpanMatch extends Span {
  readonly group: NameGroup;
  /** The group's entries that pass the sentence's domain and area constraints. */
  readonly entries: readonly NameEntry[];
  readonly score: number;
  readonly edits: number;
  /** The repaired sentence, and its folded form (matches giving the same sentence are one candidate). */
  readonly text: string;
  readonly sentenceKey: string;
}

/** The constraints the rest of the sentence puts on a span's entity candidates. */
interface SpanConstraints {
  /** Domains named by domain words outside the span; undefined when none is named. */
  readonly domains: ReadonlySet<string> | undefined;
  /** Areas named exactly outside the span; undefined when none is named. */
  readonly areas: ReadonlySet<string> | undefined;
}

const SCORE_EPSILON = 1e-9;

/**
 * Replaces one misspelled catalogue name in `text` and recognises the result. The best sentence (spans
 * that give the same sentence count once) must reach the threshold and lead the runner-up by the margin;
 * no contender within the margin may be a target that needs an exact name; and the repaired sentence must
 * parse with the repaired words inside an entity. Only the words of a name are replaced: a span never
 * drops or changes a word of meaning (a polarity, a number, a unit…) the name does not have, and a
 * negated sentence is not repaired at all.
 */
export function repairNameSpelling(input: FuzzyRepairInput): RepairOutcome {
  const { settings, lexicon } = input;
  const sentence = readSentence(input.text, input.names, lexicon);
  if (lexicon !== undefined && findNegation(sentence.keys, lexicon, (i) => sentence.isProtected[i]!) >= 0)
    return refuse('fuzzy', 'negated', []);
  const matches = rankBySentence(findSpanMatches(sentence, input));
  const best = matches[0];
  if (best === undefined || best.score < settings.threshold) return { kind: 'none' };
  const runnerUp = matches[1];
  const contenders = matches.filter((match) => match.score >= best.score - settings.margin);
  const reported = contenders.flatMap((match) => candidatesOf(sentence, match)).slice(0, settings.maxReported);
  const isUnsafe = (match: SpanMatch) =>
    match.entries.some((entry) => entry.target.kind === 'entity' && requiresExactName(entry.target.entity));
  if (contenders.some(isUnsafe)) return refuse('fuzzy', 'unsafe-target', reported);
  if (runnerUp !== undefined && best.score - runnerUp.score < SCORE_EPSILON)
    return refuse('fuzzy', 'ambiguous', reported);
  if (runnerUp !== undefined && best.score - runnerUp.score < settings.margin)
    return refuse('fuzzy', 'below-margin', reported);
  const result = input.recognize(best.text);
  const isInEntity = result?.entitiesList.some(
    (entity) => !entity.isWildcard && ` ${foldPhrase(entity.text)} `.includes(` ${best.group.key} `),
  );
  if (result === undefined || isInEntity !== true)
    return refuse('fuzzy', 'reparse-failed', candidatesOf(sentence, best));
  return repaired(best.text, result, {
    kind: 'fuzzy',
    from: spanText(sentence, best),
    to: best.entries[0]!.text,
    score: best.score,
    runnerUpScore: runnerUp?.score,
    edits: best.edits,
  });
}

function readSentence(text: string, names: NameIndex, lexicon: RepairLexicon | undefined): ReadSentence {
  const words = splitWords(text);
  const keys = words.map((word) => word.key);
  const exact = findPhraseSpans(keys, names.byKey, names.maxWords);
  // One pass over the exact spans (each covers at most `maxWords` words), not one per word.
  const isProtected = keys.map(() => false);
  const exactAt: number[][] = keys.map(() => []);
  exact.forEach((span, index) => {
    for (let i = span.start; i < span.end; i++) {
      isProtected[i] = true;
      exactAt[i]!.push(index);
    }
  });
  const domains = lexicon === undefined ? [] : domainsOfWords(keys, lexicon);
  const domainCounts = new Map<string, number>();
  keys.forEach((_, i) => {
    if (!isProtected[i]) for (const domain of domains[i] ?? []) addCount(domainCounts, domain, 1);
  });
  const exactAreas = exact.map((span) => areasOf(span.value).map((area) => area.name));
  const areaCounts = new Map<string, number>();
  for (const areas of exactAreas) for (const area of areas) addCount(areaCounts, area, 1);
  // Domain words are not among them: a name's "light" may be typed "lights".
  // 0: not read yet, 1: a word of meaning, 2: not one.
  const meaning = new Uint8Array(keys.length);
  const isMeaning = (i: number): boolean => {
    if (meaning[i] === 0) meaning[i] = lexicon !== undefined && isMeaningWord(keys[i]!, lexicon, false) ? 1 : 2;
    return meaning[i] === 1;
  };
  return {
    words,
    keys,
    exact,
    isProtected,
    isMeaning,
    domains,
    constraints: { domainCounts, areaCounts, exactAreas, exactAt },
  };
}

function addCount(counts: Map<string, number>, key: string, delta: number): void {
  counts.set(key, (counts.get(key) ?? 0) + delta);
}

/** Every span of the sentence close to a catalogue name that its constraints allow. */
function findSpanMatches(sentence: ReadSentence, input: FuzzyRepairInput): SpanMatch[] {
  // One word more than the longest name: a name may be typed with a stray space.
  const maxSpanWords = Math.min(input.settings.maxSpanWords, input.names.maxWords + 1);
  const matches: SpanMatch[] = [];
  for (let start = 0; start < sentence.keys.length; start++) {
    for (let end = start + 1; end <= Math.min(sentence.keys.length, start + maxSpanWords); end++) {
      if (!sentence.isProtected.slice(start, end).every(Boolean))
        matches.push(...matchesAt(sentence, { start, end }, input));
    }
  }
  return matches;
}

/** The catalogue names close to one span, within its edits, its protected words and its constraints. */
function matchesAt(sentence: ReadSentence, span: Span, input: FuzzyRepairInput): SpanMatch[] {
  const { names, settings } = input;
  const { keys, words } = sentence;
  const key = keys.slice(span.start, span.end).join(' ');
  const maxEdits = Math.min(settings.maxEdits, Math.floor(key.length * settings.maxEditRatio));
  if (key.length < settings.minLength || maxEdits < 1 || names.byKey.has(key)) return [];
  const constraints = readConstraints(sentence, span);
  const letters = countLetters(key);
  const mask = letterMask(letters);
  const spanWords = span.end - span.start;
  const matches: SpanMatch[] = [];
  for (const bucket of names.near(key.length, maxEdits)) {
    for (const group of bucket) {
      // A name one word longer or shorter may be a stray or missing space; more words are no slip.
      if (Math.abs(group.words.length - spanWords) > 1 || lettersDifferTooMuch(mask, group.mask, maxEdits)) continue;
      if (minEditsByLetters(letters, group.letters, maxEdits) > maxEdits) continue;
      if (!keepsProtectedWords(sentence, span, group)) continue;
      // Only a name's own words are replaced: "light 3" is never "Light 2", "off kitchen light" never "Kitchen Light".
      if (!keepsMeaningWords(sentence, span, group)) continue;
      const similarity = compareNames(key, group.key, maxEdits);
      const entries = similarity === undefined ? [] : group.entries.filter((entry) => isAllowed(entry, constraints));
      if (similarity === undefined || entries.length === 0) continue;
      const text = [
        ...words.slice(0, span.start).map((word) => word.text),
        entries[0]!.text,
        ...words.slice(span.end).map((word) => word.text),
      ].join(' ');
      const sentenceKey = [...keys.slice(0, span.start), group.key, ...keys.slice(span.end)].join(' ');
      matches.push({ ...span, group, entries, score: similarity.score, edits: similarity.edits, text, sentenceKey });
    }
  }
  return matches;
}

/** Every word of meaning in the span is a word of the name too. */
function keepsMeaningWords(sentence: ReadSentence, span: Span, group: NameGroup): boolean {
  for (let i = span.start; i < span.end; i++)
    if (sentence.isMeaning(i) && !group.words.includes(sentence.keys[i]!)) return false;
  return true;
}

/**
 * A span may cover words that already spell a catalogue name exactly only if it keeps them as they are,
 * word for word ("kitchen lihgt" → "Kitchen Light" keeps "kitchen"); an exact name is never rewritten.
 */
function keepsProtectedWords(sentence: ReadSentence, span: Span, group: NameGroup): boolean {
  const { keys, isProtected } = sentence;
  if (!isProtected.slice(span.start, span.end).some(Boolean)) return true;
  if (group.words.length !== span.end - span.start) return false;
  return keys
    .slice(span.start, span.end)
    .every((key, offset) => !isProtected[span.start + offset] || group.words[offset] === key);
}

/**
 * Domain words and exact area names outside the span (and outside other exact names): the sentence's
 * counts less those of the span's own words and of the exact spans that overlap it. The work per span
 * is its few words and the sentence's distinct domains and areas, never the whole sentence again.
 */
function readConstraints(sentence: ReadSentence, span: Span): SpanConstraints {
  const { domainCounts, areaCounts, exactAreas, exactAt } = sentence.constraints;
  const domainsInside = new Map<string, number>();
  const overlapping = new Set<number>();
  for (let i = span.start; i < span.end; i++) {
    if (!sentence.isProtected[i]) for (const domain of sentence.domains[i] ?? []) addCount(domainsInside, domain, 1);
    for (const index of exactAt[i]!) overlapping.add(index);
  }
  const areasInside = new Map<string, number>();
  for (const index of overlapping) for (const area of exactAreas[index]!) addCount(areasInside, area, 1);
  const domains = remaining(domainCounts, domainsInside);
  const areas = remaining(areaCounts, areasInside);
  return { domains: domains.size > 0 ? domains : undefined, areas: areas.size > 0 ? areas : undefined };
}

/** The keys `all` counts more often than `inside` does. */
function remaining(all: ReadonlyMap<string, number>, inside: ReadonlyMap<string, number>): Set<string> {
  const keys = new Set<string>();
  for (const [key, count] of all) if (count > (inside.get(key) ?? 0)) keys.add(key);
  return keys;
}

/** An area is always a candidate; an entity must have a named domain and be in a named area. */
function isAllowed(entry: NameEntry, constraints: SpanConstraints): boolean {
  if (entry.target.kind === 'area') return true;
  const { entity } = entry.target;
  if (constraints.domains !== undefined && !constraints.domains.has(entity.domain)) return false;
  return constraints.areas === undefined || (entity.area !== undefined && constraints.areas.has(entity.area));
}

/** The best match per repaired sentence, best first (ties: earlier span, then name, for a stable order). */
function rankBySentence(matches: readonly SpanMatch[]): SpanMatch[] {
  const bySentence = new Map<string, SpanMatch>();
  for (const match of matches) {
    const known = bySentence.get(match.sentenceKey);
    bySentence.set(match.sentenceKey, known === undefined ? match : mergeMatches(known, match));
  }
  return [...bySentence.values()].sort(compareMatches);
}

/**
 * Spans that give the same sentence ("kitchn" → the area "Kitchen", "kitchn light" → "Kitchen Light") are
 * one candidate: the better one speaks for it, and every target either may reach counts for safety.
 */
function mergeMatches(a: SpanMatch, b: SpanMatch): SpanMatch {
  const [better, worse] = compareMatches(a, b) <= 0 ? [a, b] : [b, a];
  return { ...better, entries: [...new Set([...better.entries, ...worse.entries])] };
}

function compareMatches(a: SpanMatch, b: SpanMatch): number {
  return b.score - a.score || a.start - b.start || a.group.key.localeCompare(b.group.key);
}

function spanText(sentence: ReadSentence, span: Span): string {
  return sentence.words
    .slice(span.start, span.end)
    .map((word) => word.text)
    .join(' ');
}

/** A match as reported candidates: one per entity or area it may name. */
function candidatesOf(sentence: ReadSentence, match: SpanMatch): RepairCandidate[] {
  const from = spanText(sentence, match);
  const score = roundScore(match.score);
  return match.entries.map((entry): RepairCandidate => {
    if (entry.target.kind === 'area') return { kind: 'area', from, name: entry.text, score };
    const { entity } = entry.target;
    const area = entity.area === undefined ? {} : { area: entity.area };
    return {
      kind: 'entity',
      from,
      name: entry.text,
      domain: entity.domain,
      ...area,
      score,
      requiresExactName: requiresExactName(entity),
    };
  });
}
