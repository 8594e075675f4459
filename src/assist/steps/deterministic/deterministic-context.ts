// What the deterministic step decides a turn with: the request, the grammar, the home's lists, the settings and the
// sentence's facts.

import type { Intents } from '../../../hassil/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { AssistSettings } from '../../settings.ts';
import type { ToolSchemaValidator } from '../../tool-schema.ts';
import type { HaRequest } from '../../understand/index.ts';
import type { RequestType } from '../detect-request-type.ts';
import type { SentenceFacts } from '../facts/index.ts';
import type { ListQuestionGrammars } from './list-question-recognize.ts';

/** The parts the step works with. */
export interface DeterministicContext {
  request: HaRequest;
  type: RequestType;
  grammar: Intents;
  /** The list and calendar questions' grammars (list-question-table.ts), compiled once per HA-Assist. */
  listGrammars: ListQuestionGrammars;
  lists: HomeLists;
  validator: ToolSchemaValidator;
  settings: AssistSettings;
  /** The sentence's facts, read once per turn (the gate holds the calls to the same ones). */
  facts: SentenceFacts;
  /** True once the request's deterministic time budget (`settings.limits.maxMs`) is spent. */
  isOverBudget?: () => boolean;
}
