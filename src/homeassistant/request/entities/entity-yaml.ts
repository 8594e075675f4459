// Parses the entity YAML Home Assistant writes (Static Context and Live Context) with a real YAML parser.

import { firstIssue } from '../../../common/index.ts';
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

/** Reads HA's dumped entity list, resolving plain scalars as PyYAML (YAML 1.1) wrote them. */
export function parseEntityYaml(text: string): EntityYamlResult {
  let document: unknown;
  try {
    document = text.trim() === '' ? [] : yaml.load(text, { schema: PYYAML_SCHEMA });
  } catch (error) {
    const reason = error instanceof yaml.YAMLException ? error.reason : String(error);
    const line = error instanceof yaml.YAMLException ? ` at line ${error.mark.line + 1}` : '';
    return { ok: false, problem: `the entity YAML does not parse${line}: ${reason}` };
  }
  const parsed = EntityListSchema.safeParse(document ?? []);
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
