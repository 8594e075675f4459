// What a folded word is to repair, read from the language's lexicon: a function word, a negation, a unit, a domain word.

import type { RepairLexicon } from './lexicon.ts';

/** The kinds of function word; each may be inserted or deleted, articles and prepositions also exchanged within their kind. */
export type FunctionWordClass = 'article' | 'preposition' | 'filler';

/** The class of a one-word function word, or undefined (phrases such as "can you" are matched by `functionPhrases`). */
export function functionClassOf(word: string, lexicon: RepairLexicon): FunctionWordClass | undefined {
  const { articles, prepositions, fillers } = lexicon.functionWords;
  if (articles.includes(word)) return 'article';
  if (prepositions.includes(word)) return 'preposition';
  return fillers.includes(word) ? 'filler' : undefined;
}

/** The function phrases of two words or more ("can you", "thank you"), as word lists. */
export function functionPhrases(lexicon: RepairLexicon): string[][] {
  const { articles, prepositions, fillers } = lexicon.functionWords;
  return [...articles, ...prepositions, ...fillers]
    .map((phrase) => phrase.split(' '))
    .filter((words) => words.length > 1);
}

/** True when a word negates: a listed negation or a word with a negating ending ("shouldn't"); ’ reads as '. */
export function isNegationWord(word: string, lexicon: RepairLexicon): boolean {
  const key = word.replaceAll('’', "'");
  return lexicon.negations.includes(key) || lexicon.negationSuffixes.some((suffix) => key.endsWith(suffix));
}

/**
 * Where `keys` negate: the first position of a negation word that is not part of a phrase that negates
 * nothing ("never mind"), or -1. `isExempt` leaves out other positions (words of an exact device name).
 */
export function findNegation(
  keys: readonly string[],
  lexicon: RepairLexicon,
  isExempt: (i: number) => boolean = () => false,
): number {
  for (let i = 0; i < keys.length; i++) {
    if (!isNegationWord(keys[i]!, lexicon) || isExempt(i)) continue;
    if (!isInNotNegation(keys, i, lexicon)) return i;
  }
  return -1;
}

function isInNotNegation(keys: readonly string[], i: number, lexicon: RepairLexicon): boolean {
  return lexicon.notNegations.some((phrase) => {
    const words = phrase.split(' ');
    return words.some((_, offset) => {
      const start = i - offset;
      return start >= 0 && words.every((word, k) => keys[start + k] === word);
    });
  });
}

// A number with its unit written on ("50%", "21°c").
const NUMBER_WITH_SUFFIX = /^\d+(?:[.,]\d+)?(\D+)$/u;

/** The quantity a unit word names ("percent" → `percent`), also when written on a number ("50%"), or undefined. */
export function unitOf(word: string, lexicon: RepairLexicon): string | undefined {
  const suffix = NUMBER_WITH_SUFFIX.exec(word)?.[1];
  const unit = suffix ?? word;
  for (const [quantity, words] of Object.entries(lexicon.units)) if (words.includes(unit)) return quantity;
  return undefined;
}

/** True when a word is a number: digits (with a unit written on, or not) or a number word. */
export function isNumberWord(word: string, lexicon: RepairLexicon): boolean {
  return /^\d/u.test(word) || lexicon.numberWords.includes(word);
}

/**
 * True when a word carries meaning a repair must keep: a polarity, quantifier, number or unit word, an
 * action verb, a negation, a word that makes a request conditional, relative or composite, and (unless
 * `withDomainWords` is false: names are full of them, "Ceiling Light") a domain word.
 */
export function isMeaningWord(word: string, lexicon: RepairLexicon, withDomainWords = true): boolean {
  return (
    isNumberWord(word, lexicon) ||
    (withDomainWords && Object.hasOwn(lexicon.domainWords, word)) ||
    Object.values(lexicon.polarity).some((words) => words.includes(word)) ||
    lexicon.quantifiers.includes(word) ||
    lexicon.actionVerbs.includes(word) ||
    lexicon.conditions.includes(word) ||
    lexicon.relative.includes(word) ||
    lexicon.relativeBeforeNumber.includes(word) ||
    lexicon.composite.includes(word) ||
    unitOf(word, lexicon) !== undefined ||
    isNegationWord(word, lexicon)
  );
}

/**
 * The domains each word names, or undefined where it names none (one pass over the words). A word that is
 * both an action verb and a domain word ("switch") is the verb when no action verb came before it and it
 * starts the sentence or follows a function word other than an article ("please switch off", "can you
 * switch", "i want to switch"); elsewhere it is the domain word ("turn off the switch", "turn the kitchen
 * switch off"). When in doubt it stays the domain word: that keeps a constraint, never drops one.
 */
export function domainsOfWords(keys: readonly string[], lexicon: RepairLexicon): (readonly string[] | undefined)[] {
  let hasVerb = false;
  return keys.map((word, i) => {
    // Own keys only: "constructor" is no domain word.
    const domains = Object.hasOwn(lexicon.domainWords, word) ? lexicon.domainWords[word] : undefined;
    const isVerb = lexicon.actionVerbs.includes(word);
    const opensRequest = isVerb && !hasVerb && (i === 0 || opensAfter(keys[i - 1]!, lexicon));
    hasVerb ||= isVerb;
    return opensRequest ? undefined : domains;
  });
}

/** True when a verb after `previous` may open the request: a function word other than an article, or the end of a phrase ("can you"). */
function opensAfter(previous: string, lexicon: RepairLexicon): boolean {
  const previousClass = functionClassOf(previous, lexicon);
  if (previousClass !== undefined) return previousClass !== 'article';
  return lexicon.functionWords.fillers.some((phrase) => phrase.includes(' ') && phrase.endsWith(` ${previous}`));
}
