// What the request says a device is beyond its name: its device class, known from the catalogue's attributes or the
// turn's live read (Home Assistant's Static Context carries neither state nor device class since 2025.4).

import type { CatalogEntity, EntityCatalog, HaRequest } from '../../understand/index.ts';

/**
 * The device class of `entity` of `catalog`: its class, `null` when the request says it has none, or undefined when
 * the request does not say: an entity of the Static Context (no attributes) or of Extended's CSV (state, but no
 * attributes). An entity read with its state in Home Assistant's YAML (a live read, a prompt of HA ≤ 2025.3) lists
 * every interesting attribute it has, so no class there means none.
 */
export function deviceClassOf(
  entity: CatalogEntity,
  catalog: Pick<EntityCatalog, 'source'>,
): string | null | undefined {
  const deviceClass = entity.attributes?.device_class;
  if (typeof deviceClass === 'string') return deviceClass.toLowerCase();
  if (entity.attributes !== undefined) return null;
  return entity.state !== undefined && catalog.source !== 'extended-csv' ? null : undefined;
}

/**
 * The request's catalogue with what the turn's live read says of each device (its state and attributes, so its
 * class) merged in; the catalogue as it is when the turn has read nothing. A device the read does not list keeps
 * what the catalogue says of it.
 */
export function catalogWithLiveFacts(request: Pick<HaRequest, 'catalog' | 'liveContext'>): EntityCatalog | undefined {
  const { catalog, liveContext } = request;
  if (catalog === undefined || liveContext === undefined) return catalog ?? liveContext;
  const live = new Map(liveContext.entities.map((entity) => [keyOf(entity), entity]));
  const entities = catalog.entities.map((entity) => {
    const read = live.get(keyOf(entity));
    if (read === undefined) return entity;
    const merged: CatalogEntity = { ...entity, attributes: read.attributes ?? {} };
    return read.state === undefined ? merged : { ...merged, state: read.state };
  });
  return { ...catalog, entities };
}

function keyOf(entity: CatalogEntity): string {
  return `${entity.domain}\u0000${entity.name}`;
}
