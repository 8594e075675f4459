// What a call reaches in the home: the catalogue entities its name, area, floor, domain or entity ids select.

import { parseJsonObject } from '../../../common/index.ts';
import { readServiceArguments } from '../../extended/service-arguments.ts';
import { isServicesTool } from '../../extended/service-table.ts';
import { normalizeName } from '../../home-lists.ts';
import { domainsOfTool, isReadTool } from '../../intent-table.ts';
import type { CatalogEntity, HaRequest } from '../../understand/index.ts';
import { canonicalToolName } from '../../understand/index.ts';
import type { GateCall } from './gate-input.ts';

/** What one call acts on. */
export interface CallReach {
  /** False for a read (GetLiveContext) and for tools that act on no device (timers, lists): no target rule applies. */
  readonly isDeviceAction: boolean;
  /** The call names no device, area or floor: it reaches every device of its kind in the home. */
  readonly isHomeWide: boolean;
  /** It names a device (by `name`, or entity ids). */
  readonly byName: boolean;
  /** It narrows by `domain` or `device_class` ("the lights", "the blinds"). */
  readonly byKind: boolean;
  /** The catalogue entities it reaches (all of its kind when it names nothing). */
  readonly entities: readonly CatalogEntity[];
}

/** What `call` reaches in `request`'s catalogue. */
export function reachOf(
  call: GateCall,
  request: Pick<HaRequest, 'catalog' | 'floorAreas'>,
  names: ReadonlyMap<string, readonly CatalogEntity[]>,
): CallReach {
  const canonical = canonicalToolName(call.name);
  const args = parseJsonObject(call.arguments) ?? {};
  const all = request.catalog?.entities ?? [];
  if (isServicesTool(canonical)) {
    const ids = new Set((readServiceArguments(args) ?? []).flatMap((item) => item.entityIds));
    const entities = all.filter((entity) => entity.entityId !== undefined && ids.has(entity.entityId));
    return { isDeviceAction: true, isHomeWide: false, byName: true, byKind: false, entities };
  }
  const domains = domainsOfTool(canonical);
  if (domains === undefined || isReadTool(canonical))
    return { isDeviceAction: false, isHomeWide: false, byName: false, byKind: false, entities: [] };
  const name = typeof args.name === 'string' ? args.name : undefined;
  const area = typeof args.area === 'string' ? normalizeName(args.area) : undefined;
  const floor = typeof args.floor === 'string' ? normalizeName(args.floor) : undefined;
  const kinds = stringList(args.domain);
  const floorAreas = floor === undefined ? undefined : areasOfFloor(floor, request.floorAreas);
  // A named device is looked up by its name or alias; the other arguments narrow what the name or the kind reaches.
  const reachable = name === undefined ? all : (names.get(normalizeName(name)) ?? []);
  const entities = reachable.filter((entity) => {
    if (area !== undefined && ![entity.area ?? '', ...entity.areaAliases].some((text) => normalizeName(text) === area))
      return false;
    // A floor whose areas the request does not list may hold any device.
    if (floorAreas !== undefined && !floorAreas.has(normalizeName(entity.area ?? ''))) return false;
    if (kinds.length > 0) return kinds.includes(entity.domain);
    return domains.length === 0 || domains.includes('*') || domains.includes(entity.domain);
  });
  const isHomeWide = name === undefined && area === undefined && floor === undefined;
  const byKind = kinds.length > 0 || stringList(args.device_class).length > 0;
  return { isDeviceAction: true, isHomeWide, byName: name !== undefined, byKind, entities };
}

/** The areas of a floor named by `floor` (a name or alias), or undefined when the request does not list them. */
function areasOfFloor(floor: string, floors: HaRequest['floorAreas']): Set<string> | undefined {
  const found = floors.find((known) => known.names.some((name) => normalizeName(name) === floor));
  return found === undefined ? undefined : new Set(found.areas.map(normalizeName));
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
