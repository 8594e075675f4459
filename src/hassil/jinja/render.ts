// The Jinja2 subset evaluator: @huggingface/jinja parses a template, this file evaluates it with Python semantics.
//
// @huggingface/jinja's own interpreter follows JavaScript, not Python: `"1" == 1` is true, None prints as
// "", `capitalize` keeps the rest of the word, and `count`, `round`, `select` and `str.format` are
// missing, with no API to add filters. So only its tokenizer and parser are used, and the tree is
// evaluated here with Jinja2's rules (StrictUndefined, as the intents repository's tests render).

import { parse, tokenize } from '@huggingface/jinja';
import { HassilError } from '../errors.ts';
import { FILTERS, TESTS, type Kwargs } from './filters.ts';
import { getAttribute, getItem, sliceValue, type PyFunction } from './lookup.ts';
import {
  JinjaRuntimeError,
  JinjaUndefined,
  type PyFloat,
  defined,
  dictKey,
  isFloat,
  isNumber,
  makeFloat,
  pyCompare,
  pyContains,
  pyEquals,
  pyIterate,
  pyStr,
  toNumber,
  truthy,
  typeName,
} from './values.ts';

/** A parsed response template, ready to render many times. */
export interface CompiledTemplate {
  readonly source: string;
  /** Renders with these variables; a failure throws `RESPONSE_TEMPLATE` naming the template. */
  render(variables: Readonly<Record<string, unknown>>): string;
}

// The parse tree of @huggingface/jinja (its node classes are not exported; these are their shapes).
interface Node {
  readonly type: string;
}
interface Token {
  readonly type: string;
  readonly value: string;
}
interface Program extends Node {
  readonly body: Node[];
}

/** Parses a Jinja2 template; a syntax error throws `RESPONSE_TEMPLATE` naming the template. */
export function compileTemplate(source: string): CompiledTemplate {
  let program: Program;
  try {
    program = parse(
      withoutBlockColons(tokenize(source) as Token[]) as Parameters<typeof parse>[0],
    ) as unknown as Program;
  } catch (error) {
    throw new HassilError(
      'RESPONSE_TEMPLATE',
      `response template does not parse: ${(error as Error).message}`,
      { template: source },
      error,
    );
  }
  return {
    source,
    render(variables) {
      try {
        return renderBody(program.body, new Scope(new Map(Object.entries(variables))));
      } catch (error) {
        if (error instanceof HassilError) throw error;
        throw new HassilError(
          'RESPONSE_TEMPLATE',
          `response template failed: ${(error as Error).message}`,
          { template: source },
          error,
        );
      }
    },
  };
}

/** Jinja2 accepts a colon ending a block tag (`{% if x: %}`, `{% else: %}`); the parser here does not. */
function withoutBlockColons(tokens: readonly Token[]): Token[] {
  return tokens.filter((token, i) => !(token.type === 'Colon' && tokens[i + 1]?.type === 'CloseStatement'));
}

class Scope {
  constructor(
    private readonly variables: Map<string, unknown>,
    private readonly parent?: Scope,
  ) {}

  lookup(name: string): unknown {
    if (this.variables.has(name)) return this.variables.get(name);
    return this.parent === undefined ? new JinjaUndefined(name) : this.parent.lookup(name);
  }

  set(name: string, value: unknown): void {
    this.variables.set(name, value);
  }

  child(): Scope {
    return new Scope(new Map(), this);
  }
}

function renderBody(body: readonly Node[], scope: Scope): string {
  let output = '';
  for (const statement of body) output += renderStatement(statement, scope);
  return output;
}

function renderStatement(node: Node, scope: Scope): string {
  switch (node.type) {
    case 'Comment':
      return '';
    case 'If': {
      const { test, body, alternate } = node as unknown as { test: Node; body: Node[]; alternate: Node[] };
      return renderBody(truthy(evaluate(test, scope)) ? body : alternate, scope);
    }
    case 'For':
      return renderFor(node as unknown as ForNode, scope);
    case 'Set':
      renderSet(node as unknown as SetNode, scope);
      return '';
    case 'Macro':
    case 'CallStatement':
    case 'FilterStatement':
    case 'Break':
    case 'Continue':
      throw new JinjaRuntimeError(`'${node.type}' is not supported in response templates`);
    default:
      return pyStr(evaluate(node, scope));
  }
}

interface ForNode {
  loopvar: Node;
  iterable: Node;
  body: Node[];
  defaultBlock: Node[];
}
interface SetNode {
  assignee: Node;
  value: Node | null;
  body: Node[];
}

function renderFor(node: ForNode, scope: Scope): string {
  const items = pyIterate(evaluate(node.iterable, scope));
  if (items.length === 0) return renderBody(node.defaultBlock, scope);
  let output = '';
  items.forEach((item, index) => {
    const inner = scope.child();
    assign(node.loopvar, item, inner);
    inner.set('loop', {
      index: index + 1,
      index0: index,
      revindex: items.length - index,
      revindex0: items.length - index - 1,
      first: index === 0,
      last: index === items.length - 1,
      length: items.length,
      previtem: index > 0 ? items[index - 1] : new JinjaUndefined('loop.previtem'),
      nextitem: index < items.length - 1 ? items[index + 1] : new JinjaUndefined('loop.nextitem'),
    });
    output += renderBody(node.body, inner);
  });
  return output;
}

function renderSet(node: SetNode, scope: Scope): void {
  const value = node.value === null ? renderBody(node.body, scope) : evaluate(node.value, scope);
  assign(node.assignee, value, scope);
}

function assign(target: Node, value: unknown, scope: Scope): void {
  if (target.type === 'Identifier') {
    scope.set((target as unknown as { value: string }).value, value);
    return;
  }
  if (target.type === 'TupleLiteral') {
    const names = (target as unknown as { value: Node[] }).value;
    const items = pyIterate(value);
    if (items.length !== names.length)
      throw new JinjaRuntimeError(`cannot unpack ${items.length} values into ${names.length}`);
    for (const [i, name] of names.entries()) assign(name, items[i], scope);
    return;
  }
  throw new JinjaRuntimeError(`cannot assign to ${target.type}`);
}

// Jinja2's constants are literals: they cannot be shadowed by variables.
const CONSTANTS = new Map<string, unknown>([
  ['true', true],
  ['True', true],
  ['false', false],
  ['False', false],
  ['none', null],
  ['None', null],
]);

function evaluate(node: Node, scope: Scope): unknown {
  const n = node as unknown as Record<string, unknown> & Node;
  switch (node.type) {
    case 'StringLiteral':
      return n.value;
    case 'IntegerLiteral':
      return n.value;
    case 'FloatLiteral':
      return makeFloat(n.value as number);
    case 'ArrayLiteral':
    case 'TupleLiteral':
      return (n.value as Node[]).map((item) => evaluate(item, scope));
    case 'ObjectLiteral':
      return new Map(
        [...(n.value as Map<Node, Node>)].map(([k, v]) => [dictKey(evaluate(k, scope)), evaluate(v, scope)]),
      );
    case 'Identifier':
      return CONSTANTS.has(n.value as string) ? CONSTANTS.get(n.value as string) : scope.lookup(n.value as string);
    case 'MemberExpression':
      return evaluateMember(n as unknown as MemberNode, scope);
    case 'CallExpression':
      return evaluateCall(n as unknown as CallNode, scope);
    case 'BinaryExpression':
      return evaluateBinary(n as unknown as BinaryNode, scope);
    case 'UnaryExpression':
      return evaluateUnary(n as unknown as UnaryNode, scope);
    case 'Ternary':
      return truthy(evaluate(n.condition as Node, scope))
        ? evaluate(n.trueExpr as Node, scope)
        : evaluate(n.falseExpr as Node, scope);
    case 'SelectExpression':
      return truthy(evaluate(n.test as Node, scope))
        ? evaluate(n.lhs as Node, scope)
        : new JinjaUndefined('if-expression without else');
    case 'FilterExpression':
      return evaluateFilter(n as unknown as FilterNode, scope);
    case 'TestExpression':
      return evaluateTest(n as unknown as TestNode, scope);
    default:
      throw new JinjaRuntimeError(`'${node.type}' is not supported in response templates`);
  }
}

interface MemberNode {
  object: Node;
  property: Node & { value?: unknown; start?: Node; stop?: Node; step?: Node };
  computed: boolean;
}
interface CallNode {
  callee: Node;
  args: Node[];
}
interface BinaryNode {
  operator: Token;
  left: Node;
  right: Node;
}
interface UnaryNode {
  operator: Token;
  argument: Node;
}
interface FilterNode {
  operand: Node;
  filter: Node & { value?: string; callee?: Node & { value: string }; args?: Node[] };
}
interface TestNode {
  operand: Node;
  negate: boolean;
  test: Node & { value: string };
}

function evaluateMember(node: MemberNode, scope: Scope): unknown {
  const object = evaluate(node.object, scope);
  const property = node.property;
  if (!node.computed) return getAttribute(object, String(property.value));
  if (property.type !== 'SliceExpression') return getItem(object, evaluate(property, scope));
  const bound = (part: Node | undefined) =>
    part === undefined ? undefined : toNumber(numberOf(evaluate(part, scope)));
  return sliceValue(object, bound(property.start), bound(property.stop), bound(property.step));
}

function numberOf(value: unknown): number | boolean | PyFloat {
  const checked = defined(value);
  if (!isNumber(checked)) throw new JinjaRuntimeError(`expected a number, got ${typeName(checked)}`);
  return checked;
}

function evaluateArguments(args: readonly Node[], scope: Scope): [unknown[], Map<string, unknown>] {
  const positional: unknown[] = [];
  const keywords = new Map<string, unknown>();
  for (const arg of args) {
    if (arg.type === 'KeywordArgumentExpression') {
      const { key, value } = arg as unknown as { key: { value: string }; value: Node };
      keywords.set(key.value, evaluate(value, scope));
    } else {
      positional.push(evaluate(arg, scope));
    }
  }
  return [positional, keywords];
}

function evaluateCall(node: CallNode, scope: Scope): unknown {
  const callee = defined(evaluate(node.callee, scope));
  if (typeof callee !== 'function') throw new JinjaRuntimeError(`${typeName(callee)} is not callable`);
  const [positional, keywords] = evaluateArguments(node.args, scope);
  if (keywords.size > 0) throw new JinjaRuntimeError('keyword arguments are supported only for filters');
  return (callee as PyFunction)(...positional) ?? null;
}

function evaluateFilter(node: FilterNode, scope: Scope): unknown {
  const value = evaluate(node.operand, scope);
  const filterNode = node.filter;
  const name = filterNode.type === 'CallExpression' ? filterNode.callee!.value : filterNode.value!;
  const filter = FILTERS.get(name);
  if (filter === undefined) throw new JinjaRuntimeError(`no filter named '${name}'`);
  const [positional, keywords]: [unknown[], Kwargs] =
    filterNode.type === 'CallExpression' ? evaluateArguments(filterNode.args ?? [], scope) : [[], new Map()];
  // Only `default` may look at an undefined value; every other filter fails on it (StrictUndefined).
  if (name !== 'default' && name !== 'd') defined(value);
  return filter(value, positional, keywords);
}

function evaluateTest(node: TestNode, scope: Scope): boolean {
  const test = TESTS.get(node.test.value);
  if (test === undefined) throw new JinjaRuntimeError(`no test named '${node.test.value}'`);
  const result = test(evaluate(node.operand, scope));
  return node.negate ? !result : result;
}

function evaluateUnary(node: UnaryNode, scope: Scope): unknown {
  const value = evaluate(node.argument, scope);
  if (node.operator.value === 'not') return !truthy(value);
  const n = numberOf(value);
  const result = node.operator.value === '-' ? -toNumber(n) : toNumber(n);
  return isFloat(n) ? makeFloat(result) : result;
}

function evaluateBinary(node: BinaryNode, scope: Scope): unknown {
  const operator = node.operator.value;
  const left = evaluate(node.left, scope);
  if (operator === 'and') return truthy(left) ? evaluate(node.right, scope) : left;
  if (operator === 'or') return truthy(left) ? left : evaluate(node.right, scope);
  const right = evaluate(node.right, scope);
  switch (operator) {
    case '==':
      return pyEquals(left, right);
    case '!=':
      return !pyEquals(left, right);
    case '<':
      return pyCompare(left, right) < 0;
    case '>':
      return pyCompare(left, right) > 0;
    case '<=':
      return pyCompare(left, right) <= 0;
    case '>=':
      return pyCompare(left, right) >= 0;
    case 'in':
      return pyContains(right, left);
    case 'not in':
      return !pyContains(right, left);
    case '~':
      return pyStr(left) + pyStr(right);
    default:
      return arithmetic(operator, defined(left), defined(right));
  }
}

function arithmetic(operator: string, left: unknown, right: unknown): unknown {
  if (operator === '+' && typeof left === 'string' && typeof right === 'string') return left + right;
  if (operator === '+' && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  if (operator === '*' && typeof left === 'string' && typeof right === 'number') return left.repeat(Math.max(0, right));
  const a = toNumber(numberOf(left));
  const b = toNumber(numberOf(right));
  const isFloatResult = isFloat(left) || isFloat(right);
  const wrap = (n: number) => (isFloatResult ? makeFloat(n) : n);
  if ((operator === '/' || operator === '//' || operator === '%') && b === 0)
    throw new JinjaRuntimeError('division by zero');
  switch (operator) {
    case '+':
      return wrap(a + b);
    case '-':
      return wrap(a - b);
    case '*':
      return wrap(a * b);
    case '/':
      return makeFloat(a / b);
    case '//':
      return wrap(Math.floor(a / b));
    case '%':
      return wrap(a - b * Math.floor(a / b));
    case '**':
      return wrap(a ** b);
    default:
      throw new JinjaRuntimeError(`unknown operator '${operator}'`);
  }
}
