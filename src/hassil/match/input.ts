// The input text of one match in the four forms the matcher reads: as typed and folded, words whole or broken.

import { foldCase } from '../case-fold.ts';

/** The text being matched; "broken" forms have `-` and `_` replaced by spaces (same length, same positions). */
export interface MatchInput {
  readonly text: string;
  readonly folded: string;
  readonly brokenText: string;
  readonly brokenFolded: string;
}

/** Prepares `text` for matching. */
export function createInput(text: string): MatchInput {
  const folded = foldCase(text);
  const hasBreaks = /[-_]/.test(text);
  return {
    text,
    folded,
    brokenText: hasBreaks ? text.replace(/[-_]/g, ' ') : text,
    brokenFolded: hasBreaks ? folded.replace(/[-_]/g, ' ') : folded,
  };
}
