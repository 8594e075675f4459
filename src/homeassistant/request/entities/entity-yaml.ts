// Parses the entity YAML Home Assistant writes (Static Context and Live Context) with a real YAML parser.

import { firstIssue, HearthError, safeParseJson } from '../../../common/index.ts';
import yaml from 'js-yaml';
import { z } from 'zod';
import { PYYAML_SCHEMA } from '../yaml/yaml-schema.ts';
import { splitNameList, type AttributeValue, type CatalogEntity } from './catalog.ts';

const ScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

// Unknown keys are dropped (z.object), not an error: newer HA versions may add fields.
const EntityItemSchema = z.object({
  names: ScalarSchema,
  domain: z.string().min(1),
  areas: ScalarSchema.optional(),
  state: ScalarSchema.optional(),
  attributes: z.record(z.string(), z.unknown()).nullable().optional(),
});

const EntityListSchema = z.array(EntityItemSchema);

/** Parsed entities, or why the YAML could not be read. */
export type EntityYamlResult = { ok: true; entities: CatalogEntity[] } | { ok: false; problem: string };

/**
 * Bounds on a client's entity YAML. js-yaml shares an alias's target by reference, so loading is linear,
 * but anything that walks the result (writing an attribute back as JSON) meets every alias expanded:
 * eight levels of nine aliases are 43 million nodes from under 1 KB of text.
 */
export interface EntityYamlLimits {
  /** The deepest nesting, aliases expanded (Home Assistant writes 4 levels: list, entity, attributes, value). */
  readonly maxDepth: number;
  /** How far aliases may grow the document: its expanded size (nodes plus characters) may be at most twice its length plus this. */
  readonly maxExpansion: number;
}

/** The limits every catalogue is read with (README, Limits). */
export const DEFAULT_ENTITY_YAML_LIMITS: EntityYamlLimits = { maxDepth: 32, maxExpansion: 100_000 };

/**
 * Reads HA's dumped entity list, resolving plain scalars as PyYAML (YAML 1.1) wrote them. YAML that does
 * not parse or has another shape is a problem in the result; a hostile document (nested deeper than
 * `limits.maxDepth`, or aliases that expand it past `limits.maxExpansion`) is a thrown 400, refused
 * after at most that much work.
 */
export function parseEntityYaml(text: string, limits: EntityYamlLimits = DEFAULT_ENTITY_YAML_LIMITS): EntityYamlResult {
  let document: unknown;
  try {
    document = text.trim() === '' ? [] : yaml.load(text, loadOptions(limits));
  } catch (error) {
    const reason = error instanceof yaml.YAMLException ? error.reason : String(error);
    if (reason.startsWith('nesting exceeded maxDepth')) throw tooDeep(limits);
    const line = error instanceof yaml.YAMLException ? ` at line ${error.mark.line + 1}` : '';
    return { ok: false, problem: `the entity YAML does not parse${line}: ${reason}` };
  }
  checkExpansion(document, text.length, limits);
  const parsed = safeParseJson(EntityListSchema, document ?? []);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return {
      ok: false,
      problem: `the entity YAML has an unexpected shape at ${issue?.path ?? '?'}: ${issue?.message ?? ''}`,
    };
  }
  return { ok: true, entities: parsed.data.map(toEntity) };
}

function toEntity(item: z.infer<typeof EntityItemSchema>): CatalogEntity {
  const [name = '', ...aliases] = splitNameList(scalarText(item.names));
  const [area, ...areaAliases] = item.areas == null ? [] : splitNameList(scalarText(item.areas));
  const entity: { -readonly [K in keyof CatalogEntity]: CatalogEntity[K] } = {
    name,
    aliases,
    domain: item.domain,
    areaAliases,
  };
  if (area !== undefined) entity.area = area;
  if (item.state !== undefined) entity.state = scalarText(item.state);
  if (item.attributes != null) entity.attributes = scalarAttributes(item.attributes);
  return entity;
}

function scalarText(value: AttributeValue): string {
  return value === null ? '' : String(value);
}

function scalarAttributes(attributes: Record<string, unknown>): Record<string, AttributeValue> {
  const result: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const isScalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    result[key] = isScalar ? (value as AttributeValue) : JSON.stringify(value);
  }
  return result;
}

/**
 * js-yaml's options: PyYAML's scalars, and its own nesting bound (js-yaml 4.3 has `maxDepth`, its types
 * do not yet), which it counts without expanding aliases; one level more lets the walk below name it.
 */
function loadOptions(limits: EntityYamlLimits): yaml.LoadOptions {
  const options: yaml.LoadOptions & { maxDepth: number } = { schema: PYYAML_SCHEMA, maxDepth: limits.maxDepth + 1 };
  return options;
}

/**
 * Walks `document` as JSON.stringify would (every alias expanded), counting each node and the characters
 * of its scalars and keys; stops with a 400 as soon as the depth or the budget is exceeded, so the walk
 * itself is bounded by the budget. Without aliases a document's size is at most about twice its length.
 */
function checkExpansion(document: unknown, textLength: number, limits: EntityYamlLimits): void {
  let budget = 2 * textLength + limits.maxExpansion;
  const visit = (value: unknown, depth: number): void => {
    if (depth > limits.maxDepth) throw tooDeep(limits);
    budget -= 1 + (typeof value === 'string' ? value.length : 0);
    if (budget < 0) throw tooExpanded(limits);
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        budget -= key.length;
        visit(item, depth + 1);
      }
    }
  };
  visit(document, 0);
}

function tooDeep(limits: EntityYamlLimits): HearthError {
  return new HearthError(
    'ENTITY_YAML_REFUSED',
    `The entity YAML in the request is refused: it nests deeper than ${limits.maxDepth} levels (aliases expanded).`,
    { param: 'messages' },
  );
}

function tooExpanded(limits: EntityYamlLimits): HearthError {
  return new HearthError(
    'ENTITY_YAML_REFUSED',
    `The entity YAML in the request is refused: its aliases (*name) expand it to more than twice its length plus ${limits.maxExpansion.toLocaleString('en')} nodes and characters.`,
    { param: 'messages' },
  );
}
