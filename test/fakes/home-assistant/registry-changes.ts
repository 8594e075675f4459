// The fake's live registries: what tests change while it runs, and the `*_registry_updated` events each change fires.

import type { AreaEntry, DeviceEntry, EntityEntry, LabelEntry, Registries } from './registry-entries.ts';

/** One registry event as Home Assistant fires it on its bus: `event_type` and `data` (ha-apis.md §3.5). */
export interface RegistryEvent {
  event_type:
    | 'area_registry_updated'
    | 'label_registry_updated'
    | 'device_registry_updated'
    | 'entity_registry_updated';
  /** `{action, <kind>_id}`; an entity or device update adds `changes`, the old values of the changed fields. */
  data: Record<string, unknown>;
}

/** The fields of an entity registry entry a test may change (what the UI's entity settings change). */
export type EntityChange = Partial<Pick<EntityEntry, 'area_id' | 'labels' | 'name' | 'disabled_by'>>;
/** The fields of a device registry entry a test may change. */
export type DeviceChange = Partial<Pick<DeviceEntry, 'area_id' | 'labels' | 'name_by_user'>>;
/** The fields of an area a test may change. */
export type AreaChange = Partial<Pick<AreaEntry, 'name' | 'labels' | 'floor_id'>>;
/** The fields of a label a test may change. */
export type LabelChange = Partial<Pick<LabelEntry, 'name' | 'color' | 'icon' | 'description'>>;

/**
 * The registries of one running fake. Every change fires its event before the change returns, as in Home Assistant,
 * where `async_update_entity` fires `entity_registry_updated` and the WebSocket's listener queues it for each
 * subscriber at once. A test may also edit the fixture's entries in place: {@link FakeRegistries.sync} then finds the
 * edit and fires its event, and the WebSocket calls it before every command, so no edit is ever missed by a client.
 */
export interface FakeRegistries {
  /** The registries as they are now. */
  current(): Registries;
  updateEntity(entityId: string, change: EntityChange): void;
  updateDevice(deviceId: string, change: DeviceChange): void;
  createArea(entry: AreaEntry): void;
  updateArea(areaId: string, change: AreaChange): void;
  createLabel(entry: LabelEntry): void;
  updateLabel(labelId: string, change: LabelChange): void;
  /** Fires the events of every entry changed since the last events (in place, by a test); cheap when none was. */
  sync(): void;
  /** Calls `listener` with every event from now on; returns the function that stops it. */
  onEvent(listener: (event: RegistryEvent) => void): () => void;
}

type Kind = 'areas' | 'labels' | 'devices' | 'entities';

/** Each registry: its event, the key of its entries, and the field its events name the entry by. */
const KINDS: Readonly<Record<Kind, { eventType: RegistryEvent['event_type']; key: string; field: string }>> = {
  areas: { eventType: 'area_registry_updated', key: 'area_id', field: 'area_id' },
  labels: { eventType: 'label_registry_updated', key: 'label_id', field: 'label_id' },
  devices: { eventType: 'device_registry_updated', key: 'id', field: 'device_id' },
  entities: { eventType: 'entity_registry_updated', key: 'entity_id', field: 'entity_id' },
};

/** The live registries, starting from the fixture's. */
export function createFakeRegistries(initial: Registries): FakeRegistries {
  let now: Registries = { ...initial };
  const listeners = new Set<(event: RegistryEvent) => void>();
  const kinds = Object.keys(KINDS) as Kind[];
  const fired = Object.fromEntries(kinds.map((kind) => [kind, JSON.stringify(now[kind])])) as Record<Kind, string>;

  /** The events of one registry's changed entries: HA's `{action, <kind>_id}`, `changes` (old values) on an update. */
  function eventsOf(kind: Kind, before: Record<string, unknown>[], after: Record<string, unknown>[]): RegistryEvent[] {
    const { eventType, key, field } = KINDS[kind];
    const old = new Map(before.map((entry) => [String(entry[key]), entry]));
    const events: RegistryEvent[] = [];
    for (const entry of after) {
      const id = String(entry[key]);
      const was = old.get(id);
      old.delete(id);
      if (was === undefined) events.push({ event_type: eventType, data: { action: 'create', [field]: id } });
      else if (JSON.stringify(was) !== JSON.stringify(entry)) {
        const keys = Object.keys(entry).filter((name) => JSON.stringify(was[name]) !== JSON.stringify(entry[name]));
        const changes = Object.fromEntries(keys.map((name) => [name, was[name]]));
        const withChanges = kind === 'entities' || kind === 'devices' ? { changes } : {};
        events.push({ event_type: eventType, data: { action: 'update', [field]: id, ...withChanges } });
      }
    }
    for (const id of old.keys()) events.push({ event_type: eventType, data: { action: 'remove', [field]: id } });
    return events;
  }

  function sync(): void {
    for (const kind of kinds) {
      const text = JSON.stringify(now[kind]);
      if (text === fired[kind]) continue;
      const events = eventsOf(kind, JSON.parse(fired[kind]), JSON.parse(text));
      fired[kind] = text;
      for (const event of events) for (const listener of [...listeners]) listener(event);
    }
  }

  /** Replaces one entry (the fixture's objects are shared by every fake, so they are never edited here). */
  function replace<K extends Kind>(kind: K, matches: (entry: Registries[K][number]) => boolean, change: object): void {
    const list = now[kind] as Registries[K][number][];
    if (!list.some(matches)) throw new Error(`the fake has no such ${kind} entry`);
    now = { ...now, [kind]: list.map((entry) => (matches(entry) ? { ...entry, ...change } : entry)) };
    sync();
  }

  return {
    current: () => now,
    updateEntity: (entityId, change) => replace('entities', (entry) => entry.entity_id === entityId, change),
    updateDevice: (deviceId, change) => replace('devices', (entry) => entry.id === deviceId, change),
    createArea(entry) {
      now = { ...now, areas: [...now.areas, entry] };
      sync();
    },
    updateArea: (areaId, change) => replace('areas', (entry) => entry.area_id === areaId, change),
    createLabel(entry) {
      now = { ...now, labels: [...now.labels, entry] };
      sync();
    },
    updateLabel: (labelId, change) => replace('labels', (entry) => entry.label_id === labelId, change),
    sync,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
