// The template subset the fake understands: Jinja's lexer and parser cut down to output, set, for and simple expressions.

import { PyError } from './python-values.ts';

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

type TokenType = 'data' | 'var_begin' | 'var_end' | 'block_begin' | 'block_end' | 'name' | 'string' | 'number' | 'op';
interface Token {
  type: TokenType | 'eof';
  value: string;
}

const DESCRIBE: Partial<Record<Token['type'], string>> = {
  var_end: 'end of print statement',
  block_end: 'end of statement block',
  eof: 'end of template',
};
const OPERATORS = ['**', '//', '==', '!=', '<=', '>=', ...'+-~*/%()[]{},:.|=<>!'];
const syntaxError = (message: string): PyError => new PyError('TemplateSyntaxError', message);

/** Splits a template into tokens as Jinja's lexer does (whitespace control `{%-`/`-%}` included). */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let stripNext = false;
  while (pos < source.length) {
    const open = /\{[{%#]/g;
    open.lastIndex = pos;
    const found = open.exec(source);
    const end = found === null ? source.length : found.index;
    let text = source.slice(pos, end);
    if (stripNext) text = text.replace(/^\s+/, '');
    if (found !== null && source[end + 2] === '-') text = text.replace(/\s+$/, '');
    if (text !== '') tokens.push({ type: 'data', value: text });
    if (found === null) break;
    if (found[0] === '{#') {
      const close = source.indexOf('#}', end + 2);
      if (close < 0) throw syntaxError('Missing end of comment tag');
      stripNext = source[close - 1] === '-';
      pos = close + 2;
      continue;
    }
    const isVar = found[0] === '{{';
    tokens.push({ type: isVar ? 'var_begin' : 'block_begin', value: found[0] });
    [pos, stripNext] = tokenizeTag(source, end + (source[end + 2] === '-' ? 3 : 2), isVar ? '}}' : '%}', tokens);
  }
  tokens.push({ type: 'eof', value: '' });
  return tokens;
}

/** Lexes the inside of one tag; returns where the text after it starts and whether it trims its whitespace. */
function tokenizeTag(source: string, start: number, close: string, tokens: Token[]): [number, boolean] {
  let pos = start;
  while (pos < source.length) {
    const char = source[pos] as string;
    if (/\s/.test(char)) {
      pos++;
      continue;
    }
    for (const [marker, strip] of [[`-${close}`, true] as const, [close, false] as const]) {
      if (source.startsWith(marker, pos)) {
        tokens.push({ type: close === '}}' ? 'var_end' : 'block_end', value: close });
        return [pos + marker.length, strip];
      }
    }
    const match =
      /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(pos)) ??
      /^\d+(\.\d+)?/.exec(source.slice(pos)) ??
      /^('([^'\\]|\\[\s\S])*'|"([^"\\]|\\[\s\S])*")/.exec(source.slice(pos));
    if (match !== null) {
      const type = /^[A-Za-z_]/.test(char) ? 'name' : /\d/.test(char) ? 'number' : 'string';
      tokens.push({ type, value: type === 'string' ? unescapeString(match[0]) : match[0] });
      pos += match[0].length;
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, pos));
    if (op === undefined) throw syntaxError(`unexpected char ${reprChar(char)} at ${pos}`);
    tokens.push({ type: 'op', value: op });
    pos += op.length;
  }
  return [pos, false];
}

const reprChar = (char: string): string => (char === "'" ? `"'"` : `'${char}'`);

function unescapeString(quoted: string): string {
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
  return quoted
    .slice(1, -1)
    .replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (all, code: string) =>
      code.length > 1 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : (escapes[code] ?? all),
    );
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
    if (token.type === 'op' && token.value === '[') return { kind: 'list', items: this.items(']', () => this.expression()) };
    if (token.type === 'op' && token.value === '{') return { kind: 'dict', entries: this.items('}', () => this.entry()) };
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
    if (token.type === 'var_end' || token.type === 'block_end') return syntaxError(`Expected an expression, got '${describe(token)}'`);
    return syntaxError(`unexpected '${describe(token)}'`);
  }
}

function describe(token: Token): string {
  return DESCRIBE[token.type] ?? token.value;
}
