// Question frames beyond the grammar's sentences, per language.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { Decision } from './decision.ts';
import type { DeterministicContext } from './deterministic-context.ts';

/** The decision of a question said in one of the frames, or undefined when the sentence is in none. */
export function decideQuestionFrame(
  _context: DeterministicContext,
  _decideIntent: (result: RecognizeResult) => Decision,
): Decision | undefined {
  return undefined;
}
