// The input text of one match in the four forms the matcher reads: as typed and folded, words whole or broken.

import { foldCase } from '../text/case-fold.ts';
import type { TextSlotList } from '../grammar/slot-lists.ts';

/** How a plain value of a list matched at a position: which value, where it ended, whether words broke. */
export interface ValueOutcome {
  readonly index: number;
  readonly pos: number;
  readonly isBroken: boolean;
}

/** The text being matched; "broken" forms have `-` and `_` replaced by spaces (same length, same positions). */
export interface MatchInput {
  readonly text: string;
  readonly folded: string;
  readonly brokenText: string;
  readonly brokenFolded: string;
  /** Index of the last `-` or `_`, or -1: word breaking can only help before it. */
  readonly lastBreak: number;
  /**
   * Per list and position, how its plain values matched: the same list at the same place recurs across
   * templates and paths, and the outcome depends only on the text there. Filled while matching.
   */
  readonly valueOutcomes: Map<TextSlotList, Map<number, readonly ValueOutcome[]>>;
}

/** Prepares `text` for matching. */
export function createInput(text: string): MatchInput {
  const folded = foldCase(text);
  const lastBreak = Math.max(text.lastIndexOf('-'), text.lastIndexOf('_'));
  const hasBreaks = lastBreak >= 0;
  return {
    lastBreak,
    valueOutcomes: new Map(),
    text,
    folded,
    brokenText: hasBreaks ? text.replace(/[-_]/g, ' ') : text,
    brokenFolded: hasBreaks ? folded.replace(/[-_]/g, ' ') : folded,
  };
}
