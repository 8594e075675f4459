// Exact HassIL recognition of the user's words against the grammar, with the request's home as lists.

import { recognizeBest, type Intents, type RecognizeResult } from '../../../hassil/index.ts';
import type { MatchDiagnostics } from '../../diagnostics/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { HaRequest } from '../../understand/index.ts';
import { readDevicesSaid } from '../facts/index.ts';

/**
 * The area slot of a sentence that relies on the satellite's area ("start the fan") when no satellite says where
 * it was spoken: a value no area has, which target resolution reads as "find the device in the whole home".
 */
export const UNKNOWN_AREA = '\u0000unknown area';

/**
 * The best exact match, or undefined. A satellite's area satisfies "in here" sentences, as in Home Assistant.
 * With `unknownArea`, and no satellite, those sentences match with the area {@link UNKNOWN_AREA}.
 */
export function recognizeIntent(
  text: string,
  request: HaRequest,
  grammar: Intents,
  lists: HomeLists,
  options: { unknownArea?: boolean } = {},
): RecognizeResult | undefined {
  if (text.trim() === '') return undefined;
  const area = request.satellite?.area ?? (options.unknownArea === true ? UNKNOWN_AREA : undefined);
  const result = recognizeBest(text, grammar, {
    slotLists: lists.slotLists,
    ...(area === undefined ? {} : { intentContext: { area: { value: area, text: area } } }),
    bestSlotName: 'name',
  });
  return result === undefined ? undefined : withSentenceMetadata(result, text, grammar.language);
}

/**
 * The match with what its answers and targets need and a grammar may not say: the grammar's language
 * (`metadata.language`, the language every answer is given in) and, for a match that names no device, how many
 * devices the sentence names by their kind (`metadata.devices`), read from the language's words when the template
 * does not say (Home Assistant's grammars bind "the lamp" and "the lamps" in one template).
 */
function withSentenceMetadata(result: RecognizeResult, text: string, language: string): RecognizeResult {
  const said = result.context.devices ?? result.intentMetadata?.devices;
  const read = said === undefined && result.entities.name === undefined ? readDevicesSaid(text, language) : undefined;
  return {
    ...result,
    intentMetadata: { ...result.intentMetadata, language, ...(read === undefined ? {} : { devices: read }) },
  };
}

/** The language the match was made in (its grammar's), "en" when unknown. */
export function languageOf(result: RecognizeResult): string {
  const language = result.intentMetadata?.language;
  return typeof language === 'string' ? language : 'en';
}

/** The match as diagnostics show it. */
export function describeMatch(result: RecognizeResult): MatchDiagnostics {
  const combination = result.intentMetadata?.slot_combination;
  return {
    intent: result.intent.name,
    slotCombination: typeof combination === 'string' ? combination : null,
    template: result.intentSentence.text,
    // An unknown area is no slot the sentence filled: it is left out.
    slots: Object.fromEntries(
      result.entitiesList
        .filter((entity) => entity.value !== UNKNOWN_AREA)
        .map((entity) => [entity.name, entity.value]),
    ),
  };
}
