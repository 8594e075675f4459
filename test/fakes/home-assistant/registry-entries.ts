// The fake's registry entries as it stores them: areas, floors, labels, devices and entities (ha-apis.md §3.8).

/** An area registry entry, as stored; the WebSocket list drops `floor_id`/`labels` when the version lacks them. */
export interface AreaEntry {
  area_id: string;
  name: string;
  floor_id: string | null;
  labels: string[];
  aliases: string[];
  icon: string | null;
  picture: string | null;
  humidity_entity_id: string | null;
  temperature_entity_id: string | null;
}

/** A floor registry entry (HA 2024.4+). */
export interface FloorEntry {
  floor_id: string;
  name: string;
  /** 0 for the ground floor, negative below it; null when not set. */
  level: number | null;
  icon: string | null;
  aliases: string[];
}

/** A label registry entry (HA 2024.4+). */
export interface LabelEntry {
  label_id: string;
  name: string;
  color: string | null;
  icon: string | null;
  description: string | null;
}

/** A device registry entry: the fields the fake uses; the wire row fills in the rest with defaults. */
export interface DeviceEntry {
  id: string;
  name: string;
  name_by_user: string | null;
  area_id: string | null;
  labels: string[];
  manufacturer: string | null;
  model: string | null;
}

/** An entity registry entry. `area_id` is the entity's own area; null means "the device's area". */
export interface EntityEntry {
  entity_id: string;
  unique_id: string;
  platform: string;
  device_id: string | null;
  area_id: string | null;
  labels: string[];
  name: string | null;
  original_name: string | null;
  /** Set for a disabled entity ("user", "integration"); such entities have no state. */
  disabled_by?: string | null;
}

/** The five registries of a home. */
export interface Registries {
  areas: AreaEntry[];
  floors: FloorEntry[];
  labels: LabelEntry[];
  devices: DeviceEntry[];
  entities: EntityEntry[];
}
