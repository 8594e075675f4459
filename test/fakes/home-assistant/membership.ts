// HA's membership rules over the registries: an entity's area, an area's entities and devices, a label's members.

import type { AreaEntry, DeviceEntry, EntityEntry, FloorEntry, LabelEntry, Registries } from './registry-entries.ts';

/** The registries of a home, read with Home Assistant's rules (`helpers/template.py`, the registries' indexes). */
export interface RegistryView {
  /** Area ids in registry order (what `areas()` lists); includes an area hidden by `deletedArea`. */
  readonly areaIds: readonly string[];
  /** Label ids in registry order (what `labels()` lists). */
  readonly labelIds: readonly string[];
  /** Floor ids in registry order (what `floors()` lists). */
  readonly floorIds: readonly string[];
  area(areaId: string): AreaEntry | undefined;
  /** An area by its name, compared like HA's `normalize_name` (case and spaces ignored). */
  areaByName(name: string): AreaEntry | undefined;
  device(deviceId: string): DeviceEntry | undefined;
  /** An entity registry entry; YAML entities without a unique_id have none. */
  entity(entityId: string): EntityEntry | undefined;
  label(labelId: string): LabelEntry | undefined;
  labelByName(name: string): LabelEntry | undefined;
  floor(floorId: string): FloorEntry | undefined;
  floorByName(name: string): FloorEntry | undefined;
  /** The entity's own area, else its device's; null when neither or when it is not in the entity registry. */
  entityArea(entityId: string): string | null;
  /** `area_entities`: entities with this own area, then entities of the area's devices that have no own area. */
  areaEntities(areaId: string): string[];
  /** `area_devices`: devices in the area. */
  areaDevices(areaId: string): string[];
  /** `label_entities`: entities carrying the label themselves (a device's labels are not inherited). */
  labelEntities(labelId: string): string[];
  labelDevices(labelId: string): string[];
  labelAreas(labelId: string): string[];
  /** Areas on the floor. */
  floorAreas(floorId: string): string[];
}

export type { Registries } from './registry-entries.ts';

/** Options of a view: `deletedArea` is treated as deleted by every lookup but the area id list (as if it went away). */
export interface RegistryViewOptions {
  deletedArea?: string;
}

const normalizeName = (name: string): string => name.normalize('NFKC').toLowerCase().replace(/\s/g, '');

/** A view of the registries with Home Assistant's rules. */
export function createRegistryView(registries: Registries, options: RegistryViewOptions = {}): RegistryView {
  const isLive = (areaId: string | null): areaId is string => areaId !== null && areaId !== options.deletedArea;
  const areas = registries.areas.filter((area) => isLive(area.area_id));
  const liveArea = (areaId: string | null): string | null => (isLive(areaId) ? areaId : null);
  const device = (deviceId: string) => registries.devices.find((entry) => entry.id === deviceId);
  const entity = (entityId: string) => registries.entities.find((entry) => entry.entity_id === entityId);
  const isEnabled = (entry: EntityEntry) => (entry.disabled_by ?? null) === null;

  return {
    areaIds: registries.areas.map((area) => area.area_id),
    labelIds: registries.labels.map((label) => label.label_id),
    floorIds: registries.floors.map((floor) => floor.floor_id),
    area: (areaId) => areas.find((area) => area.area_id === areaId),
    areaByName: (name) => areas.find((area) => normalizeName(area.name) === normalizeName(name)),
    device,
    entity,
    label: (labelId) => registries.labels.find((label) => label.label_id === labelId),
    labelByName: (name) => registries.labels.find((label) => normalizeName(label.name) === normalizeName(name)),
    floor: (floorId) => registries.floors.find((floor) => floor.floor_id === floorId),
    floorByName: (name) => registries.floors.find((floor) => normalizeName(floor.name) === normalizeName(name)),
    entityArea(entityId) {
      const entry = entity(entityId);
      if (entry === undefined) return null;
      const own = liveArea(entry.area_id);
      if (own !== null) return own;
      return entry.device_id === null ? null : liveArea(device(entry.device_id)?.area_id ?? null);
    },
    areaEntities(areaId) {
      if (!isLive(areaId)) return [];
      const own = registries.entities.filter((entry) => entry.area_id === areaId).map((entry) => entry.entity_id);
      // `er.async_entries_for_device` leaves out disabled entities; `async_entries_for_area` does not.
      const fromDevices = registries.devices
        .filter((entry) => entry.area_id === areaId)
        .flatMap((entry) =>
          registries.entities.filter((e) => e.device_id === entry.id && e.area_id === null && isEnabled(e)),
        )
        .map((entry) => entry.entity_id);
      return [...own, ...fromDevices];
    },
    areaDevices: (areaId) =>
      isLive(areaId) ? registries.devices.filter((entry) => entry.area_id === areaId).map((entry) => entry.id) : [],
    labelEntities: (labelId) =>
      registries.entities.filter((entry) => entry.labels.includes(labelId)).map((entry) => entry.entity_id),
    labelDevices: (labelId) =>
      registries.devices.filter((entry) => entry.labels.includes(labelId)).map((entry) => entry.id),
    labelAreas: (labelId) => areas.filter((area) => area.labels.includes(labelId)).map((area) => area.area_id),
    floorAreas: (floorId) => areas.filter((area) => area.floor_id === floorId).map((area) => area.area_id),
  };
}
