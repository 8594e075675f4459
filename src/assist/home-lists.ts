// The slot lists a Home Assistant request gives the grammar: entity names, areas and floors.

import { createTextSlotList, createTextValue, textSlotListFromStrings, type SlotList } from '../hassil/index.ts';
import type { CatalogEntity, EntityCatalog } from './understand/index.ts';
import { createNameIndex, type NameIndex } from './steps/repair/index.ts';

/** Lists for hassil's `name`, `area` and `floor` slots, and the catalogue's entities by normalised name. */
export interface HomeLists {
  readonly slotLists: Readonly<Record<'name' | 'area' | 'floor', SlotList>>;
  /** Every entity under its normalised name and each alias (see `normalizeName`). */
  readonly entitiesByName: ReadonlyMap<string, readonly CatalogEntity[]>;
  /** The catalogue's names for fuzzy repair, built the first time a sentence needs repairing. */
  readonly repairNames: NameIndex;
}

/** Builds and keeps the lists of each catalogue (the same catalogue object comes back on every round). */
export interface HomeListsCache {
  listsFor(catalog: EntityCatalog | undefined, floors: readonly string[]): HomeLists;
}

/** A cache keyed by catalogue object; lists without a catalogue are rebuilt (they are tiny). */
export function createHomeListsCache(): HomeListsCache {
  const byCatalog = new WeakMap<EntityCatalog, HomeLists>();
  return {
    listsFor(catalog, floors) {
      if (catalog === undefined || floors.length > 0) return buildHomeLists(catalog, floors);
      let lists = byCatalog.get(catalog);
      if (lists === undefined) {
        lists = buildHomeLists(catalog, floors);
        byCatalog.set(catalog, lists);
      }
      return lists;
    },
  };
}

/**
 * As Home Assistant builds them: one `name` value per entity name and alias, carrying the entity's domain
 * (and device class) as context so blocks can require domains; area names and aliases; floor names.
 * Values are literal text, never templates: names come from Home Assistant, not from the grammar.
 */
export function buildHomeLists(catalog: EntityCatalog | undefined, floors: readonly string[]): HomeLists {
  const names = (catalog?.entities ?? []).flatMap((entity) => {
    const deviceClass = entity.attributes?.device_class;
    const context = typeof deviceClass === 'string' ? { domain: entity.domain, device_class: deviceClass } : { domain: entity.domain };
    return [entity.name, ...entity.aliases].map((text) => createTextValue(text, text, { allowTemplate: false, context }));
  });
  const areas = (catalog?.areas ?? []).flatMap((area) => [area.name, ...area.aliases]);
  const entitiesByName = new Map<string, CatalogEntity[]>();
  for (const entity of catalog?.entities ?? []) {
    for (const key of new Set([entity.name, ...entity.aliases].map(normalizeName))) entitiesByName.set(key, [...(entitiesByName.get(key) ?? []), entity]);
  }
  let repairNames: NameIndex | undefined;
  const repairCatalog = catalog ?? { source: 'static-context' as const, entities: [], areas: [], hasState: false };
  return {
    slotLists: {
      name: createTextSlotList('name', names),
      area: textSlotListFromStrings('area', areas, false),
      floor: textSlotListFromStrings('floor', floors, false),
    },
    entitiesByName,
    get repairNames() {
      repairNames ??= createNameIndex(repairCatalog);
      return repairNames;
    },
  };
}

/** Names compare without case, surrounding or repeated spaces, and Unicode form. */
export function normalizeName(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
}
