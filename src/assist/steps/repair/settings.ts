// The thresholds and bounds of sentence repair, with their documented defaults.

import { CONFIGURED_DEFAULTS } from '../../settings-values.ts';

/** Thresholds of fuzzy slot repair (one misspelled entity or area name). */
export interface FuzzySettings {
  /** Least combined similarity (0–1) the best catalogue name must reach. */
  readonly threshold: number;
  /** How far (in similarity) the best candidate must be ahead of the runner-up. */
  readonly margin: number;
  /** Character edits allowed per character of the span (Damerau-Levenshtein), rounded down. */
  readonly maxEditRatio: number;
  /** Never more character edits than this, however long the name. */
  readonly maxEdits: number;
  /** Spans shorter than this many characters (spaces included) are never repaired. */
  readonly minLength: number;
  /** The longest span of the sentence compared with catalogue names, in words. */
  readonly maxSpanWords: number;
  /** At most this many candidates are reported with a refusal. */
  readonly maxReported: number;
}

/** Bounds of skeleton repair (a small error in the sentence frame). */
export interface SkeletonSettings {
  /** The most word edits (Damerau-Levenshtein over words) a candidate may be away from the input. */
  readonly maxDistance: number;
  /** One edit is allowed per this many words of the input, at least one and at most `maxDistance`. */
  readonly wordsPerEdit: number;
  /** Sentences sampled per template; a template that has more makes the candidate set too large. */
  readonly maxPerTemplate: number;
  /** Sentences sampled over the whole grammar; more makes the candidate set too large. */
  readonly maxSampled: number;
  /** Candidates at one distance that pass the constraints (each is reparsed); more is too many to choose from. */
  readonly maxCandidates: number;
  /** A misspelt word may be this many letters per letter edit away from the word it is read as (besides slips). */
  readonly lettersPerEdit: number;
  /** Never more letter edits in one misspelt word than this. */
  readonly maxLetterEdits: number;
}

/** Every threshold and bound of `repairSentence`. */
export interface RepairSettings {
  readonly fuzzy: FuzzySettings;
  readonly skeleton: SkeletonSettings;
}

/**
 * The defaults, chosen to repair one slip and refuse anything less clear (`threshold`, `margin`, `maxEdits` and
 * `maxDistance` are configurable: their defaults are their rows' in `ASSIST_SETTING_ROWS`):
 * - `threshold` 0.82: one edit in a five-letter word ("lihgt" → "light", 0.88) or in a two-word name
 *   ("kitchn light", 0.94) passes; two letters missing from "kitchen" ("ktchn", 0.76), a foreign letter
 *   in a short word ("liggt", 0.80) or another word with the same letters ("chicken", 0.60) does not.
 * - `margin` 0.05: a name one edit away beats one two edits away (about 0.06 ahead on a twelve-letter
 *   name, "celing light" → "Ceiling Light" over "Ceiling Lights"); names equally or nearly equally
 *   close are refused rather than guessed.
 * - `maxEditRatio` 0.25 with `maxEdits` 3 and `minLength` 4: one edit per four letters, so three-letter
 *   words ("dor", "fan") and words like "on"/"of" are never rewritten, and long names get at most three.
 * - `maxSpanWords` 5: longer catalogue names are rare; each extra word multiplies the spans compared.
 * - skeleton `maxDistance` 2 with `wordsPerEdit` 3: a four-word frame ("turn of the kitchen light")
 *   allows one word edit, a six-word one two; a word transposition counts as one.
 * - `maxPerTemplate` 64, `maxSampled` 4000, `maxCandidates` 6: pruned to the words the input uses, a
 *   template yields a handful of sentences and Home Assistant's whole English grammar a few dozen to a
 *   hundred; the nearest distance usually holds two to four phrasings of one meaning. Beyond these the
 *   input is too far from the grammar to choose safely, and the work stays bounded.
 * - `lettersPerEdit` 5 with `maxLetterEdits` 2: a word is respelt only as a slip ("tunr", "of" for
 *   "off") or with one letter edit from five letters ("swich" → "switch"), two from ten; shorter real
 *   words one letter apart ("lock" / "look", "old" / "cold") are different words, not misspellings.
 */
export const DEFAULT_REPAIR_SETTINGS: RepairSettings = {
  fuzzy: {
    ...CONFIGURED_DEFAULTS.repair.fuzzy,
    maxEditRatio: 0.25,
    minLength: 4,
    maxSpanWords: 5,
    maxReported: 5,
  },
  skeleton: {
    ...CONFIGURED_DEFAULTS.repair.skeleton,
    wordsPerEdit: 3,
    maxPerTemplate: 64,
    maxSampled: 4000,
    maxCandidates: 6,
    lettersPerEdit: 5,
    maxLetterEdits: 2,
  },
};
