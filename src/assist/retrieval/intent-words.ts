// The intents' own words ("skip", "water the lawn") as retrieval reads them: which devices a sentence that names none means.

import { INTENT_ROWS, type IntentRow } from '../intent-table.ts';
import { foldWords } from './terms.ts';

/** One word or phrase of an intent, folded, with what it implies. */
export interface IntentWord {
  /** The folded words of the phrase ("turn it up" → turn, it, up). */
  readonly words: readonly string[];
  /** Domains of the devices it means; never `*`. */
  readonly domains: readonly string[];
  /** Folded words of device names it implies ("sprinkler"). */
  readonly names: readonly string[];
  /** States the meant devices are likely in (the row's `prefer`: "skip" means the player that is playing). */
  readonly prefer: readonly string[];
  /** The row's `areaIsTarget`: the area named is what the device works on (a robot vacuum cleaning the kitchen). */
  readonly isAreaTarget: boolean;
}

/** The intent words of `rows`, by their first folded word, longest phrase first. */
export function indexIntentWords(rows: readonly IntentRow[]): ReadonlyMap<string, readonly IntentWord[]> {
  const index = new Map<string, IntentWord[]>();
  for (const row of rows) {
    for (const group of row.retrievalWords ?? []) {
      const domains = (group.domains ?? row.domains ?? []).filter((domain) => domain !== '*');
      if (domains.length === 0) continue;
      const names = [...new Set((group.names ?? []).flatMap(foldWords))];
      const prefer = row.kind === 'action' ? (row.prefer ?? []) : [];
      const isAreaTarget = row.kind === 'action' && row.areaIsTarget === true;
      for (const phrase of group.words) {
        const words = foldWords(phrase);
        if (words.length === 0) continue;
        const entry = { words, domains, names, prefer, isAreaTarget };
        const list = index.get(words[0]!);
        if (list === undefined) index.set(words[0]!, [entry]);
        else list.push(entry);
      }
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length);
  return index;
}

/** The intent table's words, indexed once. */
const INTENT_WORDS = indexIntentWords(INTENT_ROWS);

/**
 * The intent words found in `words` (folded), reading left to right: at each position the longest phrase wins, so
 * "turn up the heat" is the climate phrase and not the volume's "turn up". Every intent whose phrase it is counts:
 * "dock" is a vacuum's and a lawn mower's.
 */
export function findIntentWords(
  words: readonly string[],
  index: ReadonlyMap<string, readonly IntentWord[]> = INTENT_WORDS,
): IntentWord[] {
  const found: IntentWord[] = [];
  let start = 0;
  while (start < words.length) {
    const matches = (index.get(words[start]!) ?? []).filter((entry) =>
      entry.words.every((word, offset) => words[start + offset] === word),
    );
    const longest = matches[0]?.words.length ?? 0;
    for (const entry of matches) if (entry.words.length === longest) found.push(entry);
    start += Math.max(longest, 1);
  }
  return found;
}
