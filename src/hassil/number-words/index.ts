// Spelled-out numbers for range lists: every word form hassil accepts for a number, per language.

import { addBreakWordVariants } from './break-words.ts';
import { spellEnglish } from './english.ts';
import { spellGerman } from './german.ts';

/** A language's ruleset outputs for one value, in ruleset order, possibly repeated. */
type RulesetSpeller = (value: number) => readonly string[];

/** Spellers by base language; hassil uses unicode-rbnf, which knows many more. */
const SPELLERS: Readonly<Record<string, RulesetSpeller>> = {
  en: spellEnglish,
  de: spellGerman,
};

/** Every form hassil accepts for `value` in `language` ("en", "de", "de-DE" …), in hassil's order; [] when unsupported. */
export function spellNumber(language: string, value: number): readonly string[] {
  const speller = findSpeller(language);
  return speller === undefined ? [] : addBreakWordVariants(speller(value));
}

/** True when `spellNumber` knows the language (or the base language of a region tag). */
export function supportsNumberWords(language: string): boolean {
  return findSpeller(language) !== undefined;
}

function findSpeller(language: string): RulesetSpeller | undefined {
  // "en-US" and "en_US" fall back to their family "en", as hassil does for number words.
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(SPELLERS, base) ? SPELLERS[base] : undefined;
}
