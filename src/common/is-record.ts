// The type guard for a JSON object: an object that is neither null nor an array.

/** True when `value` is an object other than null or an array, e.g. a parsed JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
