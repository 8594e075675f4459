// A play request that names no title, artist or playlist ("play some music", "spiel Musik") resumes the paused
// player: Home Assistant would search for a title called "some music".

import type { Intents, RecognizeResult } from '../../../hassil/index.ts';
import { isUntitledQuery } from './media-kind.ts';

/** The intent a play request naming no title becomes. */
const RESUME = 'HassMediaUnpause';

/** The metadata key that marks a match as a play request naming no title (only a paused player is meant). */
export const UNTITLED_PLAY = 'untitled_play';

/**
 * `result` as HassMediaUnpause when it is a media search for nothing but kind words and fillers ("some music", "the
 * radio") and no media class; `result` itself otherwise. The player slots (name, area) are kept.
 */
export function resumeWhenUntitled(result: RecognizeResult, grammar: Intents): RecognizeResult {
  if (result.intent.name !== 'HassMediaSearchAndPlay' || result.entities.media_class !== undefined) return result;
  const query = result.entities.search_query;
  if (query === undefined || !isUntitledQuery(query.text || String(query.value), grammar.language)) return result;
  const entitiesList = result.entitiesList.filter((entity) => entity.name !== 'search_query');
  return {
    ...result,
    intent: grammar.intents.get(RESUME) ?? { name: RESUME, data: [] },
    entities: Object.fromEntries(entitiesList.map((entity) => [entity.name, entity])),
    entitiesList,
    intentMetadata: { ...result.intentMetadata, [UNTITLED_PLAY]: true },
  };
}
