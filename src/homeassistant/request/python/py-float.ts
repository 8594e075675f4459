// Python floats in Home Assistant's formats: hassil's one `PyFloat` marker (and its `repr(float)`), the wrapper and the
// test, and Python's `str(int)`.

import { PyFloat } from '../../../hassil/index.ts';

export { PyFloat };

/** Wraps `value` as a Python float, so YAML and JSON print `21.0` rather than `21`. */
export function pyFloat(value: number): PyFloat {
  return new PyFloat(value);
}

/** True when `value` is Python-typed as a float: a {@link PyFloat} or a non-integral JS number. */
export function isPyFloat(value: unknown): value is PyFloat | number {
  return value instanceof PyFloat || (typeof value === 'number' && !Number.isInteger(value));
}

/** Python's `str()` of an int held in a JS number (integral); large values print all their digits. */
export function formatPyInt(value: number): string {
  return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
}
