// The slot lists a Home Assistant request gives the grammar: entity names, areas and floors.

import { createTextSlotList, createTextValue, textSlotListFromStrings, type SlotList } from '../hassil/index.ts';
import type { CatalogArea, CatalogEntity, EntityCatalog } from './understand/index.ts';
import { createNameIndex, type NameIndex } from './steps/repair/index.ts';
import { createLruCache, type LruCache } from './understand/index.ts';
import { createNameWordsIndex, type NameWordsIndex } from './steps/deterministic/name-words.ts';
import { createRecognitionMemo, type RecognitionMemo } from './steps/deterministic/recognition-memo.ts';

/** Lists for hassil's `name`, `area` and `floor` slots, and the catalogue's entities and areas by normalised name. */
export interface HomeLists {
  readonly slotLists: Readonly<Record<'name' | 'area' | 'floor', SlotList>>;
  /** Every entity under its normalised name and each alias (see `normalizeName`). */
  readonly entitiesByName: ReadonlyMap<string, readonly CatalogEntity[]>;
  /** Every area under its normalised name and each alias; the first area in catalogue order wins a shared name. */
  readonly areasByName: ReadonlyMap<string, CatalogArea>;
  /** The catalogue's names for fuzzy repair, built the first time a sentence needs repairing. */
  readonly repairNames: NameIndex;
  /** The catalogue's names by their words for partial names, built the first time a sentence needs one. */
  readonly nameWords: NameWordsIndex;
  /** What the grammar made of the sentences said to this home with these lists. */
  readonly recognitions: RecognitionMemo;
}

/** Builds and keeps the lists of each catalogue (the same catalogue object comes back on every round). */
export interface HomeListsCache {
  listsFor(catalog: EntityCatalog | undefined, floors: readonly string[]): HomeLists;
}

/** The floor lists kept per catalogue: a home has a handful of floors, and a request names all or none of them. */
const FLOOR_SETS_PER_HOME = 8;

/**
 * A cache keyed by catalogue object; lists without a catalogue are rebuilt (they are tiny). A request's
 * floors (from `ha_context` or the satellite) only replace the small floor list of the cached lists, and the lists
 * with those floors are kept too, so their recognitions are remembered as well.
 */
export function createHomeListsCache(): HomeListsCache {
  const byCatalog = new WeakMap<EntityCatalog, { lists: HomeLists; byFloors: LruCache<HomeLists> }>();
  return {
    listsFor(catalog, floors) {
      if (catalog === undefined) return buildHomeLists(catalog, floors);
      let home = byCatalog.get(catalog);
      if (home === undefined) {
        home = { lists: buildHomeLists(catalog, []), byFloors: createLruCache(FLOOR_SETS_PER_HOME) };
        byCatalog.set(catalog, home);
      }
      if (floors.length === 0) return home.lists;
      const key = floors.join('\u0000');
      let lists = home.byFloors.get(key);
      if (lists === undefined) {
        lists = withFloors(home.lists, floors);
        home.byFloors.set(key, lists);
      }
      return lists;
    },
  };
}

/** `lists` with the floor list of `floors`; the catalogue's lists and indexes are shared, not rebuilt. */
function withFloors(lists: HomeLists, floors: readonly string[]): HomeLists {
  return {
    slotLists: { ...lists.slotLists, floor: textSlotListFromStrings('floor', floors, false) },
    entitiesByName: lists.entitiesByName,
    areasByName: lists.areasByName,
    // Other floors make other recognitions.
    recognitions: createRecognitionMemo(),
    // A getter, so the name index stays lazy and is built once per catalogue.
    get repairNames() {
      return lists.repairNames;
    },
    get nameWords() {
      return lists.nameWords;
    },
  };
}

/**
 * As Home Assistant builds them: one `name` value per entity name and alias, carrying the entity's domain
 * (and device class) as context so blocks can require domains; area names and aliases; floor names.
 * Values are literal text, never templates: names come from Home Assistant, not from the grammar.
 */
function buildHomeLists(catalog: EntityCatalog | undefined, floors: readonly string[]): HomeLists {
  const names = (catalog?.entities ?? []).flatMap((entity) => {
    const deviceClass = entity.attributes?.device_class;
    const context =
      typeof deviceClass === 'string'
        ? { domain: entity.domain, device_class: deviceClass }
        : { domain: entity.domain };
    return [entity.name, ...entity.aliases].map((text) =>
      createTextValue(text, text, { allowTemplate: false, context }),
    );
  });
  const areas = (catalog?.areas ?? []).flatMap((area) => [area.name, ...area.aliases]);
  const entitiesByName = entitiesByNameOf(catalog);
  const areasByName = new Map<string, CatalogArea>();
  for (const area of catalog?.areas ?? []) {
    for (const key of [area.name, ...area.aliases].map(normalizeName))
      if (!areasByName.has(key)) areasByName.set(key, area);
  }
  let repairNames: NameIndex | undefined;
  let nameWords: NameWordsIndex | undefined;
  const repairCatalog = catalog ?? { source: 'static-context' as const, entities: [], areas: [], hasState: false };
  return {
    slotLists: {
      name: createTextSlotList('name', names),
      area: textSlotListFromStrings('area', areas, false),
      floor: textSlotListFromStrings('floor', floors, false),
    },
    entitiesByName,
    areasByName,
    recognitions: createRecognitionMemo(),
    get repairNames() {
      repairNames ??= createNameIndex(repairCatalog);
      return repairNames;
    },
    get nameWords() {
      nameWords ??= createNameWordsIndex(catalog);
      return nameWords;
    },
  };
}

/** Every entity of `catalog` under its normalised name and each alias, in catalogue order. */
export function entitiesByNameOf(catalog: EntityCatalog | undefined): ReadonlyMap<string, readonly CatalogEntity[]> {
  const byName = new Map<string, CatalogEntity[]>();
  for (const entity of catalog?.entities ?? []) {
    for (const key of new Set([entity.name, ...entity.aliases].map(normalizeName))) {
      const known = byName.get(key);
      if (known === undefined) byName.set(key, [entity]);
      else known.push(entity);
    }
  }
  return byName;
}

/** Names compare without case, surrounding or repeated spaces, and Unicode form. */
export function normalizeName(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
}
