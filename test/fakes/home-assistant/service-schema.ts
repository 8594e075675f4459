// The schema check a service call's data gets before it runs, derived from the fields its description lists.

import type { ServiceSpec } from './home.ts';

/** The keys that name targets; they sit in the service data (REST body, or the WebSocket's merged `target`). */
export const TARGET_KEYS = ['entity_id', 'device_id', 'area_id', 'floor_id', 'label_id'] as const;

const ENTITY_ID = /^[a-z0-9_]+\.[a-z0-9_]+$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why `data` does not fit the service, in voluptuous' words, or undefined when it fits. Like HA's entity service
 * schemas (`cv.make_entity_service_schema`, `PREVENT_EXTRA`), a key that is neither a target nor a described field is
 * refused, a required field must be there, and each value must suit its field's selector.
 */
export function checkServiceData(spec: ServiceSpec, data: unknown): string | undefined {
  if (!isObject(data)) return 'expected a dictionary';
  const fields = spec.description.fields;
  for (const [key, value] of Object.entries(data)) {
    const isTarget = (TARGET_KEYS as readonly string[]).includes(key);
    const error = isTarget ? checkTarget(key, value) : checkField(fields[key], value);
    if (error !== undefined) return `${error} @ data['${key}']`;
  }
  const missing = Object.keys(fields).find((key) => fields[key]?.required === true && !(key in data));
  return missing === undefined ? undefined : `required key not provided @ data['${missing}']`;
}

/** The entity ids a target key names: a comma-separated text or a list (`cv.comp_entity_ids`). */
export function targetIds(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return items.map((item) => String(item).trim().toLowerCase()).filter((item) => item !== '');
}

function checkTarget(key: string, value: unknown): string | undefined {
  const isTextOrList =
    typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
  if (!isTextOrList) return 'expected a list';
  if (key !== 'entity_id') return undefined;
  const ids = targetIds(value);
  if (ids.length === 1 && (ids[0] === 'all' || ids[0] === 'none')) return undefined;
  const bad = ids.find((id) => !ENTITY_ID.test(id));
  return bad === undefined ? undefined : `Entity ${bad} is neither a valid entity ID nor a valid UUID`;
}

/** One field's value against its selector; a selector the fake does not know accepts anything. */
function checkField(field: Record<string, unknown> | undefined, value: unknown): string | undefined {
  if (field === undefined) return 'extra keys not allowed';
  const selector = isObject(field.selector) ? field.selector : {};
  if (isObject(selector.number)) return checkNumber(selector.number, value);
  if ('boolean' in selector) return typeof value === 'boolean' ? undefined : 'expected boolean';
  if ('text' in selector) return typeof value === 'string' || typeof value === 'number' ? undefined : 'expected str';
  if (isObject(selector.select) && Array.isArray(selector.select.options)) {
    const options = selector.select.options as unknown[];
    return options.includes(value) ? undefined : `value must be one of [${options.map((o) => `'${o}'`).join(', ')}]`;
  }
  if ('color_rgb' in selector) {
    const isRgb =
      Array.isArray(value) && value.length === 3 && value.every((c) => Number.isInteger(c) && c >= 0 && c <= 255);
    return isRgb ? undefined : 'expected a list of three integers from 0 to 255';
  }
  return undefined;
}

/** `vol.All(vol.Coerce(float), vol.Range(min, max))`. */
function checkNumber(number: Record<string, unknown>, value: unknown): string | undefined {
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (Number.isNaN(parsed)) return 'expected float';
  if (typeof number.min === 'number' && parsed < number.min) return `value must be at least ${number.min}`;
  if (typeof number.max === 'number' && parsed > number.max) return `value must be at most ${number.max}`;
  return undefined;
}
