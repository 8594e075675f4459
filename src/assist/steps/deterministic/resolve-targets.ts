// Resolving a match's name, area and floor slots to the catalogue: exactly one entity, or an area, or a question;
// and whether an area or floor has the kind of device a command names.

import type { ToolCall } from '../../../conversation/index.ts';
import type { RecognizeResult } from '../../../hassil/index.ts';
import { normalizeName, type HomeLists } from '../../home-lists.ts';
import type { CatalogArea, CatalogEntity, EntityCatalog, FloorAreas } from '../../understand/index.ts';
import { intentRow } from '../../intent-table.ts';
import type { Place } from './answer-words.ts';
import { UNKNOWN_AREA } from './recognize-intent.ts';

/** What a command targets, in the catalogue's own names. */
export interface Targets {
  /** The one entity a name slot resolved to. */
  entity?: CatalogEntity;
  /** The canonical area name. */
  area?: string;
  floor?: string;
  /** Domains the command is restricted to (fixed slots, or the named entity's). */
  domains: string[];
  deviceClasses: string[];
  /** No name, no place, and no satellite area: the device is to be found in the whole home ("start the fan"). */
  anywhere?: true;
  /** The area is the satellite's, not one the sentence named ("pause the music" said in the kitchen). */
  fromSatellite?: true;
}

/**
 * What narrowing or fitting targets to the home gives: the targets, a live-state read needed first, a question, or why
 * the command is no deterministic case.
 */
export type TargetsOutcome =
  | { kind: 'targets'; targets: Targets }
  | { kind: 'fetch'; call: Omit<ToolCall, 'id'> }
  | { kind: 'ask'; question: string; candidates: CatalogEntity[] }
  | { kind: 'not-deterministic'; reason: string; answer?: string };

/** The outcome: targets, several equally good entities (never resolved by order), or a name we do not know. */
export type TargetResolution =
  | { kind: 'resolved'; targets: Targets }
  | { kind: 'ambiguous'; name: string; candidates: CatalogEntity[] }
  | { kind: 'unknown'; slot: 'name' | 'area'; value: string };

/** Resolves the slots of `result` against the request's catalogue, through its entities and areas by name. */
export function resolveTargets(
  result: RecognizeResult,
  lists: Pick<HomeLists, 'entitiesByName' | 'areasByName'>,
): TargetResolution {
  const domains = listSlot(result, 'domain');
  const deviceClasses = listSlot(result, 'device_class');
  const fromContext = result.intentData.requiresContext.area !== undefined;
  const areaValue = stringSlot(result, 'area');
  const targets: Targets = { domains, deviceClasses };
  if (areaValue === UNKNOWN_AREA && fromContext) return { kind: 'resolved', targets: { ...targets, anywhere: true } };
  const area = areaValue === undefined ? undefined : lists.areasByName.get(normalizeName(areaValue));
  if (areaValue !== undefined && area === undefined) return { kind: 'unknown', slot: 'area', value: areaValue };
  if (area !== undefined) targets.area = area.name;
  if (area !== undefined && fromContext) targets.fromSatellite = true;
  const floor = stringSlot(result, 'floor');
  if (floor !== undefined) targets.floor = floor;
  // A wildcard name is free text (a timer's name), never a device's: plan-action passes it on as a value.
  const name = result.entities.name?.isWildcard === true ? undefined : stringSlot(result, 'name');
  if (name === undefined) return { kind: 'resolved', targets };
  const allowedDomains = allowedDomainsOf(result, domains);
  // "Vacuum the bedroom with Rover": the area is what Rover cleans, not where Rover stands.
  const row = intentRow(result.intent.name);
  const isWhereDeviceIs = !(row?.kind === 'action' && row.areaIsTarget === true);
  const candidates = (lists.entitiesByName.get(normalizeName(name)) ?? []).filter(
    (entity) =>
      (allowedDomains === undefined || allowedDomains.includes(entity.domain)) &&
      (area === undefined || !isWhereDeviceIs || isInArea(entity, area)),
  );
  if (candidates.length === 0) return { kind: 'unknown', slot: 'name', value: name };
  if (candidates.length > 1) return { kind: 'ambiguous', name, candidates };
  const entity = candidates[0]!;
  return { kind: 'resolved', targets: { ...targets, entity, domains: domains.length > 0 ? domains : [entity.domain] } };
}

/** What the catalogue knows about where devices are: its entities, and the areas of the floors `ha_context` gave. */
export interface DevicePlaces {
  catalog?: EntityCatalog;
  floorAreas: readonly FloorAreas[];
}

/** The kinds of device a command names that its place lacks, and the place (in the catalogue's or floor's name). */
export interface MissingDevice {
  /** Device classes when the command names some, else domains. */
  kinds: string[];
  place: Place;
}

/**
 * For a command on an area or floor and a domain or device class ("turn off the fan in the kitchen"), what the
 * catalogue lacks there ("no fan in the Kitchen"): Home Assistant would reject the call. Undefined when some entity
 * fits, when the command names an entity or no kind of device, or when the catalogue cannot tell (no catalogue, a
 * floor whose areas are unknown). A device class counts only when the catalogue gives the entity's attributes: Home
 * Assistant's Static Context carries none.
 */
export function missingDevice(targets: Targets, places: DevicePlaces): MissingDevice | undefined {
  const { domains, deviceClasses } = targets;
  if (targets.entity !== undefined || (domains.length === 0 && deviceClasses.length === 0)) return undefined;
  const where = placeOf(targets, places.floorAreas);
  const devices = devicesAt(targets, places);
  if (where === undefined || devices === undefined || devices.length > 0) return undefined;
  return { kinds: deviceClasses.length > 0 ? deviceClasses : domains, place: where.place };
}

/** "no fan in the Kitchen": a missing device as the hand-over's reason says it (in English, for diagnostics). */
export function describeMissing(missing: MissingDevice): string {
  const where = `${missing.place.kind === 'area' ? 'in' : 'on'} the ${missing.place.name}`;
  return `no ${missing.kinds.map((kind) => kind.replaceAll('_', ' ')).join(' or ')} ${where}`;
}

/**
 * The catalogue's devices of the kind a command on an area or floor names (a device of unknown class counts), or
 * undefined when the catalogue cannot tell (no catalogue, a floor whose areas are unknown, no place or no kind).
 */
export function devicesAt(targets: Targets, places: DevicePlaces): CatalogEntity[] | undefined {
  const { domains, deviceClasses } = targets;
  if (domains.length === 0 && deviceClasses.length === 0) return undefined;
  const where = placeOf(targets, places.floorAreas);
  if (where === undefined || places.catalog === undefined) return undefined;
  return places.catalog.entities.filter(
    (entity) =>
      where.areas.has(normalizeName(entity.area ?? '')) &&
      (domains.length === 0 || domains.includes(entity.domain)) &&
      (deviceClasses.length === 0 || entity.attributes === undefined || hasDeviceClass(entity, deviceClasses)),
  );
}

/** The normalised names of the areas a command targets, and the place it names; undefined when unknown. */
function placeOf(
  targets: Targets,
  floorAreas: readonly FloorAreas[],
): { areas: ReadonlySet<string>; place: Place } | undefined {
  if (targets.area !== undefined)
    return { areas: new Set([normalizeName(targets.area)]), place: { kind: 'area', name: targets.area } };
  if (targets.floor === undefined) return undefined;
  const key = normalizeName(targets.floor);
  const floor = floorAreas.find((item) => item.names.some((name) => normalizeName(name) === key));
  return floor === undefined
    ? undefined
    : {
        areas: new Set(floor.areas.map(normalizeName)),
        place: { kind: 'floor', name: floor.names[0] ?? targets.floor },
      };
}

function hasDeviceClass(entity: CatalogEntity, deviceClasses: readonly string[]): boolean {
  const deviceClass = entity.attributes?.device_class;
  return typeof deviceClass === 'string' && deviceClasses.includes(deviceClass);
}

/** Domains a named entity may have: the block's `requires_context.domain`, else the fixed domain slot. */
function allowedDomainsOf(result: RecognizeResult, domains: string[]): string[] | undefined {
  const required = result.intentData.requiresContext.domain;
  const fromBlock = Array.isArray(required)
    ? required.filter((item): item is string => typeof item === 'string')
    : typeof required === 'string'
      ? [required]
      : undefined;
  if (fromBlock !== undefined) return fromBlock;
  return domains.length > 0 ? domains : undefined;
}

/** The area of `catalog` whose name or alias is `value` (for a catalogue without cached lists, such as live state). */
export function findArea(catalog: EntityCatalog, value: string): CatalogArea | undefined {
  const key = normalizeName(value);
  return catalog.areas.find((area) => [area.name, ...area.aliases].some((text) => normalizeName(text) === key));
}

/** True when `name` is the entity's name or one of its aliases. */
export function hasName(entity: CatalogEntity, name: string): boolean {
  const key = normalizeName(name);
  return normalizeName(entity.name) === key || entity.aliases.some((alias) => normalizeName(alias) === key);
}

function isInArea(entity: CatalogEntity, area: CatalogArea): boolean {
  return entity.area === area.name;
}

/** A slot's value when it is text that is not blank. */
export function stringSlot(result: RecognizeResult, slot: string): string | undefined {
  const value = result.entities[slot]?.value;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A slot's text values: one for a text value, the text items of a list value, none otherwise. */
export function listSlot(result: RecognizeResult, slot: string): string[] {
  const value = result.entities[slot]?.value;
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
