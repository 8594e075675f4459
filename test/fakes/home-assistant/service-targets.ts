// Which entities a service call reaches: its target keys resolved with HA's rules, and the warning about the rest.

import type { EntityEntry, FakeHome, ServiceSpec } from './home.ts';
import { createRegistryView, type RegistryView } from './membership.ts';
import { targetIds } from './service-schema.ts';

/** The entities a call runs on, and what HA logs about the targets it skipped. */
export interface ResolvedTargets {
  /** Entities of the service's domains that have a state other than `unavailable`, in the order named. */
  entityIds: string[];
  /** `Referenced entities light.x are missing or not currently available`, or undefined when nothing was skipped. */
  warning?: string;
}

/** The domains whose entities the service acts on (its description's `target`); none for a service without targets. */
function targetDomains(spec: ServiceSpec): string[] {
  const entity = spec.description.target?.entity;
  if (!Array.isArray(entity)) return [];
  return entity.flatMap((filter: { domain?: unknown }) => (Array.isArray(filter.domain) ? filter.domain : []));
}

/**
 * Resolves `entity_id` (a text, a list, `all` or `none`), `device_id`, `area_id`, `floor_id` and `label_id` as
 * `helpers/service.py` does: an entity named outright that the service cannot use (unknown, another domain,
 * unavailable) is skipped and reported, as are unknown devices, areas, floors and labels; entities reached through them
 * are skipped silently. A service without targets (a notify, a script's own service) reaches no entity.
 */
export function resolveTargets(
  home: FakeHome,
  spec: ServiceSpec,
  data: Record<string, unknown>,
  deletedArea?: string,
): ResolvedTargets {
  const domains = targetDomains(spec);
  if (domains.length === 0) return { entityIds: [] };
  const isUsable = (entityId: string): boolean =>
    domains.includes(entityId.split('.', 1)[0] ?? '') &&
    (home.state(entityId)?.state ?? 'unavailable') !== 'unavailable';
  const named = targetIds(data.entity_id);
  if (named.length === 1 && named[0] === 'all') {
    return {
      entityIds: home
        .states()
        .map((state) => state.entity_id)
        .filter(isUsable),
    };
  }
  const explicit = named.filter((id) => id !== 'none');
  const registries = home.registries.current();
  const view = createRegistryView(registries, deletedArea === undefined ? {} : { deletedArea });
  const { reached, missing } = indirectTargets(view, registries.entities, data);
  missing.push(['entities', explicit.filter((id) => !isUsable(id))]);
  const entityIds = [...new Set([...explicit, ...reached].filter(isUsable))];
  return { entityIds, ...warningOf(missing) };
}

type Missing = [kind: string, ids: string[]][];

/** Entities reached through floors, areas, devices and labels, and the unknown ones of each kind. */
function indirectTargets(
  view: RegistryView,
  entities: EntityEntry[],
  data: Record<string, unknown>,
): { reached: string[]; missing: Missing } {
  const missing: Missing = [];
  const known = (kind: string, ids: string[], exists: (id: string) => boolean): string[] => {
    missing.push([kind, ids.filter((id) => !exists(id))]);
    return ids.filter(exists);
  };
  const floors = known('floors', targetIds(data.floor_id), (id) => view.floor(id) !== undefined);
  const labels = known('labels', targetIds(data.label_id), (id) => view.label(id) !== undefined);
  const areas = [
    ...known('areas', targetIds(data.area_id), (id) => view.area(id) !== undefined),
    ...floors.flatMap((id) => view.floorAreas(id)),
    ...labels.flatMap((id) => view.labelAreas(id)),
  ];
  const devices = [
    ...known('devices', targetIds(data.device_id), (id) => view.device(id) !== undefined),
    ...labels.flatMap((id) => view.labelDevices(id)),
  ];
  const ofDevice = (deviceId: string): string[] =>
    entities
      .filter((entry) => entry.device_id === deviceId && (entry.disabled_by ?? null) === null)
      .map((entry) => entry.entity_id);
  const reached = [
    ...areas.flatMap((id) => view.areaEntities(id)),
    ...devices.flatMap(ofDevice),
    ...labels.flatMap((id) => view.labelEntities(id)),
  ];
  return { reached, missing };
}

/** `ReferencedSelection.log_missing`: one line over every kind, each kind's ids sorted. */
function warningOf(missing: Missing): { warning?: string } {
  const order = ['floors', 'areas', 'devices', 'entities', 'labels'];
  const parts = order.flatMap((kind) => {
    const ids = missing.filter(([k]) => k === kind).flatMap(([, list]) => list);
    return ids.length === 0 ? [] : [`${kind} ${[...new Set(ids)].sort().join(', ')}`];
  });
  return parts.length === 0 ? {} : { warning: `Referenced ${parts.join(', ')} are missing or not currently available` };
}
