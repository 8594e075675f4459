// The list HA dumps as YAML for the prompt and for GetLiveContext (`_get_exposed_entities`), built from a home.

import type { Entity, Home, HomeAttributeValue } from './home-model.ts';
import { formatPyInt, isPyFloat } from '../python/py-float.ts';
import type { YamlMapping, YamlScalar } from '../yaml/yaml-dump.ts';

/** The only state attributes HA puts in the overview (llm.py `interesting_attributes`). */
const LIVE_CONTEXT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'temperature',
  'current_temperature',
  'temperature_unit',
  'brightness',
  'humidity',
  'unit_of_measurement',
  'device_class',
  'current_position',
  'percentage',
  'volume_level',
  'media_title',
  'media_artist',
  'media_album_name',
]);

/** Domains HA leaves out of the overview: scripts become tools, calendars feed `calendar_get_events`. */
const OMITTED_DOMAINS: ReadonlySet<string> = new Set(['script', 'calendar']);

/** Python's `str` ordering: by code point (JS `<` compares UTF-16 units, which differs beyond the BMP). */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** The entities HA lists, sorted by friendly name as HA does (stable, so ties keep the home's order). */
export function listedEntities(home: Home): Entity[] {
  return home.entities
    .filter((entity) => !OMITTED_DOMAINS.has(entity.domain))
    .sort((a, b) => compareCodePoints(a.name, b.name));
}

/** HA's conversion of an attribute value: ints, bools (and Enums, Decimals) become `str()`, floats stay. */
function liveAttributeValue(value: HomeAttributeValue): YamlScalar {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' && !isPyFloat(value)) return formatPyInt(value);
  return value;
}

/** The interesting attributes of `entity` in HA's order, `device_class` after the entity's own ones. */
function liveAttributes(entity: Entity): Record<string, YamlScalar> {
  const all: Record<string, HomeAttributeValue> = { ...entity.attributes };
  if (entity.deviceClass !== undefined) all.device_class = entity.deviceClass;
  const result: Record<string, YamlScalar> = {};
  for (const [name, value] of Object.entries(all)) {
    if (LIVE_CONTEXT_ATTRIBUTES.has(name)) result[name] = liveAttributeValue(value);
  }
  return result;
}

/** The `areas` value: the area's name and aliases joined by `, `, or undefined when there is no area. */
function areasOf(home: Home, entity: Entity): string | undefined {
  if (entity.area === undefined) return undefined;
  const area = home.areas.find((candidate) => candidate.name === entity.area);
  return [entity.area, ...(area?.aliases ?? [])].join(', ');
}

/** One overview item: `names`, `domain`, then (with state) `state`, then `areas`, then (with state) `attributes`. */
function overviewItem(home: Home, entity: Entity, includeState: boolean): YamlMapping {
  const item: Record<string, YamlScalar | YamlMapping> = {
    names: [entity.name, ...entity.aliases].join(', '),
    domain: entity.domain,
  };
  if (includeState) item.state = entity.state;
  const areas = areasOf(home, entity);
  if (areas !== undefined) item.areas = areas;
  const attributes = includeState ? liveAttributes(entity) : {};
  if (Object.keys(attributes).length > 0) item.attributes = attributes;
  return item;
}

/** The list HA passes to its YAML dumper: the static context (no state) or the live context (with state). */
export function overviewItems(home: Home, options: { includeState: boolean }): YamlMapping[] {
  return listedEntities(home).map((entity) => overviewItem(home, entity, options.includeState));
}
