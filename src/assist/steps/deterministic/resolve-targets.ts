// Resolving a match's name, area and floor slots to the catalogue: exactly one entity, or an area, or a question.

import type { RecognizeResult } from '../../../hassil/index.ts';
import { normalizeName, type HomeLists } from '../../home-lists.ts';
import type { CatalogArea, CatalogEntity, EntityCatalog } from '../../understand/index.ts';

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
}

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
  const areaValue = stringSlot(result, 'area');
  const area = areaValue === undefined ? undefined : lists.areasByName.get(normalizeName(areaValue));
  if (areaValue !== undefined && area === undefined) return { kind: 'unknown', slot: 'area', value: areaValue };
  const targets: Targets = { domains, deviceClasses };
  if (area !== undefined) targets.area = area.name;
  const floor = stringSlot(result, 'floor');
  if (floor !== undefined) targets.floor = floor;
  const name = stringSlot(result, 'name');
  if (name === undefined) return { kind: 'resolved', targets };
  const allowedDomains = allowedDomainsOf(result, domains);
  const candidates = (lists.entitiesByName.get(normalizeName(name)) ?? []).filter(
    (entity) =>
      (allowedDomains === undefined || allowedDomains.includes(entity.domain)) &&
      (area === undefined || isInArea(entity, area)),
  );
  if (candidates.length === 0) return { kind: 'unknown', slot: 'name', value: name };
  if (candidates.length > 1) return { kind: 'ambiguous', name, candidates };
  const entity = candidates[0]!;
  return { kind: 'resolved', targets: { ...targets, entity, domains: domains.length > 0 ? domains : [entity.domain] } };
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
