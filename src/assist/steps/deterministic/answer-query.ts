// Answering state questions from live state: is X on, which or how many X are on (HassGetState).

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';
import { normalizeName } from '../../home-lists.ts';
import { joinNames } from '../../reply.ts';
import { findArea, hasName, listSlot, stringSlot } from './resolve-targets.ts';

/** An answer, or why the data does not give one clearly. */
export type QueryAnswer =
  | { kind: 'answer'; text: string; matched: CatalogEntity[]; unmatched: CatalogEntity[] }
  | { kind: 'unclear'; reason: string; candidates: CatalogEntity[] };

/** The entities a state question is about, and how it is answered (HassGetState). */
export function answerStateQuery(result: RecognizeResult, live: EntityCatalog): QueryAnswer {
  const targeted = targetedEntities(result, live);
  if (targeted.length === 0)
    return { kind: 'unclear', reason: 'no entity in the live state fits the question', candidates: [] };
  const wanted = stateSlot(result);
  const byName = result.entities.name !== undefined;
  if (byName && targeted.length > 1)
    return { kind: 'unclear', reason: 'several entities have that name', candidates: targeted };
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
    text: phrase(result.response, { noun, byName, wanted, matched, unmatched }),
    matched,
    unmatched,
  };
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
  byName: boolean;
  wanted: string;
  matched: CatalogEntity[];
  unmatched: CatalogEntity[];
}

/** The answer's words, by the kind of question the grammar says it was (its response key). */
function phrase(response: string | undefined, { noun, byName, wanted, matched, unmatched }: Phrasing): string {
  const state = humanState(wanted);
  if (byName) {
    const entity = matched[0] ?? unmatched[0]!;
    return matched.length > 0 ? `Yes, ${entity.name} is ${state}.` : `No, ${entity.name} is ${describeState(entity)}.`;
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
  return humanState(state);
}

function humanState(state: string): string {
  return state.replaceAll('_', ' ');
}

/**
 * A number with its unit as Home Assistant states it ("48 %", "3.2 kWh"), except that a degree sign joins the
 * number ("22.4°C"), as people write it.
 */
export function withUnit(number: string, unit: string): string {
  if (unit === '') return number;
  return unit.startsWith('°') ? `${number}${unit}` : `${number} ${unit}`;
}

function stateSlot(result: RecognizeResult): string | undefined {
  const value = result.entities.state?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
