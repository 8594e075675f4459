// Finds the exposed-entity overview in Home Assistant's system prompt and reads it as a catalogue.

import { createCatalog, type EntityCatalog } from '../entities/catalog.ts';
import { type EntityYamlLimits, parseEntityYaml } from '../entities/entity-yaml.ts';
import { OVERVIEW_HEADER } from './prompt-text.ts';

/** Catalogues already read, by their exact YAML text (the caller's cache; any LRU map fits). */
export interface StaticContextCache {
  get(yamlText: string): EntityCatalog | undefined;
  set(yamlText: string, catalog: EntityCatalog): void;
}

/** What the system prompt says about the home. */
export type StaticContextResult =
  | { kind: 'absent' }
  | { kind: 'found'; catalog: EntityCatalog; yamlText: string }
  | { kind: 'unreadable'; problem: string };

/** How to read the Static Context: a cache for YAML seen before, and the entity YAML's limits. */
export interface StaticContextOptions {
  cache?: StaticContextCache;
  /** Default: `DEFAULT_ENTITY_YAML_LIMITS`. */
  yamlLimits?: EntityYamlLimits;
}

/** Reads the catalogue from `systemText`, using the cache for YAML seen before. */
export function readStaticContext(systemText: string, options: StaticContextOptions = {}): StaticContextResult {
  const { cache, yamlLimits } = options;
  const yamlText = extractOverviewYaml(systemText, OVERVIEW_HEADER);
  if (yamlText === undefined) return { kind: 'absent' };
  const cached = cache?.get(yamlText);
  if (cached !== undefined) return { kind: 'found', catalog: cached, yamlText };
  const parsed = parseEntityYaml(yamlText, yamlLimits);
  if (!parsed.ok) return { kind: 'unreadable', problem: parsed.problem };
  const catalog = createCatalog('static-context', parsed.entities);
  cache?.set(yamlText, catalog);
  return { kind: 'found', catalog, yamlText };
}

/**
 * The YAML block after `header`: the lines that start with "- " or are indented. It ends at the first
 * other line (a blank line before the date line, or an `extra_system_prompt`).
 */
export function extractOverviewYaml(text: string, header: string): string | undefined {
  const at = text.indexOf(header);
  if (at < 0) return undefined;
  let start = text.indexOf('\n', at + header.length);
  if (start < 0) return '';
  start += 1;
  let end = start;
  while (end < text.length) {
    const next = text.indexOf('\n', end);
    const lineEnd = next < 0 ? text.length : next;
    const first = text.charCodeAt(end);
    const isYamlLine = (first === 0x2d && text.charCodeAt(end + 1) === 0x20) || first === 0x20;
    if (!isYamlLine || lineEnd === end) break;
    end = next < 0 ? text.length : next + 1;
  }
  return text.slice(start, end);
}
