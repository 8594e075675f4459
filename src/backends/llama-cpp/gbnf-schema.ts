// A client's JSON Schema reduced to the subset node-llama-cpp turns into a grammar (its GbnfJsonSchema).

import type { GbnfJsonSchema } from 'node-llama-cpp';
import { isRecord } from '../../common/index.ts';

/** Deeper schemas (or `$ref` cycles, which are not followed) become "any value" below this depth. */
const MAX_DEPTH = 16;

/** Any JSON value: node-llama-cpp has no "any" schema, so it is spelled out. */
export const ANY_JSON: GbnfJsonSchema = {
  oneOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'array' },
    { type: 'object', additionalProperties: true },
  ],
};

const STRING_FORMATS = new Set(['date-time', 'time', 'date']);
const SIMPLE_TYPES = new Set(['number', 'integer', 'boolean', 'null']);

/**
 * A grammar schema that admits every value `schema` admits, and usually little else. What the grammar
 * cannot express is widened rather than dropped, because the caller validates the result against the
 * full schema anyway:
 * - node-llama-cpp makes every listed property required, so only `required` properties are listed;
 *   optional ones are admitted as extra keys (free names, values of any optional property's schema),
 *   up to the total number of properties.
 * - `$ref`, `allOf`, `not`, `if`, `pattern` and numeric ranges are not enforced.
 */
export function toGbnfSchema(schema: unknown, depth = 0): GbnfJsonSchema {
  if (depth > MAX_DEPTH || !isRecord(schema)) return ANY_JSON;
  const node = schema;
  if (isLiteral(node.const)) return { const: node.const };
  if (Array.isArray(node.enum)) {
    const values = node.enum.filter(isLiteral);
    return values.length > 0 ? { enum: values } : ANY_JSON;
  }
  const alternatives = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (alternatives !== undefined && alternatives.length > 0)
    return oneOf(alternatives.map((item) => toGbnfSchema(item, depth + 1)));
  if (Array.isArray(node.allOf) && node.allOf.length === 1) return toGbnfSchema(node.allOf[0], depth + 1);
  if (Array.isArray(node.type)) return oneOf(node.type.map((type) => toGbnfSchema({ ...node, type }, depth + 1)));
  const type = typeof node.type === 'string' ? node.type : inferType(node);
  if (type === 'object') return objectSchema(node, depth);
  if (type === 'array') return arraySchema(node, depth);
  if (type === 'string') return stringSchema(node);
  if (type !== undefined && SIMPLE_TYPES.has(type)) return { type: type as 'number' | 'integer' | 'boolean' | 'null' };
  return ANY_JSON;
}

function objectSchema(node: Record<string, unknown>, depth: number): GbnfJsonSchema {
  const properties = isRecord(node.properties) ? node.properties : undefined;
  if (properties === undefined) {
    const extra = node.additionalProperties;
    if (extra === false) return { type: 'object' };
    return { type: 'object', additionalProperties: isRecord(extra) ? toGbnfSchema(extra, depth + 1) : ANY_JSON };
  }
  const required = new Set(Array.isArray(node.required) ? node.required.filter((key) => typeof key === 'string') : []);
  const listed: Record<string, GbnfJsonSchema> = {};
  const optional: GbnfJsonSchema[] = [];
  for (const [key, value] of Object.entries(properties)) {
    const reduced = toGbnfSchema(value, depth + 1);
    if (required.has(key)) listed[key] = reduced;
    else optional.push(reduced);
  }
  if (optional.length === 0) return { type: 'object', properties: listed };
  return {
    type: 'object',
    properties: listed,
    additionalProperties: oneOf(optional),
    maxProperties: Object.keys(properties).length,
  };
}

function arraySchema(node: Record<string, unknown>, depth: number): GbnfJsonSchema {
  return {
    type: 'array',
    items: node.items === undefined ? ANY_JSON : toGbnfSchema(node.items, depth + 1),
    ...(isCount(node.minItems) ? { minItems: node.minItems } : {}),
    ...(isCount(node.maxItems) ? { maxItems: node.maxItems } : {}),
  };
}

function stringSchema(node: Record<string, unknown>): GbnfJsonSchema {
  if (typeof node.format === 'string' && STRING_FORMATS.has(node.format)) {
    return { type: 'string', format: node.format as 'date-time' | 'time' | 'date' };
  }
  return {
    type: 'string',
    ...(isCount(node.minLength) ? { minLength: node.minLength } : {}),
    ...(isCount(node.maxLength) ? { maxLength: node.maxLength } : {}),
  };
}

/** The alternatives without duplicates; a single one stands alone. */
function oneOf(schemas: GbnfJsonSchema[]): GbnfJsonSchema {
  const unique = new Map(schemas.map((schema) => [JSON.stringify(schema), schema]));
  const values = [...unique.values()];
  return values.length === 1 ? values[0]! : { oneOf: values };
}

function inferType(node: Record<string, unknown>): string | undefined {
  if (isRecord(node.properties) || node.additionalProperties !== undefined) return 'object';
  if (node.items !== undefined) return 'array';
  return undefined;
}

function isLiteral(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
