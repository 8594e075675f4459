// How alike two names (or two word sequences) are: Damerau-Levenshtein edits and shared characters.

/**
 * Edits between `a` and `b` (characters of a string, or words of an array): insertions, deletions,
 * substitutions, and adjacent transpositions counting as one ("lihgt" → "light" is one edit; this is the
 * optimal string alignment form of Damerau-Levenshtein). Work stops once the distance must exceed
 * `max` (`Infinity` for the full distance); the result is then `max + 1`.
 */
export function editDistance<T>(a: ArrayLike<T>, b: ArrayLike<T>, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious = new Int32Array(b.length + 1);
  let previous = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Int32Array(b.length + 1);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // A transposition reaches back two rows, so only two rows beyond `max` prove the rest is too.
    if (rowMin > max && previousMin > max) return max + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
    previousMin = rowMin;
  }
  return Math.min(previous[b.length]!, max + 1);
}

// a–z, 0–9, and one count shared by every other character.
const LETTER_SLOTS = 37;

/** How often each letter and digit occurs in a folded text (other characters share one count; spaces are left out). */
export function countLetters(text: string): Uint8Array {
  const counts = new Uint8Array(LETTER_SLOTS);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) continue;
    const slot = code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? 26 + code - 48 : LETTER_SLOTS - 1;
    counts[slot] = Math.min(255, counts[slot]! + 1);
  }
  return counts;
}

/** Which letter slots occur at all, as two bit sets (slots 0–30 and 31–36): cheaper to compare than counts. */
export type LetterMask = readonly [number, number];

/** The letter slots `counts` (from `countLetters`) has. */
export function letterMask(counts: Uint8Array): LetterMask {
  let low = 0;
  let high = 0;
  for (let slot = 0; slot < LETTER_SLOTS; slot++) {
    if (counts[slot] === 0) continue;
    if (slot < 31) low |= 1 << slot;
    else high |= 1 << (slot - 31);
  }
  return [low, high];
}

/**
 * True when the letters present differ in more than `2 × max` slots, so that more than `max` edits are
 * needed: an edit adds or removes at most two letters (a substitution), so it changes at most two
 * slots' presence. It never rules out a pair that {@link minEditsByLetters} keeps, and is much cheaper.
 */
export function lettersDifferTooMuch(a: LetterMask, b: LetterMask, max: number): boolean {
  return bitCount(a[0] ^ b[0]) + bitCount(a[1] ^ b[1]) > 2 * max;
}

function bitCount(bits: number): number {
  let value = bits - ((bits >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A lower bound of the edits between two texts from their letter counts: an edit changes the counts by
 * at most two (a substitution takes one letter away and adds another). Far cheaper than the distance;
 * counting stops once the bound exceeds `max`.
 */
export function minEditsByLetters(a: Uint8Array, b: Uint8Array, max: number): number {
  const maxDifference = 2 * max;
  let difference = 0;
  for (let i = 0; i < LETTER_SLOTS && difference <= maxDifference; i++) difference += Math.abs(a[i]! - b[i]!);
  return Math.ceil(difference / 2);
}

/** The share of characters the two texts have in common, in any order (Dice over character multisets, spaces ignored), 0–1. */
export function sharedCharacters(a: string, b: string): number {
  const counts = new Map<string, number>();
  let sizeA = 0;
  let sizeB = 0;
  for (const char of a) {
    if (char === ' ') continue;
    counts.set(char, (counts.get(char) ?? 0) + 1);
    sizeA++;
  }
  let shared = 0;
  for (const char of b) {
    if (char === ' ') continue;
    sizeB++;
    const left = counts.get(char) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(char, left - 1);
    }
  }
  return sizeA + sizeB === 0 ? 1 : (2 * shared) / (sizeA + sizeB);
}

// How much the edit distance weighs in the combined score; the rest is shared characters.
const EDIT_WEIGHT = 0.6;

/** The similarity of two names and the edits between them. */
export interface NameSimilarity {
  /** 0–1: `EDIT_WEIGHT` × (1 − edits / longer length) + the rest × shared characters. */
  readonly score: number;
  readonly edits: number;
}

/**
 * The similarity of two folded names, or undefined beyond `maxEdits`. The edit term orders the letters,
 * the shared-character term forgives a swapped pair more than a foreign letter ("lihgt" is closer to
 * "light" than "liggt" is).
 */
export function compareNames(a: string, b: string, maxEdits: number): NameSimilarity | undefined {
  const edits = editDistance(a, b, maxEdits);
  if (edits > maxEdits) return undefined;
  const editSimilarity = 1 - edits / Math.max(a.length, b.length, 1);
  return { score: EDIT_WEIGHT * editSimilarity + (1 - EDIT_WEIGHT) * sharedCharacters(a, b), edits };
}

/**
 * True when `typed` is a slip of `word` that cannot change which word was meant: two adjacent letters
 * swapped (words of three letters or more: "opne"), or one letter of a doubled pair dropped or a letter
 * doubled ("of" for "off", "onn" for "on"). A substituted letter is not a slip: "of" is one substitution
 * from "on" too.
 */
export function isSlipOf(typed: string, word: string): boolean {
  if (typed === word) return false;
  if (typed.length === word.length) return typed.length >= 3 && isAdjacentSwap(typed, word);
  if (typed.length === word.length - 1) return isDoubledLetterDropped(typed, word);
  if (typed.length === word.length + 1) return isDoubledLetterDropped(word, typed);
  return false;
}

function isAdjacentSwap(a: string, b: string): boolean {
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** `shorter` is `longer` with one letter of a doubled pair removed. */
function isDoubledLetterDropped(shorter: string, longer: string): boolean {
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i++;
  const dropped = longer[i];
  const isDoubled = dropped === longer[i - 1] || dropped === longer[i + 1];
  return isDoubled && shorter.slice(i) === longer.slice(i + 1);
}
