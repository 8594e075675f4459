// The facts of a sentence, read once per turn in its language: negation, the targets it names, quantifiers,
// exceptions, scope and numbers. The deterministic path and the gate read the same record.

import { definedProps } from '../../../common/index.ts';
import { hasNegation, isQuestion, lexiconFor, type NameIndex } from '../repair/index.ts';
import { splitWords } from '../repair/words.ts';
import { type FactsWords, factsWordsFor } from './facts-words.ts';
import { numberWordReaderFor } from './number-words.ts';
import { readSpokenNumbers, type SpokenNumber } from './spoken-numbers.ts';

/** A device or area the sentence names by its catalogue name or an alias. */
export interface NamedTarget {
  readonly kind: 'entity' | 'area';
  /** The catalogue name (not the alias said). */
  readonly name: string;
  /** The entity's domain and area (entities only). */
  readonly domain?: string;
  readonly area?: string;
  /** "the kitchen light" is singular, "the kitchen lights" plural. */
  readonly number: 'singular' | 'plural';
}

/** What a sentence says, in facts the gate can hold a set of calls to. */
export interface SentenceFacts {
  /** The language the facts were read in (the grammar's). */
  readonly language: string;
  /** False when the language has no tables: then only numbers with digits were read. */
  readonly isRead: boolean;
  /** A negation word outside a device's name and outside phrases that negate nothing. */
  readonly negated: boolean;
  readonly question: boolean;
  /**
   * A condition word outside a device's name ("if", "when", "unless"; the repair lexicon's `conditions`): what the
   * sentence asks for depends on something only a check can tell.
   */
  readonly conditional: boolean;
  /** "all the lights", "every door": the first quantifier said. */
  readonly quantifier?: 'all' | 'every';
  /** The sentence says the whole home ("in the house", "everywhere"). */
  readonly wholeHome: boolean;
  /** The devices and areas it names, outside an exception. */
  readonly named: readonly NamedTarget[];
  /** The domains the sentence refers to by a kind of device outside a name ("the fan", "the lights"). */
  readonly kinds: readonly string[];
  /** The devices and areas named after an exception word ("everything except the kitchen"). */
  readonly excepted: readonly NamedTarget[];
  /** The numbers it speaks, in order. */
  readonly numbers: readonly SpokenNumber[];
}

/** Reads the facts of `text` in `language`; `names` (the catalogue's names) is asked only when the home has some. */
export function readSentenceFacts(text: string, options: { language: string; names?: () => NameIndex }): SentenceFacts {
  const lexicon = lexiconFor(options.language);
  const words = factsWordsFor(options.language);
  const index = options.names?.();
  const keys = splitWords(text).map((word) => word.key);
  const nameKeys = index === undefined ? [] : [...index.byKey.keys()];
  // A number that is part of a name the sentence says ("Light 2", "Zone Two") is the name's, not a value.
  const sentence = ` ${keys.join(' ')} `;
  const isInName = (said: string) =>
    nameKeys.some((key) => ` ${key} `.includes(` ${said} `) && sentence.includes(` ${key} `));
  if (lexicon === undefined || words === undefined) {
    const numbers = readSpokenNumbers(text, { units: {}, minus: [] }, isInName);
    return { ...UNREAD, language: options.language, numbers };
  }
  const spans = index === undefined ? [] : namedSpans(keys, index, words);
  const exceptAt = phraseAt(keys, words.exceptions);
  const toTarget = (span: NamedSpan) => span.target;
  return {
    language: options.language,
    isRead: true,
    negated: hasNegation(text, lexicon, options.names),
    question: isQuestion(text, lexicon),
    conditional: keys.some(
      (key, i) => lexicon.conditions.includes(key) && !spans.some((s) => s.start <= i && i < s.end),
    ),
    ...quantifierOf(keys, words),
    wholeHome: phraseAt(keys, words.wholeHome) >= 0,
    named: spans.filter((span) => exceptAt < 0 || span.start < exceptAt).map(toTarget),
    kinds: kindsOf(keys, spans, { domainWords: lexicon.domainWords, facts: words }),
    excepted: exceptAt < 0 ? [] : spans.filter((span) => span.start > exceptAt).map(toTarget),
    numbers: readSpokenNumbers(
      text,
      {
        units: lexicon.units,
        minus: words.minus,
        ...definedProps({ readWords: numberWordReaderFor(options.language) }),
      },
      isInName,
    ),
  };
}

interface NamedSpan {
  start: number;
  end: number;
  target: NamedTarget;
}

/** The domains of the kind words ("fan", "lights") outside the names of `spans`. */
function kindsOf(
  keys: readonly string[],
  spans: readonly NamedSpan[],
  words: { domainWords: Readonly<Record<string, readonly string[]>>; facts: FactsWords },
): string[] {
  const kinds = new Set<string>();
  keys.forEach((key, i) => {
    if (spans.some((span) => span.start <= i && i < span.end)) return;
    const singulars = [
      key,
      ...words.facts.pluralEndings.filter((end) => key.endsWith(end)).map((end) => key.slice(0, -end.length)),
    ];
    for (const word of singulars)
      if (Object.hasOwn(words.domainWords, word)) for (const domain of words.domainWords[word]!) kinds.add(domain);
  });
  return [...kinds];
}

/**
 * The longest catalogue names at each position, left to right; a name whose last word carries a plural ending
 * ("lights") is plural. Every catalogue target of a name counts (two devices may share one).
 */
function namedSpans(keys: readonly string[], index: NameIndex, words: FactsWords): NamedSpan[] {
  const spans: NamedSpan[] = [];
  let start = 0;
  while (start < keys.length) {
    const found = longestAt(keys, start, index, words);
    if (found === undefined) {
      start++;
      continue;
    }
    for (const entry of found.group.entries) {
      const target: NamedTarget =
        entry.target.kind === 'area'
          ? { kind: 'area', name: entry.target.area.name, number: 'singular' }
          : {
              kind: 'entity',
              name: entry.target.entity.name,
              domain: entry.target.entity.domain,
              ...(entry.target.entity.area === undefined ? {} : { area: entry.target.entity.area }),
              number: found.isPlural ? 'plural' : 'singular',
            };
      if (!spans.some((span) => span.target.kind === target.kind && span.target.name === target.name))
        spans.push({ start, end: found.end, target });
    }
    start = found.end;
  }
  return spans;
}

function longestAt(keys: readonly string[], start: number, index: NameIndex, words: FactsWords) {
  for (let end = Math.min(keys.length, start + index.maxWords); end > start; end--) {
    const phrase = keys.slice(start, end);
    const exact = index.byKey.get(phrase.join(' '));
    if (exact !== undefined) return { group: exact, end, isPlural: false };
    const last = phrase[phrase.length - 1]!;
    for (const ending of words.pluralEndings) {
      if (!last.endsWith(ending) || last.length <= ending.length + 1) continue;
      const singular = [...phrase.slice(0, -1), last.slice(0, -ending.length)].join(' ');
      const group = index.byKey.get(singular);
      if (group !== undefined) return { group, end, isPlural: true };
    }
  }
  return undefined;
}

function quantifierOf(keys: readonly string[], words: FactsWords): { quantifier?: 'all' | 'every' } {
  for (const key of keys) {
    if (words.all.includes(key)) return { quantifier: 'all' };
    if (words.every.includes(key)) return { quantifier: 'every' };
  }
  return {};
}

/** Where the first of `phrases` starts in `keys`, or -1. */
function phraseAt(keys: readonly string[], phrases: readonly string[]): number {
  const split = phrases.map((phrase) => phrase.split(' '));
  for (let i = 0; i < keys.length; i++) {
    for (const parts of split) if (parts.every((part, k) => keys[i + k] === part)) return i;
  }
  return -1;
}

/**
 * The facts of a sentence too long to read (past `settings.ha_assist_max_deterministic_chars`): nothing is read from
 * it, so no part of a turn's work grows with the sentence's length. The gate then judges the model's calls as for a
 * language it has no words for.
 */
export function unreadSentenceFacts(language: string): SentenceFacts {
  return { ...UNREAD, language, numbers: [] };
}

const UNREAD = {
  isRead: false,
  negated: false,
  question: false,
  conditional: false,
  wholeHome: false,
  named: [],
  kinds: [],
  excepted: [],
} as const;
