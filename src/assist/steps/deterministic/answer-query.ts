// Answering state questions from live state: is X on, which or how many X are on (HassGetState); questions of
// other kinds (a battery level, the temperature outside, the weather, a list's length) go to their answerer.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { normalizeName } from '../../home-lists.ts';
import { answerListCount } from './answer-list.ts';
import { answerBatteryLevel, answerOutdoorTemperature } from './answer-measurement.ts';
import { answerForecast, answerWeatherNow } from './answer-weather-condition.ts';
import { type AnswerWords, answerWordsFor, type Noun } from './answer-words.ts';
import { hasReading, type QueryAnswer, type StateAnswerer } from './query-answer.ts';
import { languageOf } from './recognize-intent.ts';
import { findArea, hasName, listSlot, stringSlot } from './resolve-targets.ts';

export type { QueryAnswer };

/** The answerer of each HassGetState question that is not about entities in a state, by its response key (state.ts). */
const ANSWERS_BY_RESPONSE: Readonly<Record<string, StateAnswerer>> = {
  battery_level: answerBatteryLevel,
  outdoor_temperature: answerOutdoorTemperature,
  weather_now: answerWeatherNow,
  forecast: answerForecast,
  list_count: answerListCount,
};

/** The entities a state question is about, and how it is answered (HassGetState), in the match's language. */
export function answerStateQuery(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const response = result.response ?? '';
  if (Object.hasOwn(ANSWERS_BY_RESPONSE, response)) return ANSWERS_BY_RESPONSE[response]!(result, live);
  const targeted = targetedEntities(result, live);
  if (targeted.length === 0)
    return { kind: 'unclear', reason: 'no entity in the live state fits the question', candidates: [] };
  const wanted = stateSlot(result);
  const byName = result.entities.name !== undefined;
  if (byName && targeted.length > 1)
    return { kind: 'unclear', reason: 'several entities have that name', candidates: targeted };
  // "Is the media player playing?" means the only one there is.
  if (result.response === 'the_one' && targeted.length > 1)
    return {
      kind: 'unclear',
      reason: 'several devices of that kind, and the question names none',
      candidates: targeted,
    };
  const misfit = byName ? classMisfit(result, targeted[0]!) : undefined;
  if (misfit !== undefined) return misfit;
  const words = answerWordsFor(languageOf(result));
  const byOne = byName || result.response === 'the_one';
  // A device that does not report is neither in the state asked about nor out of it: it is said so, never yes or no.
  if (byOne && !hasReading(targeted[0]!)) {
    const entity = targeted[0]!;
    return { kind: 'answer', text: sayNoReading(entity, words), matched: [], unmatched: [] };
  }
  if (wanted === undefined) {
    const entity = targeted[0]!;
    return byName && targeted.length === 1
      ? {
          kind: 'answer',
          text: `${entity.name} ${words.be(1)} ${describeState(entity, words)}.`,
          matched: targeted,
          unmatched: [],
        }
      : { kind: 'unclear', reason: 'the question names no state', candidates: targeted };
  }
  // Counts and lists leave out the devices that do not report, and say how many there are.
  const reporting = targeted.filter(hasReading);
  const matched = reporting.filter((entity) => isInState(entity, wanted));
  const unmatched = reporting.filter((entity) => !isInState(entity, wanted));
  const silent = targeted.length - reporting.length;
  const noun = words.noun(listSlot(result, 'device_class')[0] ?? listSlot(result, 'domain')[0]);
  const text = phrase(result.response, { words, noun, byOne, wanted, matched, unmatched, silent });
  const yesNo = yesNoOf(result.response, { byOne, matched, unmatched, silent });
  return {
    kind: 'answer',
    text: silent === 0 || byOne ? text : `${text}${words.unavailableCount(silent)}`,
    matched,
    unmatched,
    ...(yesNo === undefined ? {} : { yesNo }),
  };
}

/**
 * The plain yes or no of a yes-or-no question ("is X on", "are all …", "is any …"), or undefined when the question
 * is none or a plain word would lose what the answer says: a "no" to "is any … on" while some devices do not report
 * (one of them may be), a "yes" to "are all … on" likewise.
 */
function yesNoOf(
  response: string | undefined,
  { byOne, matched, unmatched, silent }: Pick<Phrasing, 'byOne' | 'matched' | 'unmatched' | 'silent'>,
): boolean | undefined {
  if (byOne) return matched.length > 0;
  if (response === 'any') return matched.length > 0 ? true : silent === 0 ? false : undefined;
  if (response === 'all') return unmatched.length > 0 ? false : silent === 0 ? true : undefined;
  return undefined;
}

/** "The Garage Window is unavailable." / "The Garage Window's state is unknown." */
function sayNoReading(entity: CatalogEntity, words: AnswerWords): string {
  return normalizeName(entity.state ?? '') === 'unavailable'
    ? words.unavailable(entity.name)
    : words.unknown(entity.name);
}

/**
 * Unclear when the question asks a named entity for a device class it does not have ("is the patio door battery
 * low" of a door sensor: "low" is a battery's state), so a state word is never read against the wrong class.
 */
function classMisfit(result: RecognizeResult, entity: CatalogEntity): QueryAnswer | undefined {
  const classes = listSlot(result, 'device_class');
  if (classes.length === 0 || classes.includes(String(entity.attributes?.device_class ?? ''))) return undefined;
  return { kind: 'unclear', reason: `${entity.name} is no ${classes.join(' or ')} sensor`, candidates: [entity] };
}

/** Entities by name, else by area, domain and device class. */
function targetedEntities(result: RecognizeResult, live: EntityCatalog): CatalogEntity[] {
  const name = stringSlot(result, 'name');
  if (name !== undefined) return live.entities.filter((e) => hasName(e, name));
  const areaName = stringSlot(result, 'area');
  const area = areaName === undefined ? undefined : findArea(live, areaName);
  if (areaName !== undefined && area === undefined) return [];
  const domains = listSlot(result, 'domain');
  const classes = listSlot(result, 'device_class');
  return live.entities.filter(
    (e) =>
      (area === undefined || e.area === area.name) &&
      (domains.length === 0 || domains.includes(e.domain)) &&
      (classes.length === 0 || classes.includes(String(e.attributes?.device_class ?? ''))),
  );
}

interface Phrasing {
  words: AnswerWords;
  /** What the entities are called in the answer: "lights", "windows", or "devices". */
  noun: Noun;
  /** The question is about one entity: by its name, or as the only one of its kind. */
  byOne: boolean;
  wanted: string;
  matched: CatalogEntity[];
  unmatched: CatalogEntity[];
  /** How many of the devices asked about do not report (left out of `matched` and `unmatched`). */
  silent: number;
}

/** The answer's words, by the kind of question the grammar says it was (its response key). */
function phrase(
  response: string | undefined,
  { words, noun, byOne, wanted, matched, unmatched, silent }: Phrasing,
): string {
  const state = words.state(wanted);
  if (byOne) {
    const entity = matched[0] ?? unmatched[0]!;
    return matched.length > 0
      ? `${words.yes}, ${entity.name} ${words.be(1)} ${stateWord(entity, wanted, words)}.`
      : `${words.no}, ${entity.name} ${words.be(1)} ${describeState(entity, words)}.`;
  }
  const names = words.list(
    matched.map((entity) => entity.name),
    'and',
  );
  const are = (count: number) => words.be(count);
  switch (response) {
    case 'how_many':
      return `${matched.length} ${matched.length === 1 ? noun.one : noun.many} ${are(matched.length)} ${state}${matched.length > 0 ? `: ${names}` : ''}.`;
    case 'all':
      // With some that do not report, no yes: only the ones that report are known to be in the state.
      if (unmatched.length === 0 && silent > 0) return `${capitalize(words.allAvailable(noun))} ${are(2)} ${state}.`;
      return unmatched.length === 0
        ? `${words.yes}, ${words.all(noun)} ${are(2)} ${state}.`
        : `${words.no}, ${words.list(
            unmatched.map((entity) => entity.name),
            'and',
          )} ${are(unmatched.length)} ${words.not} ${state}.`;
    case 'any':
      return matched.length > 0
        ? `${words.yes}, ${names} ${are(matched.length)} ${state}.`
        : `${words.no}, ${noun.none} ${are(1)} ${state}.`;
    default:
      return matched.length > 0
        ? `${names} ${are(matched.length)} ${state}.`
        : `${capitalize(noun.none)} ${are(1)} ${state}.`;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isInState(entity: CatalogEntity, wanted: string): boolean {
  return normalizeName(entity.state ?? '') === normalizeName(wanted);
}

/** The state as Home Assistant says it (`state_with_unit`): a reading with its unit ("48 %"), else words. */
function describeState(entity: CatalogEntity, words: AnswerWords): string {
  const state = entity.state ?? 'unknown';
  const unit = entity.attributes?.unit_of_measurement;
  const isNumber = state.trim() !== '' && Number.isFinite(Number(state));
  if (typeof unit === 'string' && isNumber) return words.reading(state.trim(), unit);
  return stateWord(entity, state, words);
}

/** A state as said; a binary sensor's `on` and `off` by its device class (a battery that is `on` is low). */
function stateWord(entity: CatalogEntity, state: string, words: AnswerWords): string {
  const deviceClass = entity.domain === 'binary_sensor' ? String(entity.attributes?.device_class ?? '') : undefined;
  return words.state(state, deviceClass);
}

function stateSlot(result: RecognizeResult): string | undefined {
  const value = result.entities.state?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
