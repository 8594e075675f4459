// The parser of the fake's template subset: output, set and for tags over simple expressions, as Jinja reads them.

import type { PyError } from './python-values.ts';
import { DESCRIBE, describe, syntaxError, type Token, tokenize } from './template-lexer.ts';

/** An expression of the subset. */
export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'name'; name: string }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'dict'; entries: [Expr, Expr][] }
  | { kind: 'getattr'; target: Expr; attr: string }
  | { kind: 'getitem'; target: Expr; index: Expr }
  | { kind: 'call'; callee: Expr; args: Expr[]; kwargs: [string, Expr][] }
  | { kind: 'filter'; target: Expr; name: string; args: Expr[]; kwargs: [string, Expr][] }
  | { kind: 'binary'; op: '+' | '-' | '~'; left: Expr; right: Expr }
  | { kind: 'negate'; operand: Expr };

/** A template node: text, `{{ expr }}`, `{% set %}` or `{% for %}`. */
export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expr: Expr }
  | { kind: 'set'; name: string; attr?: string; value: Expr }
  | { kind: 'for'; variable: string; iterable: Expr; body: TemplateNode[]; otherwise: TemplateNode[] };

/** A parsed template and the filters it names (Jinja checks them when compiling). */
export interface ParsedTemplate {
  nodes: TemplateNode[];
  filters: Set<string>;
}

/** Parses a template; an error is a `TemplateSyntaxError` with Jinja's wording. */
export function parseTemplate(source: string): ParsedTemplate {
  const parser = new Parser(tokenize(source));
  const { nodes, endTag } = parser.subparse([]);
  if (endTag !== undefined) throw syntaxError(`Encountered unknown tag '${endTag}'.`);
  return { nodes, filters: parser.filters };
}

class Parser {
  private index = 0;
  readonly filters = new Set<string>();
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  /** Parses nodes up to one of `endTags` (consumed, and returned) or the end of the template. */
  subparse(endTags: string[]): { nodes: TemplateNode[]; endTag?: string } {
    const nodes: TemplateNode[] = [];
    for (;;) {
      const token = this.next();
      if (token.type === 'eof') return { nodes };
      if (token.type === 'data') nodes.push({ kind: 'text', text: token.value });
      else if (token.type === 'var_begin') {
        if (this.peek().type === 'var_end') throw syntaxError("Expected an expression, got 'end of print statement'");
        nodes.push({ kind: 'output', expr: this.expression() });
        this.expect('var_end');
      } else {
        const tag = this.expect('name').value;
        if (endTags.includes(tag)) return { nodes, endTag: tag };
        nodes.push(this.statement(tag));
      }
    }
  }

  private statement(tag: string): TemplateNode {
    if (tag === 'set') {
      const name = this.expect('name').value;
      const attr = this.skipOp('.') ? this.expect('name').value : undefined;
      this.expectOp('=');
      const value = this.expression();
      this.expect('block_end');
      return attr === undefined ? { kind: 'set', name, value } : { kind: 'set', name, attr, value };
    }
    if (tag === 'for') {
      const variable = this.expect('name').value;
      if (this.expect('name').value !== 'in') throw syntaxError("expected token 'in'");
      const iterable = this.expression();
      this.expect('block_end');
      const body = this.closeBlock(['endfor', 'else']);
      const otherwise = body.endTag === 'else' ? this.closeBlock(['endfor']).nodes : [];
      return { kind: 'for', variable, iterable, body: body.nodes, otherwise };
    }
    throw syntaxError(`Encountered unknown tag '${tag}'.`);
  }

  private closeBlock(endTags: string[]): { nodes: TemplateNode[]; endTag?: string } {
    const block = this.subparse(endTags);
    if (block.endTag === undefined)
      throw syntaxError(
        `Unexpected end of template. Jinja was looking for the following tags: ${endTags.map((t) => `'${t}'`).join(' or ')}. The innermost block that needs to be closed is 'for'.`,
      );
    this.expect('block_end');
    return block;
  }

  private expression(): Expr {
    let left = this.unary();
    for (let op = this.peekOp(['+', '-', '~']); op !== undefined; op = this.peekOp(['+', '-', '~'])) {
      this.index++;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    if (this.skipOp('-')) return { kind: 'negate', operand: this.unary() };
    let expr = this.postfix(this.primary());
    while (this.skipOp('|')) {
      const name = this.expect('name').value;
      this.filters.add(name);
      const { args, kwargs } = this.skipOp('(') ? this.callArguments() : { args: [], kwargs: [] };
      expr = this.postfix({ kind: 'filter', target: expr, name, args, kwargs });
    }
    return expr;
  }

  private primary(): Expr {
    const token = this.next();
    if (token.type === 'name') {
      const constants: Record<string, boolean | null> = { true: true, false: false, none: null };
      const lower = token.value.toLowerCase();
      const isConstant = lower in constants && /^(true|false|none|True|False|None)$/.test(token.value);
      return isConstant ? { kind: 'literal', value: constants[lower] ?? null } : { kind: 'name', name: token.value };
    }
    if (token.type === 'string') {
      let value = token.value;
      while (this.peek().type === 'string') value += this.next().value;
      return { kind: 'literal', value };
    }
    if (token.type === 'number') return { kind: 'literal', value: Number(token.value) };
    if (token.type === 'op' && token.value === '(') {
      const inner = this.expression();
      this.expectOp(')');
      return inner;
    }
    if (token.type === 'op' && token.value === '[')
      return { kind: 'list', items: this.items(']', () => this.expression()) };
    if (token.type === 'op' && token.value === '{')
      return { kind: 'dict', entries: this.items('}', () => this.entry()) };
    throw this.unexpected(token);
  }

  private entry(): [Expr, Expr] {
    const key = this.expression();
    this.expectOp(':');
    return [key, this.expression()];
  }

  private postfix(start: Expr): Expr {
    let expr = start;
    for (;;) {
      if (this.skipOp('.')) expr = { kind: 'getattr', target: expr, attr: this.expect('name').value };
      else if (this.skipOp('[')) {
        expr = { kind: 'getitem', target: expr, index: this.expression() };
        this.expectOp(']');
      } else if (this.skipOp('(')) expr = { kind: 'call', callee: expr, ...this.callArguments() };
      else return expr;
    }
  }

  private callArguments(): { args: Expr[]; kwargs: [string, Expr][] } {
    const args: Expr[] = [];
    const kwargs: [string, Expr][] = [];
    this.items(')', () => {
      const [token, after] = [this.peek(), this.tokens[this.index + 1]];
      if (token.type === 'name' && after?.type === 'op' && after.value === '=') {
        this.index += 2;
        kwargs.push([token.value, this.expression()]);
      } else args.push(this.expression());
      return undefined;
    });
    return { args, kwargs };
  }

  /** Comma-separated items up to `close` (consumed); a trailing comma is allowed. */
  private items<T>(close: string, item: () => T): T[] {
    const items: T[] = [];
    while (!this.skipOp(close)) {
      if (items.length > 0) this.expectOp(',');
      if (this.skipOp(close)) break;
      items.push(item());
    }
    return items;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'eof') this.index++;
    return token;
  }

  private peek(): Token {
    return this.tokens[this.index] ?? { type: 'eof', value: '' };
  }

  private peekOp<T extends string>(ops: T[]): T | undefined {
    const token = this.peek();
    return token.type === 'op' ? ops.find((op) => op === token.value) : undefined;
  }

  private skipOp(op: string): boolean {
    if (this.peekOp([op]) === undefined) return false;
    this.index++;
    return true;
  }

  private expectOp(op: string): void {
    if (!this.skipOp(op)) throw syntaxError(`expected token '${op}', got '${describe(this.peek())}'`);
  }

  private expect(type: Token['type']): Token {
    const token = this.peek();
    if (token.type === type) return this.next();
    if (token.type === 'eof') throw syntaxError(`unexpected end of template, expected '${DESCRIBE[type] ?? type}'.`);
    throw syntaxError(`expected token '${DESCRIBE[type] ?? type}', got '${describe(token)}'`);
  }

  private unexpected(token: Token): PyError {
    if (token.type === 'eof') return syntaxError('unexpected end of template');
    return syntaxError(`unexpected '${describe(token)}'`);
  }
}
