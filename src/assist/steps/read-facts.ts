// The step that reads the sentence's facts once, in the grammar's language, with the home's names.

import { definedProps } from '../../common/index.ts';
import { readSentenceFacts, unreadSentenceFacts } from './facts/index.ts';
import { continueWith, need, type StepDeps, type StepOutcome, type TurnState } from './turn-state.ts';

/** Sets the sentence's facts: the deterministic path and the gate hold the calls to the same ones. */
export async function readFacts(state: TurnState, deps: StepDeps): Promise<StepOutcome> {
  const request = need(state.request, 'request');
  if (request.overLimit !== undefined)
    return continueWith(state, { facts: unreadSentenceFacts(deps.grammar.language) });
  const { catalog } = request;
  const names = catalog === undefined ? undefined : () => deps.homeLists.listsFor(catalog, request.floors).repairNames;
  const facts = readSentenceFacts(request.userText, { language: deps.grammar.language, ...definedProps({ names }) });
  return continueWith(state, { facts });
}
