// The repair lexicon of a grammar's language: which languages have one (the data is one file per language in lexicon/).

import { ENGLISH_LEXICON } from './lexicon/english.ts';
import { GERMAN_LEXICON } from './lexicon/german.ts';
import type { RepairLexicon } from './lexicon/repair-lexicon.ts';

export type { FunctionWords, RepairLexicon } from './lexicon/repair-lexicon.ts';
export { ENGLISH_LEXICON } from './lexicon/english.ts';
export { GERMAN_LEXICON } from './lexicon/german.ts';

/** The lexicons by primary language subtag ("en" serves "en-GB" too). */
const LEXICONS: Readonly<Record<string, RepairLexicon>> = { en: ENGLISH_LEXICON, de: GERMAN_LEXICON };

/**
 * The lexicon of a grammar's language, or undefined: without one, fuzzy repair applies no domain
 * constraint and skeleton repair does not run (its constraints would be blind).
 */
export function lexiconFor(language: string): RepairLexicon | undefined {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(LEXICONS, primary) ? LEXICONS[primary] : undefined;
}
