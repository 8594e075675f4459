// Text normalisation as hassil does it: whitespace, Unicode NFC, apostrophes, punctuation and skip words.

const WHITESPACE_RUN = /\s+/gu;

/** Whitespace runs become one space, Unicode NFC, `’` becomes `'` (no case folding, no trimming). */
export function normalizeText(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').normalize('NFC').replaceAll('’', "'");
}

// hassil's punctuation set: "." plus these; the straight apostrophe is not punctuation.
const PUNCTUATION_NO_PERIOD = '。,，?¿？؟!¡！;；:：’';
const P = `[.${PUNCTUATION_NO_PERIOD}]+`;
const P_NO_PERIOD = `[${PUNCTUATION_NO_PERIOD}]+`;
// Python's \w and \W are Unicode-aware; these are their JavaScript equivalents.
const W = '[\\p{L}\\p{N}_]';
const NW = '[^\\p{L}\\p{N}_]';

const PUNCTUATION_START = new RegExp(`^${P}`, 'u');
const PUNCTUATION_END = new RegExp(`${P}$`, 'u');
const PUNCTUATION_START_WORD = new RegExp(`(?<=${NW})${P}(?=${W})`, 'gu');
const PUNCTUATION_END_WORD = new RegExp(`(?<=${W})${P_NO_PERIOD}(?=${NW})`, 'gu');
const PUNCTUATION_END_PERIOD = new RegExp(`(?<!${W}\\.${W})\\.(?=${NW})`, 'gu');
const PUNCTUATION_WORD = new RegExp(`(?<=${NW})${P}(?=${NW})`, 'gu');
// hassil 3.8.0 keeps a final "." only when the whole text is an initialism ("A.C."): an anchored match.
const WHOLE_INITIALISM = new RegExp(`^(?:${W}\\.){2,}$`, 'u');

const ANY_PUNCTUATION = new RegExp(`[.${PUNCTUATION_NO_PERIOD}]`, 'u');

/** Removes punctuation at the ends of the text and of words, keeping `2.5`, `x:y` and initialisms. */
export function removePunctuation(text: string): string {
  let result = text.replace(PUNCTUATION_START, '');
  if (!WHOLE_INITIALISM.test(result)) result = result.replace(PUNCTUATION_END, '');
  return result
    .replace(PUNCTUATION_START_WORD, '')
    .replace(PUNCTUATION_END_WORD, '')
    .replace(PUNCTUATION_END_PERIOD, '')
    .replace(PUNCTUATION_WORD, '');
}

/** True when `text` holds one of hassil's punctuation characters. */
export function hasPunctuation(text: string): boolean {
  return ANY_PUNCTUATION.test(text);
}

/** True when nothing but whitespace and punctuation is left (what a complete match may leave over). */
export function isBlankAfterPunctuation(text: string): boolean {
  return removePunctuation(text).trim() === '';
}

/** Where skip words may be removed: everywhere, or only at the start or the end (next to a wildcard). */
export type SkipWordPlace = 'anywhere' | 'start' | 'end';

/** A compiled set of skip words (phrases from the grammar, never from user input). */
export interface SkipWords {
  /** The text with skip words removed at `place`, whitespace normalised and trimmed. */
  remove(text: string, place: SkipWordPlace): string;
}

/** Compiles skip words: longest first, whole words only, case-insensitive. */
export function compileSkipWords(words: readonly string[]): SkipWords {
  const phrases = [...new Set(words.map((word) => word.trim()).filter((word) => word !== ''))].sort(
    (a, b) => b.length - a.length,
  );
  if (phrases.length === 0) return { remove: (text) => text };
  const alternatives = phrases.map(escapeRegExp).join('|');
  const anywhere = new RegExp(`(?<!${W})(?:${alternatives})(?!${W})`, 'giu');
  const start = new RegExp(`^\\s*(?:${alternatives})(?=\\s|$|${NW})\\s*`, 'iu');
  const end = new RegExp(`\\s*(?<!${W})(?:${alternatives})\\s*$`, 'iu');
  const tidy = (text: string) => text.replace(WHITESPACE_RUN, ' ').trim();
  return {
    remove(text, place) {
      if (place === 'anywhere') return tidy(text.replace(anywhere, ' '));
      const pattern = place === 'start' ? start : end;
      for (let current = text; ; ) {
        const next = tidy(current.replace(pattern, ''));
        if (next === current) return next;
        current = next;
      }
    },
  };
}

/** Escapes a literal for a regular expression (only syntax characters: the `u` flag refuses other escapes). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
