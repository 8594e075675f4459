// Jinja2's attribute and item lookup on Python values, with the str and dict methods response templates call.

import {
  JinjaRuntimeError,
  JinjaUndefined,
  PyFloat,
  defined,
  dictEntries,
  dictLookup,
  isDict,
  isNumber,
  pyStr,
  toNumber,
  typeName,
} from './values.ts';

/** A callable as templates see it: positional arguments only. */
export type PyFunction = (...args: unknown[]) => unknown;

/** `obj.name`: Jinja2 tries the attribute (a method of str or dict), then the item. */
export function getAttribute(object: unknown, name: string): unknown {
  const checked = defined(object);
  if (typeof checked === 'string') return stringMethod(checked, name) ?? new JinjaUndefined(name);
  if (isDict(checked)) {
    const method = dictMethod(checked, name);
    if (method !== undefined) return method;
    const item = dictLookup(checked, name);
    return item.found ? item.value : new JinjaUndefined(name);
  }
  if (
    typeof checked === 'object' &&
    checked !== null &&
    !Array.isArray(checked) &&
    !(checked instanceof PyFloat) &&
    name in checked
  ) {
    const value = (checked as Record<string, unknown>)[name];
    return typeof value === 'function' ? (value as PyFunction).bind(checked) : value;
  }
  return new JinjaUndefined(name);
}

/** `obj[key]`: Jinja2 tries the item, then (for a string key) the attribute. */
export function getItem(object: unknown, key: unknown): unknown {
  const checked = defined(object);
  if ((Array.isArray(checked) || typeof checked === 'string') && isNumber(key)) {
    const index = toNumber(key);
    const at = index < 0 ? checked.length + index : index;
    return at >= 0 && at < checked.length ? checked[at] : new JinjaUndefined(`[${index}]`);
  }
  if (isDict(checked)) {
    const item = dictLookup(checked, key);
    if (item.found) return item.value;
  }
  return typeof key === 'string' ? getAttribute(checked, key) : new JinjaUndefined(`[${pyStr(key)}]`);
}

/** Python slicing `value[start:stop:step]` of a list or string. */
export function sliceValue(value: unknown, start: number | undefined, stop: number | undefined, step = 1): unknown {
  const checked = defined(value);
  if (!Array.isArray(checked) && typeof checked !== 'string')
    throw new JinjaRuntimeError(`${typeName(checked)} cannot be sliced`);
  if (step === 0) throw new JinjaRuntimeError('slice step cannot be zero');
  const items: unknown[] = typeof checked === 'string' ? [...checked] : checked;
  const length = items.length;
  const clamp = (n: number, low: number, high: number) => Math.min(Math.max(n < 0 ? n + length : n, low), high);
  const picked: unknown[] = [];
  if (step > 0) {
    for (let i = clamp(start ?? 0, 0, length); i < clamp(stop ?? length, 0, length); i += step) picked.push(items[i]);
  } else {
    const from = start === undefined ? length - 1 : clamp(start, -1, length - 1);
    const to = stop === undefined ? -1 : clamp(stop, -1, length - 1);
    for (let i = from; i > to; i += step) picked.push(items[i]);
  }
  return typeof checked === 'string' ? picked.join('') : picked;
}

function stringMethod(text: string, name: string): PyFunction | undefined {
  switch (name) {
    case 'lower':
      return () => text.toLowerCase();
    case 'upper':
      return () => text.toUpperCase();
    case 'strip':
      return (chars?: unknown) => stripChars(text, chars, 'both');
    case 'lstrip':
      return (chars?: unknown) => stripChars(text, chars, 'start');
    case 'rstrip':
      return (chars?: unknown) => stripChars(text, chars, 'end');
    case 'capitalize':
      return () => capitalize(text);
    case 'title':
      return () =>
        text
          .toLowerCase()
          .replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
    case 'replace':
      return (old: unknown, replacement: unknown, count?: unknown) =>
        replaceText(text, pyStr(old), pyStr(replacement), count === undefined ? -1 : toNumber(count as number));
    case 'startswith':
      return (prefix: unknown) => text.startsWith(pyStr(prefix));
    case 'endswith':
      return (suffix: unknown) => text.endsWith(pyStr(suffix));
    case 'split':
      return (separator?: unknown) =>
        separator === undefined || separator === null
          ? text
              .trim()
              .split(/\s+/u)
              .filter((part) => part !== '')
          : text.split(pyStr(separator));
    case 'join':
      return (items: unknown) => (defined(items) as unknown[]).map(pyStr).join(text);
    case 'format':
      return (...args: unknown[]) => formatString(text, args);
    default:
      return undefined;
  }
}

function dictMethod(dict: Map<unknown, unknown> | Record<string, unknown>, name: string): PyFunction | undefined {
  switch (name) {
    case 'get':
      return (key: unknown, fallback: unknown = null) => {
        const item = dictLookup(dict, key);
        return item.found ? item.value : fallback;
      };
    case 'items':
      return () => dictEntries(dict).map(([key, value]) => [key, value]);
    case 'keys':
      return () => dictEntries(dict).map(([key]) => key);
    case 'values':
      return () => dictEntries(dict).map(([, value]) => value);
    default:
      return undefined;
  }
}

/** Python's `str.capitalize()`: the first character upper case, the rest lower case. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/** Python's `str.replace(old, new, count)` (an empty `old` inserts between characters, as Python does). */
export function replaceText(text: string, old: string, replacement: string, count = -1): string {
  if (count < 0)
    return old === ''
      ? [...text].map((c) => replacement + c).join('') + replacement
      : text.split(old).join(replacement);
  let result = text;
  let from = 0;
  for (let done = 0; done < count; done++) {
    const at = result.indexOf(old, from);
    if (at < 0) break;
    result = result.slice(0, at) + replacement + result.slice(at + old.length);
    from = at + replacement.length + (old === '' ? 1 : 0);
  }
  return result;
}

function stripChars(text: string, chars: unknown, side: 'both' | 'start' | 'end'): string {
  if (chars === undefined || chars === null)
    return side === 'both' ? text.trim() : side === 'start' ? text.trimStart() : text.trimEnd();
  const set = new Set(pyStr(chars));
  let start = 0;
  let end = text.length;
  if (side !== 'end') while (start < end && set.has(text[start]!)) start++;
  if (side !== 'start') while (end > start && set.has(text[end - 1]!)) end--;
  return text.slice(start, end);
}

const FORMAT_FIELD = /\{\{|\}\}|\{([0-9]*)(?::([^{}]*))?\}/g;
const FORMAT_SPEC = /^(?:(.)?([<>^=]))?([+\- ])?(0)?(\d+)?(?:\.(\d+))?([dfsg%])?$/;

/** Python's `str.format` with positional fields and the common format specs (`{0:02d}`, `{:.1f}`). */
export function formatString(template: string, args: readonly unknown[]): string {
  let next = 0;
  return template.replace(FORMAT_FIELD, (field, index: string | undefined, spec: string | undefined) => {
    if (field === '{{') return '{';
    if (field === '}}') return '}';
    const value = args[index === undefined || index === '' ? next++ : Number(index)];
    if (value === undefined) throw new JinjaRuntimeError(`format field ${field} has no argument`);
    return formatValue(value, spec ?? '');
  });
}

function formatValue(value: unknown, spec: string): string {
  const match = FORMAT_SPEC.exec(spec);
  if (match === null) throw new JinjaRuntimeError(`unsupported format spec '${spec}'`);
  const [, fill, align, sign, zero, width, precision, type] = match;
  let text: string;
  if (
    type === 'd' ||
    type === 'f' ||
    type === '%' ||
    (type === undefined && isNumber(value) && precision !== undefined)
  ) {
    if (!isNumber(value)) throw new JinjaRuntimeError(`format '${spec}' needs a number, not ${typeName(value)}`);
    const n = toNumber(value) * (type === '%' ? 100 : 1);
    if (type === 'd' && !Number.isInteger(n)) throw new JinjaRuntimeError(`format 'd' needs an int`);
    text =
      type === 'd'
        ? String(Math.abs(n))
        : Math.abs(n).toFixed(precision === undefined ? 6 : Number(precision)) + (type === '%' ? '%' : '');
    text = (n < 0 ? '-' : sign === '+' ? '+' : sign === ' ' ? ' ' : '') + text;
  } else {
    text = pyStr(value);
    if (precision !== undefined) text = text.slice(0, Number(precision));
  }
  return pad(
    text,
    Number(width ?? 0),
    zero === undefined ? (fill ?? ' ') : '0',
    align ?? (zero === undefined ? (isNumber(value) ? '>' : '<') : '='),
  );
}

function pad(text: string, width: number, fill: string, align: string): string {
  const missing = width - text.length;
  if (missing <= 0) return text;
  if (align === '<') return text + fill.repeat(missing);
  if (align === '^') return fill.repeat(Math.floor(missing / 2)) + text + fill.repeat(Math.ceil(missing / 2));
  if (align === '=' && /^[+\- ]/.test(text)) return text[0] + fill.repeat(missing) + text.slice(1);
  return fill.repeat(missing) + text;
}
