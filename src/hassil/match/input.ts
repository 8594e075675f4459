// The input text of one match in the four forms the matcher reads: as typed and folded, words whole or broken.

import { foldCase } from '../case-fold.ts';

/** The text being matched; "broken" forms have `-` and `_` replaced by spaces (same length, same positions). */
export interface MatchInput {
  readonly text: string;
  readonly folded: string;
  readonly brokenText: string;
  readonly brokenFolded: string;
  /** Index of the last `-` or `_`, or -1: word breaking can only help before it. */
  readonly lastBreak: number;
}

/** Prepares `text` for matching. */
export function createInput(text: string): MatchInput {
  const folded = foldCase(text);
  const lastBreak = Math.max(text.lastIndexOf('-'), text.lastIndexOf('_'));
  const hasBreaks = lastBreak >= 0;
  return {
    lastBreak,
    text,
    folded,
    brokenText: hasBreaks ? text.replace(/[-_]/g, ' ') : text,
    brokenFolded: hasBreaks ? folded.replace(/[-_]/g, ' ') : folded,
  };
}
