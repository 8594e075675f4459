// Renders a template of the fake's subset against the home, with HA's result rules and error text (not Jinja).

import { createTemplateGlobals, type TemplateHome } from './template-functions.ts';
import { parseTemplate, type Expr, type TemplateNode } from './template-syntax.ts';
import {
  fromJson,
  htmlSafe,
  jsonDumps,
  Namespace,
  PyError,
  PyFunction,
  type PyDict,
  pyRepr,
  pyStr,
  type PyValue,
  typeName,
  Undefined,
} from './python-values.ts';

/** The outcome of a render: the text, or HA's error text `<ExcClass>: <message>`. */
export type TemplateOutcome = { ok: true; text: string } | { ok: false; error: string };

/** What a template is rendered against. */
export interface TemplateEnvironment extends TemplateHome {
  /** `variables` of the request, available as names. */
  variables?: Record<string, unknown>;
}

// HA's `is_template_string`: text without any of these is static and returned as written.
const TEMPLATE_MARKERS = ['{%', '{{', '{#'];

/**
 * Renders a template like `Template.async_render(parse_result=False)`: the text stripped of surrounding white
 * space, or the error. A static template (no tag) comes back unchanged.
 */
export function renderTemplate(source: string, environment: TemplateEnvironment): TemplateOutcome {
  if (!TEMPLATE_MARKERS.some((marker) => source.includes(marker))) return { ok: true, text: source };
  try {
    const globals = createTemplateGlobals(environment);
    const parsed = parseTemplate(source);
    for (const name of parsed.filters) {
      if (!FILTERS[name] && !globals.has(name))
        throw new PyError('TemplateAssertionError', `No filter named '${name}'.`);
    }
    const scope = new Scope(undefined, globals);
    for (const [name, value] of Object.entries(environment.variables ?? {})) scope.set(name, fromJson(value));
    return { ok: true, text: renderNodes(parsed.nodes, scope).trim() };
  } catch (error) {
    if (error instanceof PyError) return { ok: false, error: `${error.pyClass}: ${error.message}` };
    throw error;
  }
}

/** Template-local names; a `for` body gets its own scope, as in Jinja. */
class Scope {
  private readonly names = new Map<string, PyValue>();
  private readonly parent: Scope | undefined;
  private readonly globals: Map<string, PyFunction>;
  constructor(parent: Scope | undefined, globals: Map<string, PyFunction>) {
    this.parent = parent;
    this.globals = globals;
  }
  get(name: string): PyValue {
    return this.names.get(name) ?? this.parent?.get(name) ?? this.globals.get(name) ?? undefinedName(name);
  }
  set(name: string, value: PyValue): void {
    this.names.set(name, value);
  }
  child(): Scope {
    return new Scope(this, this.globals);
  }
  /** A global (HA's template functions double as filters); local names do not shadow filters. */
  global(name: string): PyValue {
    return this.globals.get(name) ?? undefinedName(name);
  }
}

const undefinedName = (name: string): Undefined => new Undefined(`'${name}' is undefined`);

function renderNodes(nodes: TemplateNode[], scope: Scope): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'output') out += pyStr(evaluate(node.expr, scope));
    else if (node.kind === 'set') assign(node, scope);
    else out += renderFor(node, scope);
  }
  return out;
}

function assign(node: Extract<TemplateNode, { kind: 'set' }>, scope: Scope): void {
  const value = evaluate(node.value, scope);
  if (node.attr === undefined) {
    scope.set(node.name, value);
    return;
  }
  const target = scope.get(node.name);
  if (!(target instanceof Namespace))
    throw new PyError('TemplateRuntimeError', 'cannot assign attribute on non-namespace object');
  target.attrs.set(node.attr, value);
}

function renderFor(node: Extract<TemplateNode, { kind: 'for' }>, scope: Scope): string {
  const items = iterate(evaluate(node.iterable, scope));
  if (items.length === 0) return renderNodes(node.otherwise, scope.child());
  let out = '';
  for (const item of items) {
    const inner = scope.child();
    inner.set(node.variable, item);
    out += renderNodes(node.body, inner);
  }
  return out;
}

function iterate(value: PyValue): PyValue[] {
  if (value instanceof Undefined) return [];
  if (Array.isArray(value)) return [...value];
  if (typeof value === 'string') return [...value];
  if (value instanceof Map) return [...value.keys()];
  throw new PyError('TypeError', `'${typeName(value)}' object is not iterable`);
}

function evaluate(expr: Expr, scope: Scope): PyValue {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'name':
      return scope.get(expr.name);
    case 'list':
      return expr.items.map((item) => evaluate(item, scope));
    case 'dict':
      return new Map(expr.entries.map(([key, value]) => [dictKey(evaluate(key, scope)), evaluate(value, scope)]));
    case 'getattr':
      return getAttribute(evaluate(expr.target, scope), expr.attr);
    case 'getitem':
      return getItem(evaluate(expr.target, scope), evaluate(expr.index, scope));
    case 'call':
      return callValue(evaluate(expr.callee, scope), ...evaluateArguments(expr, scope));
    case 'filter':
      return applyFilter(expr, scope);
    case 'binary':
      return binary(expr.op, evaluate(expr.left, scope), evaluate(expr.right, scope));
    case 'negate':
      return negate(evaluate(expr.operand, scope));
  }
}

function evaluateArguments(expr: { args: Expr[]; kwargs: [string, Expr][] }, scope: Scope): [PyValue[], PyDict] {
  const args = expr.args.map((arg) => evaluate(arg, scope));
  return [args, new Map(expr.kwargs.map(([name, value]) => [name, evaluate(value, scope)]))];
}

function dictKey(key: PyValue): string {
  if (typeof key === 'string') return key;
  if (key instanceof Undefined) throw new PyError('UndefinedError', key.message);
  return pyRepr(key);
}

function callValue(callee: PyValue, args: PyValue[], kwargs: PyDict): PyValue {
  if (callee instanceof PyFunction) return callee.call(args, kwargs);
  if (callee instanceof Undefined) throw new PyError('UndefinedError', callee.message);
  throw new PyError('TypeError', `'${typeName(callee)}' object is not callable`);
}

function getAttribute(target: PyValue, attr: string): PyValue {
  if (target instanceof Undefined) throw new PyError('UndefinedError', target.message);
  if (target instanceof Namespace) return target.attrs.get(attr) ?? missingAttribute(target, attr);
  if (target instanceof Map) return target.get(attr) ?? missingAttribute(target, attr);
  return missingAttribute(target, attr);
}

function getItem(target: PyValue, index: PyValue): PyValue {
  if (target instanceof Undefined) throw new PyError('UndefinedError', target.message);
  if (Array.isArray(target) && typeof index === 'number') return target.at(index) ?? missingAttribute(target, index);
  if (target instanceof Map && typeof index === 'string') return target.get(index) ?? missingAttribute(target, index);
  return missingAttribute(target, index);
}

const missingAttribute = (target: PyValue, attr: PyValue): Undefined =>
  new Undefined(`'${typeName(target)} object' has no attribute ${pyRepr(attr)}`);

function binary(op: '+' | '-' | '~', left: PyValue, right: PyValue): PyValue {
  if (op === '~') return pyStr(left) + pyStr(right);
  for (const operand of [left, right])
    if (operand instanceof Undefined) throw new PyError('UndefinedError', operand.message);
  if (op === '+') {
    if (Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
    if (typeof left === 'string' && typeof right === 'string') return left + right;
    if (Array.isArray(left) || typeof left === 'string')
      throw new PyError(
        'TypeError',
        `can only concatenate ${typeName(left)} (not "${typeName(right)}") to ${typeName(left)}`,
      );
  }
  if (isNumber(left) && isNumber(right))
    return op === '+' ? Number(left) + Number(right) : Number(left) - Number(right);
  throw new PyError('TypeError', `unsupported operand type(s) for ${op}: '${typeName(left)}' and '${typeName(right)}'`);
}

const isNumber = (value: PyValue): value is number | boolean => typeof value === 'number' || typeof value === 'boolean';

function negate(value: PyValue): PyValue {
  if (isNumber(value)) return -Number(value);
  if (value instanceof Undefined) throw new PyError('UndefinedError', value.message);
  throw new PyError('TypeError', `bad operand type for unary -: '${typeName(value)}'`);
}

/** The filters besides HA's template functions (which are filters too). */
const FILTERS: Record<string, (value: PyValue, kwargs: PyDict) => PyValue> = {
  // Jinja's built-in: json.dumps(sort_keys=True) made HTML-safe (ha-apis.md §2.3).
  tojson: (value) => htmlSafe(jsonDumps(value, { sortKeys: true, ensureAscii: true, compact: false })),
  // HA's own filter: orjson, compact, keys in insertion order, non-ASCII kept unless ensure_ascii=True.
  to_json: (value, kwargs) =>
    jsonDumps(value, {
      sortKeys: kwargs.get('sort_keys') === true,
      ensureAscii: kwargs.get('ensure_ascii') === true,
      compact: true,
    }),
};

function applyFilter(expr: Extract<Expr, { kind: 'filter' }>, scope: Scope): PyValue {
  const target = evaluate(expr.target, scope);
  const [args, kwargs] = evaluateArguments(expr, scope);
  const builtin = FILTERS[expr.name];
  if (builtin !== undefined) {
    if (target instanceof Undefined && expr.name !== 'tojson') throw new PyError('UndefinedError', target.message);
    return builtin(target, kwargs);
  }
  return callValue(scope.global(expr.name), [target, ...args], kwargs);
}
