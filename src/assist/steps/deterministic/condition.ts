// Conditions: "if <a state or reading> <comparison> <value>, <command>", decided from live state.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { Decision } from './decision.ts';
import type { DeterministicContext } from './deterministic-context.ts';

/** The decision of a conditional sentence, or undefined when the sentence has no condition. */
export function decideCondition(
  _context: DeterministicContext,
  _decideIntent: (result: RecognizeResult) => Decision,
): Decision | undefined {
  return undefined;
}
