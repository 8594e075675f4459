// Exact HassIL recognition of the user's words against the grammar, with the request's home as lists.

import { recognizeBest, type Intents, type RecognizeResult } from '../../../hassil/index.ts';
import type { MatchDiagnostics } from '../../diagnostics/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { HaRequest } from '../../understand/index.ts';

/** The best exact match, or undefined. A satellite's area satisfies "in here" sentences, as in Home Assistant. */
export function recognizeIntent(
  text: string,
  request: HaRequest,
  grammar: Intents,
  lists: HomeLists,
): RecognizeResult | undefined {
  if (text.trim() === '') return undefined;
  const area = request.satellite?.area;
  return recognizeBest(text, grammar, {
    slotLists: lists.slotLists,
    ...(area === undefined ? {} : { intentContext: { area: { value: area, text: area } } }),
    bestSlotName: 'name',
  });
}

/** The match as diagnostics show it. */
export function describeMatch(result: RecognizeResult): MatchDiagnostics {
  const combination = result.intentMetadata?.slot_combination;
  return {
    intent: result.intent.name,
    slotCombination: typeof combination === 'string' ? combination : null,
    template: result.intentSentence.text,
    slots: Object.fromEntries(result.entitiesList.map((entity) => [entity.name, entity.value])),
  };
}
