// Jinja2's built-in filters and tests with Python semantics, as far as response templates use them.

import { capitalize, getItem, replaceText } from './lookup.ts';
import {
  JinjaRuntimeError,
  JinjaUndefined,
  PyFloat,
  defined,
  isDict,
  isFloat,
  isNumber,
  makeFloat,
  pyCompare,
  pyContains,
  pyEquals,
  pyIterate,
  pyLength,
  pyStr,
  toNumber,
  truthy,
  typeName,
} from './values.ts';

/** Keyword arguments of a filter call. */
export type Kwargs = ReadonlyMap<string, unknown>;

/** A filter: the value, its positional and keyword arguments. */
export type Filter = (value: unknown, args: readonly unknown[], kwargs: Kwargs) => unknown;

/** A test (`x is name`, or the test argument of `select`): the value and extra arguments. */
export type Test = (value: unknown, ...args: unknown[]) => boolean;

const arg = (args: readonly unknown[], kwargs: Kwargs, index: number, name: string, fallback: unknown): unknown =>
  args[index] ?? (kwargs.has(name) ? kwargs.get(name) : fallback);

/** Jinja2's tests by name. */
export const TESTS: ReadonlyMap<string, Test> = new Map<string, Test>([
  ['defined', (value) => !(value instanceof JinjaUndefined)],
  ['undefined', (value) => value instanceof JinjaUndefined],
  ['none', (value) => value === null],
  ['boolean', (value) => typeof value === 'boolean'],
  ['true', (value) => value === true],
  ['false', (value) => value === false],
  ['number', (value) => isNumber(value)],
  ['integer', (value) => typeof value === 'number' && Number.isInteger(value)],
  ['float', (value) => isFloat(value)],
  ['string', (value) => typeof value === 'string'],
  ['mapping', (value) => isDict(value)],
  ['sequence', (value) => typeof value === 'string' || Array.isArray(value) || isDict(value)],
  ['iterable', (value) => typeof value === 'string' || Array.isArray(value) || isDict(value)],
  ['callable', (value) => typeof value === 'function'],
  ['lower', (value) => pyStr(value) === pyStr(value).toLowerCase()],
  ['upper', (value) => pyStr(value) === pyStr(value).toUpperCase()],
  ['odd', (value) => toNumber(numeric(value)) % 2 !== 0],
  ['even', (value) => toNumber(numeric(value)) % 2 === 0],
  ['divisibleby', (value, n) => toNumber(numeric(value)) % toNumber(numeric(n)) === 0],
  ['in', (value, container) => pyContains(container, value)],
  ['eq', (a, b) => pyEquals(a, b)],
  ['equalto', (a, b) => pyEquals(a, b)],
  ['==', (a, b) => pyEquals(a, b)],
  ['ne', (a, b) => !pyEquals(a, b)],
  ['!=', (a, b) => !pyEquals(a, b)],
  ['lt', (a, b) => pyCompare(a, b) < 0],
  ['<', (a, b) => pyCompare(a, b) < 0],
  ['lessthan', (a, b) => pyCompare(a, b) < 0],
  ['le', (a, b) => pyCompare(a, b) <= 0],
  ['<=', (a, b) => pyCompare(a, b) <= 0],
  ['gt', (a, b) => pyCompare(a, b) > 0],
  ['>', (a, b) => pyCompare(a, b) > 0],
  ['greaterthan', (a, b) => pyCompare(a, b) > 0],
  ['ge', (a, b) => pyCompare(a, b) >= 0],
  ['>=', (a, b) => pyCompare(a, b) >= 0],
  ['sameas', (a, b) => a === b],
]);

function numeric(value: unknown): number | boolean | PyFloat {
  const checked = defined(value);
  if (!isNumber(checked)) throw new JinjaRuntimeError(`expected a number, got ${typeName(checked)}`);
  return checked;
}

function testNamed(name: unknown): Test {
  const test = TESTS.get(pyStr(name));
  if (test === undefined) throw new JinjaRuntimeError(`no test named '${pyStr(name)}'`);
  return test;
}

/** The item selector of `select`/`reject`: a test name plus arguments, or truthiness. */
function selector(args: readonly unknown[]): (value: unknown) => boolean {
  if (args.length === 0) return truthy;
  const test = testNamed(args[0]);
  return (value) => test(value, ...args.slice(1));
}

/** `make_attrgetter`: a dotted attribute path, looked up item-first as Jinja2 does. */
function attributeGetter(path: unknown): (value: unknown) => unknown {
  const parts = pyStr(path)
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return (value) => parts.reduce<unknown>((current, part) => getItem(current, part), value);
}

function sortKey(value: unknown, caseSensitive: boolean): unknown {
  return !caseSensitive && typeof value === 'string' ? value.toLowerCase() : value;
}

/** Python's `float(value)` for strings: surrounding whitespace, `_` between digits, inf and nan. */
function parseFloatText(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^[+-]?(inf|infinity|nan)$/i.test(trimmed))
    return Number(trimmed.replace(/inf(inity)?/i, 'Infinity').replace(/nan/i, 'NaN'));
  if (!/^[+-]?(\d(_?\d)*)?(\.(\d(_?\d)*)?)?([eE][+-]?\d(_?\d)*)?$/.test(trimmed) || !/\d/.test(trimmed))
    return undefined;
  return Number(trimmed.replaceAll('_', ''));
}

function toFloat(value: unknown, fallback: unknown): unknown {
  if (isNumber(value)) return makeFloat(toNumber(value));
  if (typeof value === 'string') {
    const parsed = parseFloatText(value);
    return parsed === undefined ? fallback : makeFloat(parsed);
  }
  return fallback;
}

function toInt(value: unknown, fallback: unknown): unknown {
  if (isNumber(value)) return Math.trunc(toNumber(value));
  if (typeof value === 'string') {
    if (/^\s*[+-]?\d(_?\d)*\s*$/.test(value)) return Number(value.trim().replaceAll('_', ''));
    const parsed = parseFloatText(value);
    return parsed === undefined || !Number.isFinite(parsed) ? fallback : Math.trunc(parsed);
  }
  return fallback;
}

/** Python's `round(x, digits)`: correctly rounded, ties to even (only exact binary ties are ties). */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x) || digits < 0 || digits > 40) return x;
  const fixed = Number(x.toFixed(digits));
  const exact = x.toFixed(Math.min(100, digits + 60));
  const dot = exact.indexOf('.');
  if (!/^50*$/.test(exact.slice(dot + 1 + digits))) return fixed;
  // An exact tie: toFixed rounds it away from zero, Python to the even neighbour.
  const lastDigit = Number(exact.charAt(digits === 0 ? dot - 1 : dot + digits));
  return lastDigit % 2 === 0 ? Number(exact.slice(0, dot + 1 + digits)) : fixed;
}

function roundFilter(value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown {
  const digits = toNumber(numeric(arg(args, kwargs, 0, 'precision', 0)));
  const method = pyStr(arg(args, kwargs, 1, 'method', 'common'));
  const n = toNumber(numeric(value));
  if (method === 'common') {
    const rounded = pyRound(n, digits);
    return isFloat(value) ? makeFloat(rounded) : rounded;
  }
  const factor = 10 ** digits;
  return makeFloat((method === 'ceil' ? Math.ceil(n * factor) : Math.floor(n * factor)) / factor);
}

function sortFilter(value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown[] {
  const reverse = truthy(arg(args, kwargs, 0, 'reverse', false));
  const caseSensitive = truthy(arg(args, kwargs, 1, 'case_sensitive', false));
  const attribute = arg(args, kwargs, 2, 'attribute', null);
  const key = attribute === null ? (item: unknown) => item : attributeGetter(attribute);
  const sorted = [...pyIterate(value)].sort((a, b) =>
    pyCompare(sortKey(key(a), caseSensitive), sortKey(key(b), caseSensitive)),
  );
  return reverse ? sorted.reverse() : sorted;
}

function mapFilter(value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown[] {
  const items = pyIterate(value);
  if (kwargs.has('attribute')) {
    const get = attributeGetter(kwargs.get('attribute'));
    return items.map((item) => {
      const mapped = get(item);
      return mapped instanceof JinjaUndefined && kwargs.has('default') ? kwargs.get('default') : mapped;
    });
  }
  const filter = FILTERS.get(pyStr(args[0]));
  if (filter === undefined) throw new JinjaRuntimeError(`no filter named '${pyStr(args[0])}'`);
  return items.map((item) => filter(item, args.slice(1), new Map()));
}

function joinFilter(value: unknown, args: readonly unknown[], kwargs: Kwargs): string {
  const attribute = arg(args, kwargs, 1, 'attribute', null);
  const items = attribute === null ? pyIterate(value) : pyIterate(value).map(attributeGetter(attribute));
  return items.map(pyStr).join(pyStr(arg(args, kwargs, 0, 'd', '')));
}

function attrSelect(keep: boolean): Filter {
  return (value, args) => {
    const get = attributeGetter(args[0]);
    const test = selector(args.slice(1));
    return pyIterate(value).filter((item) => test(get(item)) === keep);
  };
}

function sum(value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown {
  const attribute = arg(args, kwargs, 0, 'attribute', null);
  const items = attribute === null ? pyIterate(value) : pyIterate(value).map(attributeGetter(attribute));
  const start = arg(args, kwargs, 1, 'start', 0);
  const total = items.reduce<number>((acc, item) => acc + toNumber(numeric(item)), toNumber(numeric(start)));
  return [start, ...items].some(isFloat) ? makeFloat(total) : total;
}

function defaultFilter(value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown {
  const isMissing =
    value instanceof JinjaUndefined || (truthy(arg(args, kwargs, 1, 'boolean', false)) && !truthy(value));
  return isMissing ? arg(args, kwargs, 0, 'default_value', '') : value;
}

/** Jinja2's filters by name. */
export const FILTERS: ReadonlyMap<string, Filter> = new Map<string, Filter>([
  [
    'abs',
    (value) => (isFloat(value) ? makeFloat(Math.abs(toNumber(numeric(value)))) : Math.abs(toNumber(numeric(value)))),
  ],
  ['capitalize', (value) => capitalize(pyStr(value))],
  ['count', (value) => pyLength(value)],
  ['length', (value) => pyLength(value)],
  ['default', defaultFilter],
  ['d', defaultFilter],
  ['first', (value) => pyIterate(value)[0] ?? new JinjaUndefined('first')],
  ['last', (value) => pyIterate(value).at(-1) ?? new JinjaUndefined('last')],
  ['float', (value, args, kwargs) => toFloat(defined(value), arg(args, kwargs, 0, 'default', new PyFloat(0)))],
  ['int', (value, args, kwargs) => toInt(defined(value), arg(args, kwargs, 0, 'default', 0))],
  ['join', joinFilter],
  ['list', (value) => [...pyIterate(value)]],
  ['lower', (value) => pyStr(value).toLowerCase()],
  ['upper', (value) => pyStr(value).toUpperCase()],
  ['map', mapFilter],
  ['max', (value) => [...pyIterate(value)].sort(pyCompare).at(-1) ?? new JinjaUndefined('max')],
  ['min', (value) => [...pyIterate(value)].sort(pyCompare)[0] ?? new JinjaUndefined('min')],
  ['reject', (value, args) => pyIterate(value).filter((item) => !selector(args)(item))],
  ['rejectattr', attrSelect(false)],
  [
    'replace',
    (value, args, kwargs) =>
      replaceText(pyStr(value), pyStr(args[0]), pyStr(args[1]), toNumber(numeric(arg(args, kwargs, 2, 'count', -1)))),
  ],
  ['reverse', (value) => (typeof value === 'string' ? [...value].reverse().join('') : [...pyIterate(value)].reverse())],
  ['round', roundFilter],
  ['select', (value, args) => pyIterate(value).filter(selector(args))],
  ['selectattr', attrSelect(true)],
  ['sort', sortFilter],
  ['string', (value) => pyStr(value)],
  ['sum', sum],
  ['trim', (value) => pyStr(value).trim()],
  [
    'unique',
    (value) =>
      pyIterate(value).filter(
        (item, i, all) => all.findIndex((other) => pyEquals(sortKey(other, false), sortKey(item, false))) === i,
      ),
  ],
  [
    'title',
    (value) =>
      pyStr(value)
        .toLowerCase()
        .replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()),
  ],
]);
