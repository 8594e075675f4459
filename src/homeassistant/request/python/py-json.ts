// Python's `json.dumps` with default options: `", "`/`": "` separators and ASCII-only output (`\u00b0`).

import { floatRepr } from '../../../hassil/index.ts';
import { formatPyInt, PyFloat } from './py-float.ts';

/** A value `json.dumps` can write; integral numbers are ints, {@link PyFloat}s and other numbers floats. */
export type PyJsonValue =
  | string
  | number
  | boolean
  | null
  | PyFloat
  | readonly PyJsonValue[]
  | { readonly [key: string]: PyJsonValue | undefined };

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A JSON string literal as `json.dumps(..., ensure_ascii=True)` writes it (UTF-16 units above 0x7e as `\uXXXX`). */
function pyJsonString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const ch = text.charAt(index);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (unit < 0x20 || unit > 0x7e) out += `\\u${unit.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Python's `float.__repr__` as json writes it (`NaN`, `Infinity` for the non-finite ones). */
function pyJsonFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return floatRepr(value);
}

/** `json.dumps(value)` as Python writes it; `undefined` object members are skipped. */
export function pyJsonDumps(value: PyJsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return pyJsonString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? formatPyInt(value) : pyJsonFloat(value);
  if (value instanceof PyFloat) return pyJsonFloat(value.value);
  if (Array.isArray(value)) return `[${value.map((item: PyJsonValue) => pyJsonDumps(item)).join(', ')}]`;
  const members = Object.entries(value as { readonly [key: string]: PyJsonValue | undefined })
    .filter((entry): entry is [string, PyJsonValue] => entry[1] !== undefined)
    .map(([key, item]) => `${pyJsonString(key)}: ${pyJsonDumps(item)}`);
  return `{${members.join(', ')}}`;
}
