// Exact HassIL recognition of the user's words against the grammar, with the request's home as lists.

import { recognizeBest, type Intents, type RecognizeResult } from '../../../hassil/index.ts';
import type { MatchDiagnostics } from '../../diagnostics/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { HaRequest } from '../../understand/index.ts';
import { readDevicesSaid } from '../facts/index.ts';
import { MEDIA_KIND, readMediaKind } from './media-kind.ts';
import { resumeWhenUntitled } from './untitled-play.ts';

/**
 * The area slot of a sentence that relies on the satellite's area ("start the fan") when no satellite says where
 * it was spoken: a value no area has, which target resolution reads as "find the device in the whole home".
 */
export const UNKNOWN_AREA = '\u0000unknown area';

/**
 * The best exact match, or undefined, recognised once per home for the same words and place (see `RecognitionMemo`).
 * A satellite's area satisfies "in here" sentences, as in Home Assistant.
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
  // Everything the result depends on beside the lists and the grammar, which the memo is kept by.
  const key = `${area ?? ''}\u0000${text}`;
  return lists.recognitions.recall(grammar, key, () => {
    const result = recognizeBest(text, grammar, {
      slotLists: lists.slotLists,
      ...(area === undefined ? {} : { intentContext: { area: { value: area, text: area } } }),
      bestSlotName: 'name',
    });
    if (result === undefined) return undefined;
    // "Play some music" names no title: it resumes the paused player.
    return resumeWhenUntitled(withSentenceMetadata(result, text, grammar.language), grammar);
  });
}

/**
 * The match with what its answers and targets need and a grammar may not say: the grammar's language
 * (`metadata.language`, the language every answer is given in) and, for a match that names no device, how many
 * devices the sentence names by their kind (`metadata.devices`), read from the language's words when the template
 * does not say (Home Assistant's grammars bind "the lamp" and "the lamps" in one template), and the kind of media
 * player it names (`metadata.media_kind`).
 */
function withSentenceMetadata(result: RecognizeResult, text: string, language: string): RecognizeResult {
  const said = result.context.devices ?? result.intentMetadata?.devices;
  const read = said === undefined && result.entities.name === undefined ? readDevicesSaid(text, language) : undefined;
  // The kind of media player the sentence names ("the music", "the TV"), which selects the players it means.
  const kind = readMediaKind(result, text, language);
  return {
    ...result,
    intentMetadata: {
      ...result.intentMetadata,
      language,
      ...(read === undefined ? {} : { devices: read }),
      ...(kind === undefined ? {} : { [MEDIA_KIND]: kind }),
    },
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
