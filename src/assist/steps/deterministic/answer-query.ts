// Answering state questions from live state: is X on, which or how many X are on (HassGetState); questions of
// other kinds (a battery level, the temperature outside, the weather, a list's length) go to their answerer.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { normalizeName } from '../../home-lists.ts';
import { joinNames } from '../../reply.ts';
import { answerListCount } from './answer-list.ts';
import { answerBatteryLevel, answerOutdoorTemperature } from './answer-measurement.ts';
import { answerForecast, answerWeatherNow } from './answer-weather-condition.ts';
import { type QueryAnswer, type StateAnswerer, withUnit } from './query-answer.ts';
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

/** The entities a state question is about, and how it is answered (HassGetState). */
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
  if (wanted === undefined) {
    const entity = targeted[0]!;
    return byName && targeted.length === 1
      ? { kind: 'answer', text: `${entity.name} is ${describeState(entity)}.`, matched: targeted, unmatched: [] }
      : { kind: 'unclear', reason: 'the question names no state', candidates: targeted };
  }
  const matched = targeted.filter((entity) => isInState(entity, wanted));
  const unmatched = targeted.filter((entity) => !isInState(entity, wanted));
  const noun = nounFor(listSlot(result, 'device_class')[0] ?? listSlot(result, 'domain')[0]);
  return {
    kind: 'answer',
    text: phrase(result.response, { noun, byOne: byName || result.response === 'the_one', wanted, matched, unmatched }),
    matched,
    unmatched,
  };
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
  /** What the entities are called in the answer: "lights", "windows", or "devices". */
  noun: (count: number) => string;
  /** The question is about one entity: by its name, or as the only one of its kind. */
  byOne: boolean;
  wanted: string;
  matched: CatalogEntity[];
  unmatched: CatalogEntity[];
}

/** The answer's words, by the kind of question the grammar says it was (its response key). */
function phrase(response: string | undefined, { noun, byOne, wanted, matched, unmatched }: Phrasing): string {
  const state = humanState(wanted);
  if (byOne) {
    const entity = matched[0] ?? unmatched[0]!;
    return matched.length > 0
      ? `Yes, ${entity.name} is ${stateWord(entity, wanted)}.`
      : `No, ${entity.name} is ${describeState(entity)}.`;
  }
  const names = joinNames(matched.map((entity) => entity.name));
  switch (response) {
    case 'how_many':
      return `${matched.length} ${noun(matched.length)} ${matched.length === 1 ? 'is' : 'are'} ${state}${matched.length > 0 ? `: ${names}` : ''}.`;
    case 'all':
      return unmatched.length === 0
        ? `Yes, all ${noun(2)} are ${state}.`
        : `No, ${joinNames(unmatched.map((entity) => entity.name))} ${unmatched.length === 1 ? 'is' : 'are'} not ${state}.`;
    case 'any':
      return matched.length > 0
        ? `Yes, ${names} ${matched.length === 1 ? 'is' : 'are'} ${state}.`
        : `No, no ${noun(1)} is ${state}.`;
    default:
      return matched.length > 0
        ? `${names} ${matched.length === 1 ? 'is' : 'are'} ${state}.`
        : `No ${noun(1)} is ${state}.`;
  }
}

/** "light"/"lights" for a domain or device class; "device"/"devices" when the question named neither. */
function nounFor(kind: string | undefined): (count: number) => string {
  const singular = kind === undefined ? 'device' : kind.replaceAll('_', ' ');
  const plural = /(s|sh|ch|x)$/.test(singular) ? `${singular}es` : `${singular}s`;
  return (count) => (count === 1 ? singular : plural);
}

function isInState(entity: CatalogEntity, wanted: string): boolean {
  return normalizeName(entity.state ?? '') === normalizeName(wanted);
}

/** The state as Home Assistant says it (`state_with_unit`): a reading with its unit ("48 %"), else words. */
function describeState(entity: CatalogEntity): string {
  const state = entity.state ?? 'unknown';
  const unit = entity.attributes?.unit_of_measurement;
  const isNumber = state.trim() !== '' && Number.isFinite(Number(state));
  if (typeof unit === 'string' && isNumber) return withUnit(state.trim(), unit);
  return stateWord(entity, state);
}

/**
 * What a binary sensor's `on` and `off` mean for its device class, as Home Assistant's frontend says them (a
 * battery that is `on` is low); other classes and other domains keep their state.
 */
const BINARY_STATE_WORDS: Readonly<Record<string, { readonly on: string; readonly off: string }>> = {
  battery: { on: 'low', off: 'normal' },
  door: { on: 'open', off: 'closed' },
  garage_door: { on: 'open', off: 'closed' },
  opening: { on: 'open', off: 'closed' },
  window: { on: 'open', off: 'closed' },
  moisture: { on: 'wet', off: 'dry' },
};

function stateWord(entity: CatalogEntity, state: string): string {
  const deviceClass = String(entity.attributes?.device_class ?? '');
  const words = Object.hasOwn(BINARY_STATE_WORDS, deviceClass) ? BINARY_STATE_WORDS[deviceClass] : undefined;
  const key = normalizeName(state);
  if (entity.domain === 'binary_sensor' && words !== undefined && (key === 'on' || key === 'off')) return words[key];
  return humanState(state);
}

function humanState(state: string): string {
  return state.replaceAll('_', ' ');
}

function stateSlot(result: RecognizeResult): string | undefined {
  const value = result.entities.state?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
