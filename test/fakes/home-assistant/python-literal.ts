// HA's `_parse_result`: rendered text read back with Python's `literal_eval`, as WebSocket render_template sends it.

/** A value `literal_eval` can produce, in JSON form (tuples as arrays, dicts as objects). */
type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

// helpers/template.py `_IS_NUMERIC`: a number result is kept only when the text looks like a plain number.
const IS_NUMERIC = /^[+-]?(?!0\d)\d*(?:\.\d*)?$/;

/**
 * What `Template.async_render(parse_result=True)` returns for a rendered text: a list, dict, bool, None or plain
 * number when the text is such a Python literal, else the text itself. JSON with `null`, `true` or `false` is not
 * a Python literal, so it stays text.
 */
export function parseResult(text: string): unknown {
  let value: Literal;
  try {
    value = new LiteralReader(text).readAll();
  } catch {
    return text;
  }
  if (typeof value === 'string') return text;
  if (typeof value === 'number' && !IS_NUMERIC.test(text)) return text;
  return value;
}

class LiteralReader {
  private pos = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  readAll(): Literal {
    const value = this.read();
    this.skipSpace();
    if (this.pos !== this.text.length) throw new Error('trailing text');
    return value;
  }

  private read(): Literal {
    this.skipSpace();
    const char = this.text[this.pos];
    if (char === '[') return this.readSequence(']');
    if (char === '(') return this.readSequence(')');
    if (char === '{') return this.readDict();
    if (char === "'" || char === '"') return this.readString(char);
    const word = /^(True|False|None)\b/.exec(this.text.slice(this.pos));
    if (word !== null) {
      this.pos += word[0].length;
      return word[0] === 'None' ? null : word[0] === 'True';
    }
    const number = /^[+-]?(\d[\d_]*)?(\.\d*)?([eE][+-]?\d+)?/.exec(this.text.slice(this.pos));
    if (number !== null && /\d/.test(number[0])) {
      this.pos += number[0].length;
      return Number(number[0].replace(/_/g, ''));
    }
    throw new Error(`malformed node at ${this.pos}`);
  }

  private readSequence(close: string): Literal[] {
    this.pos++;
    const items: Literal[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === close) break;
      items.push(this.read());
      this.skipSpace();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== close) throw new Error('expected a comma');
    }
    this.pos++;
    return items;
  }

  private readDict(): { [key: string]: Literal } {
    this.pos++;
    const entries: [string, Literal][] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === '}') break;
      const key = this.read();
      this.skipSpace();
      // A set literal (`{1, 2}`) would need a JSON form HA gives it; the fake keeps such text as text.
      if (this.text[this.pos++] !== ':') throw new Error('expected a colon');
      entries.push([typeof key === 'string' ? key : JSON.stringify(key), this.read()]);
      this.skipSpace();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== '}') throw new Error('expected a comma');
    }
    this.pos++;
    return Object.fromEntries(entries);
  }

  private readString(quote: string): string {
    let out = '';
    for (this.pos++; this.pos < this.text.length; this.pos++) {
      const char = this.text[this.pos] as string;
      if (char === quote) {
        this.pos++;
        // Python joins adjacent string literals: 'a' 'b' is 'ab'.
        this.skipSpace();
        const next = this.text[this.pos];
        return next === "'" || next === '"' ? out + this.readString(next) : out;
      }
      if (char === '\n') break;
      if (char !== '\\') {
        out += char;
        continue;
      }
      out += this.readEscape();
    }
    throw new Error('unterminated string');
  }

  private readEscape(): string {
    const kind = this.text[++this.pos] ?? '';
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', '\n': '' };
    if (kind in simple) return simple[kind] as string;
    const width = kind === 'x' ? 2 : kind === 'u' ? 4 : kind === 'U' ? 8 : 0;
    if (width === 0) return kind === '\\' || kind === "'" || kind === '"' ? kind : `\\${kind}`;
    const hex = this.text.slice(this.pos + 1, this.pos + 1 + width);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) throw new Error('bad escape');
    this.pos += width;
    return String.fromCodePoint(Number.parseInt(hex, 16));
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] as string)) this.pos++;
  }
}
