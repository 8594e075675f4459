// Voluptuous-like checks of WebSocket messages, with the `humanize_error` text HA sends back (ha-apis.md §3.2).

import { fromJson, pyRepr } from './python-values.ts';

/** Checks one field: voluptuous' message for a bad value, or undefined when it is fine. */
export type FieldCheck = (value: unknown) => string | undefined;

/** The fields a message may carry besides `id` and `type`. */
export interface MessageSchema {
  required?: Record<string, FieldCheck>;
  optional?: Record<string, FieldCheck>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `str`. */
export const isString: FieldCheck = (value) => (typeof value === 'string' ? undefined : 'expected str');
/** `bool`. */
export const isBoolean: FieldCheck = (value) => (typeof value === 'boolean' ? undefined : 'expected bool');
/** `dict`. */
export const isDict: FieldCheck = (value) => (isObject(value) ? undefined : 'expected dict');
/** `vol.Coerce(float)`. */
export const isFloat: FieldCheck = (value) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
    ? undefined
    : 'expected float';
/** `cv.positive_int`. */
export const isPositiveInt: FieldCheck = (value) => {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return 'expected int';
  return number < 0 ? 'value must be at least 0' : undefined;
};
/** `{str: int}`. */
export const isFeatureMap: FieldCheck = (value) => {
  if (!isObject(value)) return 'expected dict';
  return Object.values(value).every((item) => Number.isInteger(item)) ? undefined : 'expected int';
};

/** One line of `humanize_error`: the error, where, and the offending value's repr. */
function humanize(error: string, key: string, value: unknown): string {
  return `${error} @ data['${key}']. Got ${pyRepr(fromJson(value ?? null))}`;
}

/** Validates a message (its `id` and `type` are checked elsewhere); the humanized errors, or undefined. */
export function validateMessage(message: Record<string, unknown>, schema: MessageSchema): string | undefined {
  const errors: string[] = [];
  for (const key of Object.keys(schema.required ?? {}))
    if (!(key in message)) errors.push(humanize('required key not provided', key, undefined));
  for (const [key, value] of Object.entries(message)) {
    if (key === 'id' || key === 'type') continue;
    const check = schema.required?.[key] ?? schema.optional?.[key];
    if (check === undefined) {
      errors.push(humanize('extra keys not allowed', key, value));
      continue;
    }
    const error = check(value);
    if (error !== undefined) errors.push(humanize(`${error} for dictionary value`, key, value));
  }
  return errors.length === 0 ? undefined : errors.sort().join('\n');
}

/** `AUTH_MESSAGE_SCHEMA` (`type: auth`, an access_token or api_password): the humanized error, or undefined. */
export function validateAuthMessage(message: unknown): string | undefined {
  if (!isObject(message)) return `expected a dictionary. Got ${pyRepr(fromJson(message))}`;
  if (!('type' in message)) return humanize('required key not provided', 'type', undefined);
  if (message.type !== 'auth') return humanize('not a valid value for dictionary value', 'type', message.type);
  if ('access_token' in message && 'api_password' in message)
    return "two or more values in the same group of exclusion 'auth' @ data[<auth>]";
  return validateMessage(message, { optional: { access_token: isString, api_password: isString } });
}
