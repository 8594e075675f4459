// What a skeleton repair must keep (polarity, numbers, qualifiers) and the requests it must leave alone.

import type { RepairLexicon } from './lexicon.ts';
import { isSlipOf } from './similarity.ts';
import { findNegation, unitOf } from './word-classes.ts';

/** Why a request is not repaired at all. */
export type FallbackReason = 'negated' | 'condition' | 'relative' | 'composite' | 'unknown-polarity';

/** Which constraint a candidate would change. */
export type ConstraintFailure = 'polarity-changed' | 'number-changed' | 'unit-changed' | 'qualifier-changed';

/** The prefix of a frame word that stands for a target name. */
export const PLACEHOLDER_MARK = '«';

/** What a frame says on the points a repair must keep. */
interface Reading {
  readonly polarity: string[];
  readonly numbers: string[];
  /** The quantities of unit words ("percent", "degrees"). */
  readonly units: string[];
  /** Targets (placeholders), domain words and quantifiers. */
  readonly qualifiers: string[];
}

/** How one input word reads: as itself, and (when it is no word of the candidate) as the constraint word it is a slip of. */
interface WordReading {
  readonly exact: Reading;
  /** The constraint word this word is a slip of; `null` when it is a slip of several (unreadable). */
  readonly slipOf: string | null | undefined;
}

/**
 * Why the input frame must not be repaired: a negation, a condition, a relative or composite request, or an
 * action whose polarity is contradictory ("turn on … off") or missing ("turn the light").
 */
export function findFallback(frame: readonly string[], lexicon: RepairLexicon): FallbackReason | undefined {
  const isNumber = (word: string | undefined) => word !== undefined && readNumber(word, lexicon) !== undefined;
  if (findNegation(frame, lexicon) >= 0) return 'negated';
  if (frame.some((word) => lexicon.conditions.includes(word))) return 'condition';
  if (frame.some((word) => lexicon.composite.includes(word))) return 'composite';
  if (
    frame.some(
      (word, i) =>
        lexicon.relative.includes(word) || (lexicon.relativeBeforeNumber.includes(word) && isNumber(frame[i + 1])),
    )
  )
    return 'relative';
  const polarity = new Set(frame.flatMap((word) => readWord(word, lexicon).polarity));
  if (polarity.size > 1) return 'unknown-polarity';
  const slipWords = constraintWords(lexicon);
  const hasPolaritySlip = frame.some((word) =>
    slipWords.some((target) => isSlipOf(word, target) && polarityOf(target, lexicon).length > 0),
  );
  if (polarity.size === 0 && !hasPolaritySlip && frame.some((word) => lexicon.actionVerbs.includes(word)))
    return 'unknown-polarity';
  return undefined;
}

/**
 * A check of candidate frames against the input frame: the same polarity, the same numbers, the same units
 * and the same qualifiers (targets, domain words, "all"), each as a multiset. An input word that is a slip of a
 * constraint word ("of" for "off") reads as that word unless the candidate uses the word as typed.
 */
export function createConstraintCheck(
  inputFrame: readonly string[],
  lexicon: RepairLexicon,
): (candidateFrame: readonly string[]) => ConstraintFailure | undefined {
  const slipWords = constraintWords(lexicon);
  const words: WordReading[] = inputFrame.map((word) => {
    const exact = readWord(word, lexicon);
    const hasExact = exact.polarity.length + exact.numbers.length + exact.units.length + exact.qualifiers.length > 0;
    const targets = hasExact ? [] : slipWords.filter((target) => isSlipOf(word, target));
    return { exact, slipOf: targets.length === 0 ? undefined : targets.length === 1 ? targets[0]! : null };
  });
  return (candidateFrame) => {
    const candidateWords = new Set(candidateFrame);
    const input = mergeReadings(
      words.map((reading, i) => {
        if (reading.slipOf === undefined || candidateWords.has(inputFrame[i]!)) return reading.exact;
        // A slip of two constraint words cannot be read either way; "?" matches nothing.
        return reading.slipOf === null
          ? { polarity: ['?'], numbers: [], units: [], qualifiers: [] }
          : readWord(reading.slipOf, lexicon);
      }),
    );
    const candidate = mergeReadings(candidateFrame.map((word) => readWord(word, lexicon)));
    if (!sameItems(input.qualifiers, candidate.qualifiers)) return 'qualifier-changed';
    if (!sameItems([...new Set(input.polarity)], [...new Set(candidate.polarity)])) return 'polarity-changed';
    if (!sameItems(input.numbers, candidate.numbers)) return 'number-changed';
    if (!sameItems(input.units, candidate.units)) return 'unit-changed';
    return undefined;
  };
}

/** The number a word says (digits, with a trailing "%", or a number word), as a canonical string. */
export function readNumber(word: string, lexicon: RepairLexicon): string | undefined {
  const digits = /^(\d+(?:[.,]\d+)?)%?$/u.exec(word);
  if (digits !== null) return String(Number(digits[1]!.replace(',', '.')));
  return lexicon.numberWords.includes(word) ? word : undefined;
}

function readWord(word: string, lexicon: RepairLexicon): Reading {
  const number = readNumber(word, lexicon);
  const unit = unitOf(word, lexicon);
  const isQualifier =
    word.startsWith(PLACEHOLDER_MARK) || Object.hasOwn(lexicon.domainWords, word) || lexicon.quantifiers.includes(word);
  return {
    polarity: polarityOf(word, lexicon),
    numbers: number === undefined ? [] : [number],
    units: unit === undefined ? [] : [unit],
    qualifiers: isQualifier ? [word] : [],
  };
}

function polarityOf(word: string, lexicon: RepairLexicon): string[] {
  return Object.entries(lexicon.polarity)
    .filter(([, words]) => words.includes(word))
    .map(([polarity]) => polarity);
}

/** The words whose slips are read as them: polarity words, domain words, quantifiers and units. */
function constraintWords(lexicon: RepairLexicon): string[] {
  return [
    ...Object.values(lexicon.polarity).flat(),
    ...Object.keys(lexicon.domainWords),
    ...lexicon.quantifiers,
    ...Object.values(lexicon.units).flat(),
  ];
}

function mergeReadings(readings: readonly Reading[]): Reading {
  return {
    polarity: readings.flatMap((reading) => reading.polarity),
    numbers: readings.flatMap((reading) => reading.numbers),
    units: readings.flatMap((reading) => reading.units),
    qualifiers: readings.flatMap((reading) => reading.qualifiers),
  };
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sortedB = [...b].sort();
  return [...a].sort().every((item, i) => item === sortedB[i]);
}
