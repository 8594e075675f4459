// The arguments of `execute_services` both ways: service calls written in the shape the offered schema wants, and
// read back from a call (ours or a model's) as our own items.

import { isRecord } from '../../common/index.ts';

/** One service call of an `execute_services` list, in our own names. */
export interface ServiceItem {
  readonly domain: string;
  readonly service: string;
  /** The targeted entity ids (a comma-separated `entity_id` split, as the integration splits it). */
  readonly entityIds: readonly string[];
  /** `service_data` without `entity_id`: values (`brightness_pct`), and `area_id`/`device_id` when a model sent them. */
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * `{"list": [{domain, service, service_data: {entity_id, …}}]}`. The integration's default schema types `entity_id`
 * as a string (its executor splits it on commas); some users' schemas as an array: the offered schema decides.
 */
export function writeServiceArguments(
  items: readonly ServiceItem[],
  parameters: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const asArray = entityIdSchemaType(parameters) === 'array';
  return {
    list: items.map((item) => ({
      domain: item.domain,
      service: item.service,
      service_data: { entity_id: asArray ? [...item.entityIds] : item.entityIds.join(', '), ...item.data },
    })),
  };
}

/** The items of `execute_services` arguments, or undefined when they are not in its shape. */
export function readServiceArguments(args: unknown): ServiceItem[] | undefined {
  if (!isRecord(args) || !Array.isArray(args.list)) return undefined;
  const items: ServiceItem[] = [];
  for (const entry of args.list) {
    if (!isRecord(entry) || typeof entry.domain !== 'string' || typeof entry.service !== 'string') return undefined;
    // The executor reads `data` when there is no `service_data`, and a top-level `entity_id` too.
    const raw = entry.service_data ?? entry.data ?? {};
    if (!isRecord(raw)) return undefined;
    const { entity_id: entityId = entry.entity_id, ...data } = raw;
    const entityIds = entityIdsOf(entityId);
    if (entityIds === undefined) return undefined;
    items.push({ domain: entry.domain, service: entry.service, entityIds, data });
  }
  return items;
}

function entityIdsOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string')
    return value
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
  if (Array.isArray(value) && value.every((id) => typeof id === 'string')) return value.map((id) => id.trim());
  return undefined;
}

/** The `type` the schema gives `list.items.service_data.entity_id`, if it gives one. */
function entityIdSchemaType(parameters: Readonly<Record<string, unknown>> | undefined): unknown {
  let node: unknown = parameters;
  for (const key of ['properties', 'list', 'items', 'properties', 'service_data', 'properties', 'entity_id', 'type']) {
    if (!isRecord(node)) return undefined;
    node = node[key];
  }
  return node;
}
