// Python values as Jinja2 sees them: str(), truthiness, equality, ordering and lookup, for response templates.
//
// Representation: None is null, a JS number is an int when integral and a float otherwise, an integral
// float is a PyFloat (so 22.0 prints "22.0"), a dict is a Map or a plain object, a list is an array, and
// any class instance is an object whose properties are its attributes. A missing value is a JinjaUndefined,
// which behaves like Jinja2's StrictUndefined: using it for anything but `is defined` or `default` fails.

import { floatRepr } from '../python/float-repr.ts';
import { PyFloat } from '../python/py-float.ts';

export { PyFloat };

/** A missing variable, attribute or key (Jinja2's StrictUndefined). */
export class JinjaUndefined {
  constructor(readonly hint: string) {}
}

/** Thrown when a template does something Python or Jinja2 would reject; the renderer adds the template. */
export class JinjaRuntimeError extends Error {}

/** A Python float of value `n`: a PyFloat when integral, else the number itself. */
export function makeFloat(n: number): number | PyFloat {
  return Number.isInteger(n) ? new PyFloat(n) : n;
}

/** True for Python ints, floats and bools (numbers.Number). */
export function isNumber(value: unknown): value is number | boolean | PyFloat {
  return typeof value === 'number' || typeof value === 'boolean' || value instanceof PyFloat;
}

/** True for Python floats. */
export function isFloat(value: unknown): boolean {
  return value instanceof PyFloat || (typeof value === 'number' && !Number.isInteger(value));
}

/** The numeric value of a Python number. */
export function toNumber(value: number | boolean | PyFloat): number {
  if (value instanceof PyFloat) return value.value;
  return typeof value === 'boolean' ? Number(value) : value;
}

/** True for dicts: Maps and plain objects. */
export function isDict(value: unknown): value is Map<unknown, unknown> | Record<string, unknown> {
  if (value instanceof Map) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A dict key as stored: numbers, bools and PyFloats by numeric value. */
export function dictKey(key: unknown): unknown {
  return isNumber(key) ? toNumber(key) : key;
}

/** The entries of a dict, in insertion order. */
export function dictEntries(dict: Map<unknown, unknown> | Record<string, unknown>): [unknown, unknown][] {
  return dict instanceof Map ? [...dict.entries()] : Object.entries(dict);
}

/** `dict[key]`, or `undefined` when the key is missing. */
export function dictLookup(
  dict: Map<unknown, unknown> | Record<string, unknown>,
  key: unknown,
): { found: boolean; value?: unknown } {
  if (dict instanceof Map) {
    const normalized = dictKey(key);
    return dict.has(normalized) ? { found: true, value: dict.get(normalized) } : { found: false };
  }
  if (typeof key === 'string' && Object.hasOwn(dict, key)) return { found: true, value: dict[key] };
  return { found: false };
}

/** Fails on a StrictUndefined; otherwise returns the value. */
export function defined<T>(value: T): Exclude<T, JinjaUndefined> {
  if (value instanceof JinjaUndefined) throw new JinjaRuntimeError(`'${value.hint}' is undefined`);
  return value as Exclude<T, JinjaUndefined>;
}

/** Python's `str(value)`. */
export function pyStr(value: unknown): string {
  const checked = defined(value);
  if (typeof checked === 'string') return checked;
  if (typeof checked === 'number') return Number.isInteger(checked) ? String(checked) : floatRepr(checked);
  return pyRepr(checked);
}

/** Python's `repr(value)`. */
export function pyRepr(value: unknown): string {
  const checked = defined(value);
  if (checked === null || checked === undefined) return 'None';
  if (typeof checked === 'boolean') return checked ? 'True' : 'False';
  if (typeof checked === 'number') return Number.isInteger(checked) ? String(checked) : floatRepr(checked);
  if (typeof checked === 'string') return stringRepr(checked);
  if (Array.isArray(checked)) return `[${checked.map(pyRepr).join(', ')}]`;
  if (isDict(checked))
    return `{${dictEntries(checked)
      .map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`)
      .join(', ')}}`;
  return String(checked);
}

function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
}

/** Python truthiness; an undefined value fails. */
export function truthy(value: unknown): boolean {
  const checked = defined(value);
  if (checked === null || checked === undefined) return false;
  if (typeof checked === 'boolean') return checked;
  if (typeof checked === 'number') return checked !== 0;
  if (checked instanceof PyFloat) return checked.value !== 0;
  if (typeof checked === 'string' || Array.isArray(checked)) return checked.length > 0;
  if (isDict(checked)) return dictEntries(checked).length > 0;
  return true;
}

/** Python's `a == b`. */
export function pyEquals(a: unknown, b: unknown): boolean {
  defined(a);
  defined(b);
  if (isNumber(a) && isNumber(b)) return toNumber(a) === toNumber(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => pyEquals(item, b[i]));
  if (isDict(a) && isDict(b)) {
    const entries = dictEntries(a);
    return (
      entries.length === dictEntries(b).length &&
      entries.every(([k, v]) => {
        const other = dictLookup(b, k);
        return other.found && pyEquals(v, other.value);
      })
    );
  }
  return a === b;
}

/** Python's ordering (`<` is `pyCompare(a, b) < 0`) for numbers, strings and lists; other pairs fail. */
export function pyCompare(a: unknown, b: unknown): number {
  defined(a);
  defined(b);
  if (isNumber(a) && isNumber(b)) return Math.sign(toNumber(a) - toNumber(b));
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const order = pyCompare(a[i], b[i]);
      if (order !== 0) return order;
    }
    return Math.sign(a.length - b.length);
  }
  throw new JinjaRuntimeError(`cannot order ${typeName(a)} and ${typeName(b)}`);
}

/** Python's `item in container` for strings, lists and dicts. */
export function pyContains(container: unknown, item: unknown): boolean {
  defined(item);
  const checked = defined(container);
  if (typeof checked === 'string') {
    if (typeof item !== 'string') throw new JinjaRuntimeError(`'in <string>' requires a string, not ${typeName(item)}`);
    return checked.includes(item);
  }
  if (Array.isArray(checked)) return checked.some((element) => pyEquals(element, item));
  if (isDict(checked)) return dictLookup(checked, item).found;
  throw new JinjaRuntimeError(`${typeName(checked)} is not a container`);
}

/** Python's `len(value)`. */
export function pyLength(value: unknown): number {
  const checked = defined(value);
  if (typeof checked === 'string' || Array.isArray(checked)) return checked.length;
  if (isDict(checked)) return dictEntries(checked).length;
  throw new JinjaRuntimeError(`${typeName(checked)} has no length`);
}

/** The items of an iterable as Python iterates them: characters, elements, dict keys. */
export function pyIterate(value: unknown): unknown[] {
  const checked = defined(value);
  if (typeof checked === 'string') return [...checked];
  if (Array.isArray(checked)) return checked;
  if (isDict(checked)) return dictEntries(checked).map(([key]) => key);
  throw new JinjaRuntimeError(`${typeName(checked)} is not iterable`);
}

/** A short Python-like type name for error messages. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (value instanceof JinjaUndefined) return 'Undefined';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (isDict(value)) return 'dict';
  if (typeof value === 'function') return 'function';
  return (value as object).constructor?.name ?? 'object';
}
