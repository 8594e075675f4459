// One prompt line per selected entity: its names, domain, area and, when known, its live state.

import type { AttributeValue, CatalogEntity, CatalogMemo, EntityCatalog } from '../understand/index.ts';

/** Attributes worth a model's context; others (icons, supported features, lists) are left out. */
const USEFUL_ATTRIBUTES = new Set([
  'unit_of_measurement',
  'device_class',
  'brightness',
  'color_temp_kelvin',
  'current_temperature',
  'temperature',
  'target_temp_low',
  'target_temp_high',
  'hvac_action',
  'hvac_mode',
  'current_position',
  'percentage',
  'volume_level',
  'is_volume_muted',
  'media_title',
  'media_artist',
  'humidity',
  'current_humidity',
  'preset_mode',
  'fan_mode',
]);

/** The entity as the live state knows it (by name and area), else as the catalogue has it. */
export type StateLookup = (entity: CatalogEntity) => CatalogEntity;

/** Live Context entities by name and area, per parsed result (results are cached across rounds; see `createAssistCaches`). */
export type LiveEntities = CatalogMemo<ReadonlyMap<string, CatalogEntity>>;

/** A lookup into a Live Context result, its index kept in `kept`; entities it lacks stay as they are. */
export function stateLookup(live: EntityCatalog | undefined, kept: LiveEntities): StateLookup {
  if (live === undefined) return (entity) => entity;
  const index = kept.of(live, entitiesByKey);
  return (entity) => index.get(keyOf(entity)) ?? entity;
}

function entitiesByKey(live: EntityCatalog): ReadonlyMap<string, CatalogEntity> {
  return new Map(live.entities.map((entity) => [keyOf(entity), entity]));
}

/**
 * `- Office Heat Pump (aliases: Heater) | climate | area: Office | state: heat, current_temperature: 21.5`, with
 * `entity_id: climate.office_heat_pump` after the domain when the request names it (Extended OpenAI Conversation's
 * calls target entity ids).
 */
export function entityLine(entity: CatalogEntity, lookup: StateLookup): string {
  const live = lookup(entity);
  const parts = [
    entity.aliases.length === 0 ? entity.name : `${entity.name} (aliases: ${entity.aliases.join(', ')})`,
    entity.domain,
  ];
  if (entity.entityId !== undefined) parts.push(`entity_id: ${entity.entityId}`);
  if (entity.area !== undefined) parts.push(`area: ${entity.area}`);
  if (live.state !== undefined) parts.push(`state: ${[live.state, ...attributeTexts(live.attributes)].join(', ')}`);
  return `- ${parts.join(' | ')}`;
}

function attributeTexts(attributes: Readonly<Record<string, AttributeValue>> | undefined): string[] {
  if (attributes === undefined) return [];
  const texts: string[] = [];
  for (const [key, value] of Object.entries(attributes))
    if (USEFUL_ATTRIBUTES.has(key) && value !== null) texts.push(`${key}: ${String(value)}`);
  return texts;
}

function keyOf(entity: CatalogEntity): string {
  return `${entity.name}\u0000${entity.area ?? ''}`;
}
