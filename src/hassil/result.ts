// What recognition returns: matched entities, captures, the chosen block and how much literal text matched.

import type { Sentence } from './expression.ts';
import type { Intent, IntentData } from './grammar/intents-model.ts';
import type { IntentContext, SlotList } from './grammar/slot-lists.ts';
import type { ByName } from './name-tables.ts';

/** A slot value found in the input. */
export interface MatchEntity {
  /** The slot name. */
  readonly name: string;
  /** The list's `out` value, the matched text, or a number (digits give floats, e.g. 50.0 → 50). */
  readonly value: unknown;
  /** The input text that matched, in the input's case (empty for fixed and context slots). */
  readonly text: string;
  readonly isWildcard: boolean;
  /** Digits were matched (hassil returns them as floats): `50` came from "50", not "fifty". */
  readonly isFromDigits?: boolean;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** Text a `{list:@name}` capture matched, for responses only. */
export interface MatchCapture {
  readonly name: string;
  readonly text: string;
}

/** One way the input matched one sentence template. */
export interface RecognizeResult {
  readonly intent: Intent;
  readonly intentData: IntentData;
  /** Entities by slot name (the last one wins when a slot repeats). */
  readonly entities: Readonly<Record<string, MatchEntity>>;
  /** Entities in match order, fixed slots and context slots last. */
  readonly entitiesList: readonly MatchEntity[];
  /** The response key of the matched block. */
  readonly response: string | undefined;
  /** The intent context after matching: the caller's plus what matched list values added. */
  readonly context: IntentContext;
  /** Literal characters matched (ranking): text chunks and number words count, list values do not. */
  readonly textChunksMatched: number;
  readonly intentSentence: Sentence;
  readonly intentMetadata: Readonly<Record<string, unknown>> | undefined;
  readonly captures: readonly MatchCapture[];
}

/** Options of `recognize`, `recognizeAll` and `recognizeBest` (hassil's keyword arguments). */
export interface RecognizeOptions {
  /** Lists added for this call (HA's `name`, `area`, `floor`); they override the grammar's. */
  slotLists?: ByName<SlotList>;
  expansionRules?: ByName<Sentence>;
  /** Added to the grammar's skip words. */
  skipWords?: readonly string[];
  /** Context the caller knows, e.g. `{area: {value: "Kitchen", text: "Kitchen"}}` for a satellite. */
  intentContext?: IntentContext;
  /** The response key of blocks without one (default `"default"`). */
  defaultResponse?: string;
  /** The language for number words (default: the grammar's). */
  language?: string;
}

/** Options of `recognizeBest`. */
export interface RecognizeBestOptions extends RecognizeOptions {
  /** Results whose block metadata has this key set win (HA: `hass_custom_sentence`). */
  bestMetadataKey?: string;
  /** Results with a non-wildcard entity for this slot win, the longest text first (HA: `name`). */
  bestSlotName?: string;
}
