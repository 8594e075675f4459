// The word edits from the input's frame to a candidate's that cannot change meaning: function words and spelling only.

import type { RepairLexicon } from './lexicon.ts';
import type { SkeletonSettings } from './settings.ts';
import { editDistance, isSlipOf } from './similarity.ts';
import { PLACEHOLDER_MARK } from './skeleton-constraints.ts';
import {
  functionClassOf,
  functionPhrases,
  isMeaningWord,
  isNumberWord,
  type FunctionWordClass,
} from './word-classes.ts';

/** How far a word may be respelt: one letter edit per `lettersPerEdit` letters, at most `maxLetterEdits`. */
export type SpellingBudget = Pick<SkeletonSettings, 'lettersPerEdit' | 'maxLetterEdits'>;

/**
 * The edits from the input frame to a candidate frame (Damerau-Levenshtein over words), where only these
 * edits exist, each costing one per word:
 * - a function word inserted or deleted (a phrase such as "can you" as a whole), or a misspelling of one
 *   deleted ("teh");
 * - a word replaced by the word it misspells ("tunr" → "turn", "of" → "off");
 * - an article or a preposition exchanged for another of its kind ("a" → "the", "at" → "in");
 * - two neighbouring words swapped when one of them is a function word ("turn the off …").
 * A preposition next to a number is kept as it is (it says what the number is). Verbs, negations,
 * content words, numbers, units and target names are never inserted, deleted or exchanged, and a word
 * of the lexicon (a polarity, a verb, a number…) is never respelt, so a candidate that needs it is
 * `Infinity` away. Beyond `max` the count may stop: anything above `max` means too far.
 */
export function createFrameEdits(
  input: readonly string[],
  lexicon: RepairLexicon,
  budget: SpellingBudget,
): (candidate: readonly string[], max: number) => number {
  // Candidates share most of their words: each word is classified once per input.
  const classes = new Map<string, WordClass>();
  const classOf = (key: string): WordClass => {
    let known = classes.get(key);
    if (known === undefined) {
      known = classify(key, lexicon);
      classes.set(key, known);
    }
    return known;
  };
  const inputWords = readFrameWords(input, classOf);
  const phrases = functionPhrases(lexicon);
  const functionWordList = [
    ...lexicon.functionWords.articles,
    ...lexicon.functionWords.prepositions,
    ...lexicon.functionWords.fillers,
  ].filter((word) => !word.includes(' '));
  const deletable = inputWords.map(
    (word) =>
      word.canChange &&
      (word.functionClass !== undefined ||
        (!word.isProtected && functionWordList.some((other) => isSpellingOf(word.key, other, budget)))),
  );
  const phraseEnds = phraseEndsOf(input, phrases, (i) => inputWords[i]!.canChange);
  // Per input position: the candidate words it is a misspelling of.
  const spelling = input.map(() => new Map<string, boolean>());
  const isRespelt = (i: number, word: string): boolean => {
    let known = spelling[i]!.get(word);
    if (known === undefined) {
      const typed = inputWords[i]!;
      known = !typed.isProtected && !word.startsWith(PLACEHOLDER_MARK) && isSpellingOf(typed.key, word, budget);
      spelling[i]!.set(word, known);
    }
    return known;
  };
  // One table, grown as needed and reused by every candidate (candidates are scored by the hundred).
  let cost: number[] = [];
  return (candidate, max) => {
    // Each edit changes the length by one word at most (a phrase costs one per word).
    if (Math.abs(input.length - candidate.length) > max) return max + 1;
    const candidateWords = readFrameWords(candidate, classOf);
    const candidatePhraseEnds = phraseEndsOf(candidate, phrases, (j) => candidateWords[j]!.canChange);
    const columns = candidate.length + 1;
    const size = (input.length + 1) * columns;
    if (cost.length < size) cost = new Array<number>(size);
    for (let i = 0; i <= input.length; i++) {
      for (let j = 0; j < columns; j++) {
        let best = i === 0 && j === 0 ? 0 : Infinity;
        if (i > 0 && j > 0) {
          const typed = inputWords[i - 1]!;
          const wanted = candidateWords[j - 1]!;
          const diagonal = cost[(i - 1) * columns + j - 1]!;
          if (typed.key === wanted.key) best = diagonal;
          else if (isExchangeable(typed, wanted) || isRespelt(i - 1, wanted.key)) best = diagonal + 1;
        }
        if (i > 0 && deletable[i - 1]) best = Math.min(best, cost[(i - 1) * columns + j]! + 1);
        const ends = i > 0 ? phraseEnds[i - 1] : undefined;
        if (ends !== undefined)
          for (let k = 0; k < ends.length; k++) best = Math.min(best, cost[(i - ends[k]!) * columns + j]! + ends[k]!);
        if (j > 0 && candidateWords[j - 1]!.canChange && candidateWords[j - 1]!.functionClass !== undefined)
          best = Math.min(best, cost[i * columns + j - 1]! + 1);
        const candidateEnds = j > 0 ? candidatePhraseEnds[j - 1] : undefined;
        if (candidateEnds !== undefined)
          for (let k = 0; k < candidateEnds.length; k++)
            best = Math.min(best, cost[i * columns + j - candidateEnds[k]!]! + candidateEnds[k]!);
        if (i > 1 && j > 1 && isSwap(inputWords, candidateWords, i - 1, j - 1))
          best = Math.min(best, cost[(i - 2) * columns + j - 2]! + 1);
        cost[i * columns + j] = best;
      }
    }
    return cost[size - 1]!;
  };
}

/** True when `typed` is a misspelling of `word`: a slip (`isSlipOf`), or few enough letter edits for its length. */
export function isSpellingOf(typed: string, word: string, budget: SpellingBudget): boolean {
  if (typed === word || /\d/u.test(typed) || /\d/u.test(word)) return false;
  if (isSlipOf(typed, word)) return true;
  const allowed = Math.min(budget.maxLetterEdits, Math.floor(typed.length / budget.lettersPerEdit));
  return allowed > 0 && editDistance(typed, word, allowed) <= allowed;
}

/** What a word is to the edits, wherever it stands. */
interface WordClass {
  readonly functionClass: FunctionWordClass | undefined;
  /** A target placeholder or a word of the lexicon (a number, a polarity…): never respelt or deleted. */
  readonly isProtected: boolean;
  readonly isNumber: boolean;
  /** A target placeholder or a number: never moved either. */
  readonly isFixed: boolean;
}

/** One word of a frame as the edits see it. */
interface FrameWord extends WordClass {
  readonly key: string;
  /** False for a preposition next to a number: it is kept as typed. */
  readonly canChange: boolean;
}

function classify(key: string, lexicon: RepairLexicon): WordClass {
  const isPlaceholder = key.startsWith(PLACEHOLDER_MARK);
  const isNumber = isNumberWord(key, lexicon);
  return {
    functionClass: functionClassOf(key, lexicon),
    isProtected: isPlaceholder || isMeaningWord(key, lexicon),
    isNumber,
    isFixed: isPlaceholder || isNumber,
  };
}

function readFrameWords(frame: readonly string[], classOf: (key: string) => WordClass): FrameWord[] {
  const classes = frame.map(classOf);
  return frame.map((key, i) => {
    const wordClass = classes[i]!;
    // Bounds checked: reading past either end of an array is a slow path in V8.
    const nextToNumber = (i > 0 && classes[i - 1]!.isNumber) || (i + 1 < classes.length && classes[i + 1]!.isNumber);
    // Fields written out: an object spread here costs more than the whole edit count.
    const { functionClass, isProtected, isNumber, isFixed } = wordClass;
    const canChange = !(functionClass === 'preposition' && nextToNumber);
    return { key, functionClass, isProtected, isNumber, isFixed, canChange };
  });
}

/** Two articles, or two prepositions that may change. */
function isExchangeable(a: FrameWord, b: FrameWord): boolean {
  return (
    a.canChange &&
    b.canChange &&
    a.functionClass === b.functionClass &&
    (a.functionClass === 'article' || a.functionClass === 'preposition')
  );
}

/**
 * The words at `i - 1, i` of the input are those at `j, j - 1` of the candidate, one of them is a function
 * word, and neither is a target or a number ("turn the off …" is "turn off the …").
 */
function isSwap(input: readonly FrameWord[], candidate: readonly FrameWord[], i: number, j: number): boolean {
  const [a, b] = [input[i - 1]!, input[i]!];
  if (a.key !== candidate[j]!.key || b.key !== candidate[j - 1]!.key || a.key === b.key) return false;
  const isFunction = (word: FrameWord) => word.functionClass !== undefined && word.canChange;
  return (isFunction(a) || isFunction(b)) && !a.isFixed && !b.isFixed;
}

/** For each position, the lengths of the function phrases ending there (all of whose words may change). */
function phraseEndsOf(
  frame: readonly string[],
  phrases: readonly (readonly string[])[],
  canChange: (i: number) => boolean,
): (number[] | undefined)[] {
  const ends: (number[] | undefined)[] = [];
  for (const phrase of phrases) {
    for (let start = 0; start + phrase.length <= frame.length; start++) {
      const matches = phrase.every((word, k) => frame[start + k] === word && canChange(start + k));
      if (!matches) continue;
      const end = start + phrase.length - 1;
      ends[end] = [...(ends[end] ?? []), phrase.length];
    }
  }
  return ends;
}
