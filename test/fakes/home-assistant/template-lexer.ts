// The lexer of the fake's template subset: Jinja's token stream (text, tags, names, strings, numbers, operators).

import { PyError } from './python-values.ts';

/** The kinds of token. */
export type TokenType =
  | 'data'
  | 'var_begin'
  | 'var_end'
  | 'block_begin'
  | 'block_end'
  | 'name'
  | 'string'
  | 'number'
  | 'op';
/** One token. */
export interface Token {
  type: TokenType | 'eof';
  value: string;
}

/** How Jinja names the tokens it did not expect. */
export const DESCRIBE: Partial<Record<Token['type'], string>> = {
  var_end: 'end of print statement',
  block_end: 'end of statement block',
  eof: 'end of template',
};
const OPERATORS = ['**', '//', '==', '!=', '<=', '>=', ...'+-~*/%()[]{},:.|=<>!'];
/** A `TemplateSyntaxError` with Jinja's wording. */
export const syntaxError = (message: string): PyError => new PyError('TemplateSyntaxError', message);

/** Splits a template into tokens as Jinja's lexer does (whitespace control `{%-`/`-%}` included). */
export function tokenize(source: string): Token[] {
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

/** How an error message names a token. */
export function describe(token: Token): string {
  return DESCRIBE[token.type] ?? token.value;
}
