// Python values as the template evaluator sees them, and how Python writes them: str(), repr() and json.dumps().

/** A dict (insertion-ordered, string keys). */
export type PyDict = Map<string, PyValue>;

/** A value inside the template evaluator. */
export type PyValue = string | number | boolean | null | PyValue[] | PyDict | Namespace | Undefined | PyFunction;

/** Jinja's `namespace(...)`: the one object whose attributes a template may assign. */
export class Namespace {
  readonly attrs: PyDict;
  constructor(attrs: PyDict) {
    this.attrs = attrs;
  }
}

/** Jinja's Undefined: renders as empty text, raises `UndefinedError` with its message when used. */
export class Undefined {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

/** A callable global or filter. */
export class PyFunction {
  readonly name: string;
  readonly call: (args: PyValue[], kwargs: PyDict) => PyValue;
  constructor(name: string, call: (args: PyValue[], kwargs: PyDict) => PyValue) {
    this.name = name;
    this.call = call;
  }
}

/** A Python exception raised while rendering; HA reports it as `<pyClass>: <message>`. */
export class PyError extends Error {
  readonly pyClass: string;
  constructor(pyClass: string, message: string) {
    super(message);
    this.pyClass = pyClass;
  }
}

/** Python's type name of a value, as its error messages spell it. */
export function typeName(value: PyValue): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'dict';
  if (value instanceof Namespace) return 'Namespace';
  if (value instanceof Undefined) return 'Undefined';
  return 'function';
}

/** `str(value)` as Jinja prints it: text as is, Undefined as nothing, everything else as its repr. */
export function pyStr(value: PyValue): string {
  if (typeof value === 'string') return value;
  if (value instanceof Undefined) return '';
  return pyRepr(value);
}

/** `repr(value)`: `['a', 'b']`, `{'id': None}`, `True`. */
export function pyRepr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pyNumber(value);
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (value instanceof Map) return `{${[...value].map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`).join(', ')}}`;
  if (value instanceof Namespace) return `<Namespace ${pyRepr(value.attrs)}>`;
  if (value instanceof Undefined) return '';
  return `<function ${value.name}>`;
}

function pyNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  return String(value);
}

function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out + quote;
}

/** How `jsonDumps` writes: Jinja's `tojson` sorts keys and escapes non-ASCII; HA's `to_json` does neither. */
export interface JsonStyle {
  sortKeys: boolean;
  ensureAscii: boolean;
  /** `(",", ":")` separators instead of json.dumps' `(", ", ": ")`. */
  compact: boolean;
}

/** `json.dumps(value)` in the given style; a value JSON cannot hold raises Python's TypeError. */
export function jsonDumps(value: PyValue, style: JsonStyle): string {
  const [itemSep, keySep] = style.compact ? [',', ':'] : [', ', ': '];
  const dump = (item: PyValue): string => {
    if (item === null) return 'null';
    if (typeof item === 'boolean') return item ? 'true' : 'false';
    if (typeof item === 'number') return Number.isFinite(item) ? String(item) : item > 0 ? 'Infinity' : 'NaN';
    if (typeof item === 'string') return jsonString(item, style.ensureAscii);
    if (Array.isArray(item)) return `[${item.map(dump).join(itemSep)}]`;
    if (item instanceof Map) {
      const keys = style.sortKeys ? [...item.keys()].sort() : [...item.keys()];
      const entries = keys.map((key) => `${jsonString(key, style.ensureAscii)}${keySep}${dump(item.get(key) ?? null)}`);
      return `{${entries.join(itemSep)}}`;
    }
    throw new PyError('TypeError', `Object of type ${typeName(item)} is not JSON serializable`);
  };
  return dump(value);
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

function jsonString(text: string, ensureAscii: boolean): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const code = text.charCodeAt(i);
    const short = SHORT_ESCAPES[char];
    if (short !== undefined) out += short;
    else if (code < 0x20 || (ensureAscii && code > 0x7e)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/** Jinja's `htmlsafe_json_dumps` post-processing, applied by `tojson`. */
export function htmlSafe(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/'/g, '\\u0027');
}

/** A JSON value (from a request body) as a template value: objects become dicts. */
export function fromJson(value: unknown): PyValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (Array.isArray(value)) return value.map(fromJson);
  if (typeof value === 'object') return new Map(Object.entries(value).map(([k, v]) => [k, fromJson(v)]));
  return null;
}
