// What a system prompt says about the home, read once per distinct prompt: catalogue, date line, satellite.

import { definedProps } from '../../common/index.ts';
import {
  DEFAULT_ENTITY_YAML_LIMITS,
  type EntityYamlLimits,
  readDateTime,
  readExtendedDevices,
  readSatelliteArea,
  readStaticContext,
  type EntityCatalog,
  type PromptDateTime,
  type SatelliteArea,
  type ToolResult,
} from '../../homeassistant/request/index.ts';
import type { CatalogCache, LruCache } from './catalog-cache.ts';
import type { AliasedCatalogs } from './ha-context.ts';

/** The facts of one system prompt. */
export interface SystemFacts {
  readonly catalog?: EntityCatalog;
  /** Why a catalogue that is present could not be read. */
  readonly contextProblem?: string;
  readonly dateTime?: PromptDateTime;
  readonly satellite?: SatelliteArea;
}

/** Caches for `readSystemPrompt`: whole prompts (every round of a conversation), and catalogues by YAML (prompts whose date line changed). */
export interface UnderstandCaches {
  prompts?: LruCache<SystemFacts>;
  catalogs?: CatalogCache;
  /** Long tool results (a GetLiveContext result) by their exact text: re-sent on every later round. */
  toolResults?: LruCache<ToolResult>;
  /** The catalogue with `ha_context`'s aliases added, per catalogue and alias set (`withAliases`). */
  aliasedCatalogs?: AliasedCatalogs;
}

/** How requests are read: the caches to use, and the limits of a client's entity YAML. */
export interface ReadOptions {
  caches?: UnderstandCaches;
  /** Default: `DEFAULT_ENTITY_YAML_LIMITS`. */
  yamlLimits?: EntityYamlLimits;
}

/** Reads the facts of `systemText`, from the caches when this exact prompt or its catalogue was seen. */
export function readSystemPrompt(systemText: string, options: ReadOptions = {}): SystemFacts {
  const { caches = {}, yamlLimits = DEFAULT_ENTITY_YAML_LIMITS } = options;
  const cached = caches.prompts?.get(systemText);
  if (cached !== undefined) return cached;
  const facts: { -readonly [K in keyof SystemFacts]: SystemFacts[K] } = {};
  const found = readStaticContext(systemText, { yamlLimits, ...definedProps({ cache: caches.catalogs }) });
  if (found.kind === 'found') facts.catalog = found.catalog;
  else if (found.kind === 'unreadable') facts.contextProblem = found.problem;
  else {
    const extended = readExtendedDevices(systemText);
    if (extended !== undefined) facts.catalog = extended;
  }
  const dateTime = readDateTime(systemText);
  if (dateTime !== undefined) facts.dateTime = dateTime;
  const satellite = readSatelliteArea(systemText);
  if (satellite !== undefined) facts.satellite = satellite;
  caches.prompts?.set(systemText, facts);
  return facts;
}
