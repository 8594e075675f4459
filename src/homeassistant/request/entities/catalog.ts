// The entity and area catalogue a Home Assistant request carries, in our own shape.

/** A scalar attribute value as Home Assistant's YAML gives it. */
export type AttributeValue = string | number | boolean | null;

/** One exposed entity as the request describes it. */
export interface CatalogEntity {
  /** The friendly name: the first of `names`. */
  readonly name: string;
  /** Entity-registry aliases, after the name. */
  readonly aliases: readonly string[];
  readonly domain: string;
  /** The entity's (or its device's) area; absent when it has none. */
  readonly area?: string;
  readonly areaAliases: readonly string[];
  /** Only when the prompt names it (Extended OpenAI Conversation's CSV). */
  readonly entityId?: string;
  /** Only when the request carries state: HA ≤ 2025.3 prompts, Live Context, Extended's CSV. */
  readonly state?: string;
  readonly attributes?: Readonly<Record<string, AttributeValue>>;
}

/** An area named in the catalogue, with the aliases seen for it. */
export interface CatalogArea {
  readonly name: string;
  readonly aliases: readonly string[];
}

/** Where a catalogue was read from. */
export type CatalogSource = 'static-context' | 'live-context' | 'extended-csv';

/** The entities of a request and the areas they name. */
export interface EntityCatalog {
  readonly source: CatalogSource;
  readonly entities: readonly CatalogEntity[];
  readonly areas: readonly CatalogArea[];
  /** True when entities carry `state` (then each one does). */
  readonly hasState: boolean;
}

/** The catalogue of `entities`, with the distinct areas in first-seen order. */
export function createCatalog(source: CatalogSource, entities: readonly CatalogEntity[]): EntityCatalog {
  const areas = new Map<string, CatalogArea>();
  for (const entity of entities) {
    if (entity.area === undefined || areas.has(entity.area)) continue;
    areas.set(entity.area, { name: entity.area, aliases: entity.areaAliases });
  }
  return {
    source,
    entities,
    areas: [...areas.values()],
    hasState: entities.length > 0 && entities.every((entity) => entity.state !== undefined),
  };
}

/**
 * Splits a `names`/`areas` value on ", " as Home Assistant joins it (an alias holding ", " is ambiguous
 * in HA too). Parts are kept exactly, surrounding spaces included: they are HA's names.
 */
export function splitNameList(value: string): string[] {
  return value.split(', ').filter((part) => part !== '');
}
