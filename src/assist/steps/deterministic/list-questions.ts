// Questions about to-do lists and calendars, answered through Home Assistant's todo_get_items and calendar_get_events.

import type { Decision } from './decision.ts';
import type { DeterministicContext } from './deterministic-context.ts';

/** The decision of a list or calendar question, or undefined when the sentence is none. */
export function decideListQuestion(_context: DeterministicContext): Decision | undefined {
  return undefined;
}
