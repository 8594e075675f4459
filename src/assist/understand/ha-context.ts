// The optional `ha_context` object of an HA-Assist request: aliases, floors and the satellite's area.

import { z } from 'zod';
import { firstIssue, HearthError, safeParseJson } from '../../common/index.ts';
import { createCatalog, type CatalogEntity, type EntityCatalog } from '../../homeassistant/request/index.ts';
import { createLruCache, type CatalogMemo, type LruCache } from './catalog-cache.ts';

/**
 * What a client may add to a request, in the request body next to `messages` (documented in the README):
 * extra entity aliases by entity name, extra area aliases by area name, floors with aliases, and the
 * satellite's area and floor when the prompt does not state them.
 */
export const HaContextSchema = z.strictObject({
  aliases: z.record(z.string().min(1), z.array(z.string().min(1))).optional(),
  area_aliases: z.record(z.string().min(1), z.array(z.string().min(1))).optional(),
  floors: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        aliases: z.array(z.string().min(1)).optional(),
        /** The floor's areas, so "downstairs" can find the devices there. */
        areas: z.array(z.string().min(1)).optional(),
      }),
    )
    .optional(),
  satellite: z.strictObject({ area: z.string().min(1), floor: z.string().min(1).optional() }).optional(),
});

/** A validated `ha_context`. */
export type HaContext = z.infer<typeof HaContextSchema>;

/** Reads `ha_context` from the request's extra fields; a malformed one is a 400 naming the field. */
export function readHaContext(extra: Readonly<Record<string, unknown>>): HaContext | undefined {
  if (!('ha_context' in extra)) return undefined;
  const parsed = safeParseJson(HaContextSchema, extra.ha_context);
  if (parsed.success) return parsed.data;
  const issue = firstIssue(parsed.error, { prefix: ['ha_context'] })!;
  const param = issue.path;
  throw new HearthError('INVALID_HA_CONTEXT', `Invalid value for '${param}': ${issue.message}.`, {
    param,
  });
}

/** Catalogues with aliases added, per base catalogue and alias set: a client sends the same `ha_context` every round. */
export type AliasedCatalogs = CatalogMemo<LruCache<EntityCatalog>>;
/** Alias sets remembered per catalogue. */
const ALIAS_SETS_PER_CATALOG = 8;

/**
 * The catalogue with the context's aliases added to its entities and areas (a new object; the cached
 * one stays). With `cache`, the same aliases on the same catalogue give the same object, so
 * per-catalogue indexes and embeddings are reused.
 */
export function withAliases(catalog: EntityCatalog, context: HaContext, cache?: AliasedCatalogs): EntityCatalog {
  const { aliases = {}, area_aliases: areaAliases = {} } = context;
  if (Object.keys(aliases).length === 0 && Object.keys(areaAliases).length === 0) return catalog;
  if (cache === undefined) return addAliases(catalog, aliases, areaAliases);
  const key = JSON.stringify([aliases, areaAliases]);
  const byAliases = cache.of(catalog, newAliasSets);
  const cached = byAliases.get(key);
  if (cached !== undefined) return cached;
  const extended = addAliases(catalog, aliases, areaAliases);
  byAliases.set(key, extended);
  return extended;
}

function newAliasSets(): LruCache<EntityCatalog> {
  return createLruCache(ALIAS_SETS_PER_CATALOG);
}

function addAliases(
  catalog: EntityCatalog,
  aliases: Record<string, string[]>,
  areaAliases: Record<string, string[]>,
): EntityCatalog {
  const entities = catalog.entities.map((entity): CatalogEntity => {
    // Own keys only: an entity named "constructor" must not find Object.prototype's.
    const extraNames = Object.hasOwn(aliases, entity.name) ? aliases[entity.name]! : [];
    const extraAreas =
      entity.area !== undefined && Object.hasOwn(areaAliases, entity.area) ? areaAliases[entity.area]! : [];
    if (extraNames.length === 0 && extraAreas.length === 0) return entity;
    return {
      ...entity,
      aliases: unique([...entity.aliases, ...extraNames]),
      areaAliases: unique([...entity.areaAliases, ...extraAreas]),
    };
  });
  return createCatalog(catalog.source, entities);
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
