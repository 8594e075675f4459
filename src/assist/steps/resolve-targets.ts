// Resolving a match's name, area and floor slots to the catalogue: exactly one entity, or an area, or a question.

import type { RecognizeResult } from '../../hassil/index.ts';
import { normalizeName } from '../home-lists.ts';
import type { CatalogArea, CatalogEntity, EntityCatalog } from '../understand/index.ts';

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

/** Resolves the slots of `result` against `catalog` (`byName` indexes its entities by normalised name). */
export function resolveTargets(result: RecognizeResult, catalog: EntityCatalog | undefined, byName: ReadonlyMap<string, readonly CatalogEntity[]>): TargetResolution {
  const domains = listOf(result.entities.domain?.value);
  const deviceClasses = listOf(result.entities.device_class?.value);
  const areaValue = stringOf(result.entities.area?.value);
  const area = areaValue === undefined ? undefined : findArea(catalog, areaValue);
  if (areaValue !== undefined && area === undefined) return { kind: 'unknown', slot: 'area', value: areaValue };
  const targets: Targets = { domains, deviceClasses };
  if (area !== undefined) targets.area = area.name;
  const floor = stringOf(result.entities.floor?.value);
  if (floor !== undefined) targets.floor = floor;
  const name = stringOf(result.entities.name?.value);
  if (name === undefined) return { kind: 'resolved', targets };
  const allowedDomains = allowedDomainsOf(result, domains);
  const candidates = (byName.get(normalizeName(name)) ?? []).filter((entity) =>
    (allowedDomains === undefined || allowedDomains.includes(entity.domain)) && (area === undefined || isInArea(entity, area)));
  if (candidates.length === 0) return { kind: 'unknown', slot: 'name', value: name };
  if (candidates.length > 1) return { kind: 'ambiguous', name, candidates };
  const entity = candidates[0]!;
  return { kind: 'resolved', targets: { ...targets, entity, domains: domains.length > 0 ? domains : [entity.domain] } };
}

/** Domains a named entity may have: the block's `requires_context.domain`, else the fixed domain slot. */
function allowedDomainsOf(result: RecognizeResult, domains: string[]): string[] | undefined {
  const required = result.intentData.requiresContext.domain;
  const fromBlock = Array.isArray(required) ? required.filter((item): item is string => typeof item === 'string') : typeof required === 'string' ? [required] : undefined;
  if (fromBlock !== undefined) return fromBlock;
  return domains.length > 0 ? domains : undefined;
}

/** The area whose name or alias is `value`. */
export function findArea(catalog: EntityCatalog | undefined, value: string): CatalogArea | undefined {
  const key = normalizeName(value);
  return catalog?.areas.find((area) => [area.name, ...area.aliases].some((text) => normalizeName(text) === key));
}

function isInArea(entity: CatalogEntity, area: CatalogArea): boolean {
  return entity.area === area.name;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function listOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
