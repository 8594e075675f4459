// Which entities each area holds: the fixed areas template, else the registries, else "unknown" (never a guess).

import { z } from 'zod';
import type { HaRegistries, HomeAssistantReader } from '../../homeassistant/index.ts';
import { AREAS_TEMPLATE } from './fixed-templates.ts';
import { mayAskRegistries } from './template-fallback.ts';

/** One area as the tools show it. */
export interface AreaInfo {
  id: string;
  name: string;
  entityIds: readonly string[];
  deviceCount: number;
}

/** The areas and the area of each entity; an entity in no list has no area. */
export interface KnownAreas {
  kind: 'known';
  areas: readonly AreaInfo[];
  areaOf: ReadonlyMap<string, string>;
}

/** The membership, or why Home Assistant could not say it. */
export type AreaMembership = KnownAreas | { kind: 'unknown'; reason: string };

const TemplateAnswerSchema = z.array(
  z.object({
    id: z.string(),
    // `area_name` of an area deleted between `areas()` and the lookup renders None (null in JSON).
    name: z.string().nullable(),
    entities: z.array(z.string()),
    devices: z.array(z.string()),
  }),
);

/** Reads the membership: the template first; the registries when the template cannot answer (old or limited HA). */
export async function readAreaMembership(reader: HomeAssistantReader): Promise<AreaMembership> {
  const rendered = await reader.renderTemplate(AREAS_TEMPLATE);
  if (rendered.ok) return fromTemplate(rendered.value);
  if (!mayAskRegistries(rendered.failure)) return { kind: 'unknown', reason: rendered.reason };
  const fromRegistries = await readRegistries(reader);
  if (fromRegistries.kind === 'known') return fromRegistries;
  return { kind: 'unknown', reason: `${rendered.reason}; ${fromRegistries.reason}` };
}

function fromTemplate(text: string): AreaMembership {
  let parsed: z.infer<typeof TemplateAnswerSchema>;
  try {
    parsed = TemplateAnswerSchema.parse(JSON.parse(text));
  } catch {
    return { kind: 'unknown', reason: 'the areas template did not answer the expected JSON' };
  }
  const vanished = parsed.find((area) => area.name === null);
  if (vanished !== undefined)
    return { kind: 'unknown', reason: `the area ${vanished.id} changed while it was being read` };
  const areas = parsed.map((area) => ({
    id: area.id,
    name: area.name ?? area.id,
    entityIds: area.entities,
    deviceCount: area.devices.length,
  }));
  return { kind: 'known', areas, areaOf: indexAreas(areas) };
}

/** HA's rule from the registries: an entity's own area, else its device's; unregistered entities have none. */
async function readRegistries(reader: HomeAssistantReader): Promise<AreaMembership> {
  const [areas, devices, entities] = await Promise.all([
    reader.listAreas(),
    reader.listDevices(),
    reader.listEntities(),
  ]);
  if (!areas.ok) return { kind: 'unknown', reason: areas.reason };
  if (!devices.ok) return { kind: 'unknown', reason: devices.reason };
  if (!entities.ok) return { kind: 'unknown', reason: entities.reason };
  return areasOfRegistries({ areas: areas.value, devices: devices.value, entities: entities.value });
}

/**
 * The membership the areas template answers, worked out from the registries with HA's `area_entities` rule: an
 * entity's own area, else its device's (then only while the entity is enabled); unregistered entities have none.
 */
export function areasOfRegistries(registries: Pick<HaRegistries, 'areas' | 'devices' | 'entities'>): KnownAreas {
  const { areas, devices, entities } = registries;
  const members = new Map<string, string[]>(areas.map((area) => [area.area_id, []]));
  const deviceCount = new Map<string, number>();
  // HA's order: the entities with the area as their own, then each device's entities that have none of their own.
  for (const entity of entities) if (entity.area_id !== null) members.get(entity.area_id)?.push(entity.entity_id);
  const byDevice = new Map<string, string[]>();
  for (const entity of entities)
    if (entity.area_id === null && entity.device_id !== null && (entity.disabled_by ?? null) === null)
      byDevice.set(entity.device_id, [...(byDevice.get(entity.device_id) ?? []), entity.entity_id]);
  for (const device of devices) {
    if (device.area_id === null) continue;
    deviceCount.set(device.area_id, (deviceCount.get(device.area_id) ?? 0) + 1);
    members.get(device.area_id)?.push(...(byDevice.get(device.id) ?? []));
  }
  const result = areas.map((area) => ({
    id: area.area_id,
    name: area.name,
    entityIds: members.get(area.area_id) ?? [],
    deviceCount: deviceCount.get(area.area_id) ?? 0,
  }));
  return { kind: 'known', areas: result, areaOf: indexAreas(result) };
}

function indexAreas(areas: readonly AreaInfo[]): Map<string, string> {
  const areaOf = new Map<string, string>();
  for (const area of areas) for (const entityId of area.entityIds) areaOf.set(entityId, area.id);
  return areaOf;
}
