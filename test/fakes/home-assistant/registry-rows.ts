// The registries as the WebSocket `config/*_registry/list` commands send them (ha-apis.md §3.8), per version features.

import { fakeHexId, fakeUlid } from './fake-ids.ts';
import type { HaFeatures } from './features.ts';
import type { AreaEntry, DeviceEntry, EntityEntry, FloorEntry, LabelEntry } from './home.ts';

// Registry timestamps are epoch floats; a fraction keeps them floats in JSON, as Python writes them.
const CREATED_AT = 1704067200.123456;
const MODIFIED_AT = 1735689600.654321;

const configEntryId = (platform: string): string => fakeUlid(`config-entry:${platform}`);

/** Drops the keys a version before 2024.4 does not send. */
function withFeatures<T extends Record<string, unknown>>(row: T, features: HaFeatures): Partial<T> {
  const out: Partial<T> = { ...row };
  if (!features.labels) delete out.labels;
  if (!features.floors) delete out.floor_id;
  return out;
}

/** One `config/area_registry/list` row. */
export function areaRow(area: AreaEntry, features: HaFeatures): Record<string, unknown> {
  const { aliases, area_id, floor_id, humidity_entity_id, icon, labels, name, picture, temperature_entity_id } = area;
  const row = { aliases, area_id, floor_id, humidity_entity_id, icon, labels, name, picture, temperature_entity_id };
  return withFeatures({ ...row, created_at: CREATED_AT, modified_at: MODIFIED_AT }, features);
}

/** One `config/floor_registry/list` row. */
export function floorRow(floor: FloorEntry): Record<string, unknown> {
  const { aliases, floor_id, icon, level, name } = floor;
  return { aliases, created_at: CREATED_AT, floor_id, icon, level, modified_at: MODIFIED_AT, name };
}

/** One `config/label_registry/list` row. */
export function labelRow(label: LabelEntry): Record<string, unknown> {
  const { color, description, icon, label_id, name } = label;
  return { color, created_at: CREATED_AT, description, icon, label_id, name, modified_at: MODIFIED_AT };
}

/** One `config/device_registry/list` row, the fields the fixture does not set filled with HA's defaults. */
export function deviceRow(device: DeviceEntry, platform: string, features: HaFeatures): Record<string, unknown> {
  const entry = configEntryId(platform);
  const row = {
    area_id: device.area_id,
    configuration_url: null,
    config_entries: [entry],
    config_entries_subentries: { [entry]: [null] },
    connections: [],
    created_at: CREATED_AT,
    disabled_by: null,
    entry_type: null,
    hw_version: null,
    id: device.id,
    identifiers: [[platform, device.id]],
    labels: device.labels,
    manufacturer: device.manufacturer,
    model: device.model,
    model_id: null,
    modified_at: MODIFIED_AT,
    name_by_user: device.name_by_user,
    name: device.name,
    primary_config_entry: entry,
    serial_number: null,
    sw_version: null,
    via_device_id: null,
  };
  return withFeatures(row, features);
}

/** One `config/entity_registry/list` row. */
export function entityRow(entity: EntityEntry, features: HaFeatures): Record<string, unknown> {
  const row = {
    area_id: entity.area_id,
    categories: {},
    config_entry_id: configEntryId(entity.platform),
    config_subentry_id: null,
    created_at: CREATED_AT,
    device_id: entity.device_id,
    disabled_by: entity.disabled_by ?? null,
    entity_category: null,
    entity_id: entity.entity_id,
    has_entity_name: entity.device_id !== null,
    hidden_by: null,
    icon: null,
    id: fakeHexId(entity.entity_id),
    labels: entity.labels,
    modified_at: MODIFIED_AT,
    name: entity.name,
    options: {},
    original_name: entity.original_name,
    platform: entity.platform,
    translation_key: null,
    unique_id: entity.unique_id,
  };
  return withFeatures(row, features);
}
