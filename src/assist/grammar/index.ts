// HA-Assist's built-in English grammar: the intents it supports, the merged grammar document, and its compiled form.
// The grammar is a declarative table (it may be long), written per intent family in this folder and merged here.

import { loadIntents, type Intents, type IntentsDocument } from '../../hassil/index.ts';
import type { GrammarPart } from './blocks.ts';
import { BROADCAST_GRAMMAR } from './broadcast.ts';
import { CLIMATE_GRAMMAR } from './climate.ts';
import { COVER_GRAMMAR } from './cover.ts';
import { FAN_GRAMMAR } from './fan.ts';
import { INFO_GRAMMAR } from './info.ts';
import { LIGHT_GRAMMAR } from './light.ts';
import { MEDIA_GRAMMAR } from './media.ts';
import { MEDIA_SEARCH_GRAMMAR } from './media-search.ts';
import { ON_OFF_GRAMMAR } from './on-off.ts';
import { ROBOTS_GRAMMAR } from './robots.ts';
import { STATE_GRAMMAR } from './state.ts';
import { TIMERS_GRAMMAR } from './timers.ts';
import { TODO_GRAMMAR } from './todo.ts';
import { VACUUM_AREA_GRAMMAR } from './vacuum-area.ts';
import { VOLUME_GRAMMAR } from './volume.ts';
import { LISTS, RULES, SKIP_WORDS } from './vocabulary.ts';
import { BUILT_IN_INTENTS } from '../intent-table.ts';

/** The intents the built-in grammar recognizes, in the order their blocks are tried (the intent table's). */
export { BUILT_IN_INTENTS };

const PARTS: readonly GrammarPart[] = [
  ON_OFF_GRAMMAR,
  LIGHT_GRAMMAR,
  COVER_GRAMMAR,
  CLIMATE_GRAMMAR,
  FAN_GRAMMAR,
  MEDIA_GRAMMAR,
  VOLUME_GRAMMAR,
  STATE_GRAMMAR,
  INFO_GRAMMAR,
  ROBOTS_GRAMMAR,
  TODO_GRAMMAR,
  TIMERS_GRAMMAR,
  MEDIA_SEARCH_GRAMMAR,
  VACUUM_AREA_GRAMMAR,
  BROADCAST_GRAMMAR,
];

function mergeParts(parts: readonly GrammarPart[]): IntentsDocument {
  const intents: IntentsDocument['intents'] = {};
  const responses: Record<string, Record<string, string>> = {};
  for (const part of parts) {
    Object.assign(intents, part.intents);
    Object.assign(responses, part.responses);
  }
  // Intents are tried in document order, which decides complete ties between results.
  const ordered = Object.fromEntries(BUILT_IN_INTENTS.map((name) => [name, intents[name]!]));
  return {
    language: 'en',
    intents: ordered,
    // Empty defaults for the caller's lists, so a caller without floors (say) gets no match rather than an error.
    lists: { name: { values: [] }, area: { values: [] }, floor: { values: [] }, ...LISTS },
    expansion_rules: RULES,
    skip_words: SKIP_WORDS,
    responses: { intents: responses },
  };
}

/** The built-in grammar as hassil's classic single document (with `responses`). */
export const BUILT_IN_GRAMMAR: IntentsDocument = mergeParts(PARTS);

/** Compiles the built-in grammar (each call compiles anew; the caller keeps the result). */
export function loadBuiltInGrammar(): Intents {
  return loadIntents(BUILT_IN_GRAMMAR, { file: 'src/assist/grammar' });
}
