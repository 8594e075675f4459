// Reads a Python literal (`repr` of dicts, lists, tuples, strings, numbers, True/False/None) as a JSON value.
// Extended OpenAI Conversation sends tool results as `str(result)`, e.g. `[{'success': True}]`.

/** Deepest nesting accepted; tool results are shallow. */
const MAX_DEPTH = 64;

/** The value of `text` as a Python literal, or undefined when it is not one. */
export function parsePythonLiteral(text: string): unknown {
  const reader = { text, pos: 0 };
  try {
    const value = readValue(reader, 0);
    skipSpace(reader);
    return reader.pos === text.length ? value : undefined;
  } catch {
    return undefined;
  }
}

interface Reader {
  text: string;
  pos: number;
}

class SyntaxFailure extends Error {}

function readValue(r: Reader, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new SyntaxFailure('too deep');
  skipSpace(r);
  const c = r.text[r.pos];
  if (c === '{') return readDict(r, depth);
  if (c === '[') return readSequence(r, ']', depth);
  if (c === '(') return readSequence(r, ')', depth);
  if (c === "'" || c === '"') return readString(r);
  if (c === '-' || c === '+' || c === '.' || (c !== undefined && c >= '0' && c <= '9')) return readNumber(r);
  for (const [word, value] of KEYWORDS) {
    if (r.text.startsWith(word, r.pos)) {
      r.pos += word.length;
      return value;
    }
  }
  throw new SyntaxFailure(`unexpected ${c ?? 'end'}`);
}

const KEYWORDS: ReadonlyArray<readonly [string, unknown]> = [
  ['True', true],
  ['False', false],
  ['None', null],
];

function readDict(r: Reader, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  readItems(r, '}', () => {
    const key = readValue(r, depth + 1);
    skipSpace(r);
    expect(r, ':');
    result[String(key)] = readValue(r, depth + 1);
  });
  return result;
}

function readSequence(r: Reader, close: string, depth: number): unknown[] {
  const result: unknown[] = [];
  readItems(r, close, () => result.push(readValue(r, depth + 1)));
  return result;
}

/** The comma-separated items between the opening bracket at `r.pos` and `close`; a trailing comma is allowed. */
function readItems(r: Reader, close: string, readItem: () => void): void {
  r.pos++;
  for (let first = true; ; first = false) {
    skipSpace(r);
    if (r.text[r.pos] === close) {
      r.pos++;
      return;
    }
    if (!first) expect(r, ',');
    skipSpace(r);
    if (r.text[r.pos] === close) continue;
    readItem();
  }
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
};
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

function readString(r: Reader): string {
  const quote = r.text[r.pos]!;
  r.pos++;
  let out = '';
  for (;;) {
    const c = r.text[r.pos];
    if (c === undefined) throw new SyntaxFailure('unterminated string');
    r.pos++;
    if (c === quote) return out;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = r.text[r.pos++] ?? '';
    const hexLength = HEX_LENGTH[e];
    if (hexLength !== undefined) {
      const hex = r.text.slice(r.pos, r.pos + hexLength);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== hexLength) throw new SyntaxFailure('bad escape');
      out += String.fromCodePoint(parseInt(hex, 16));
      r.pos += hexLength;
    } else {
      out += ESCAPES[e] ?? `\\${e}`;
    }
  }
}

const NUMBER = /^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/;

function readNumber(r: Reader): number {
  const match = NUMBER.exec(r.text.slice(r.pos, r.pos + 64));
  if (match === null) throw new SyntaxFailure('bad number');
  r.pos += match[0].length;
  return Number(match[0].replaceAll('_', ''));
}

function expect(r: Reader, char: string): void {
  if (r.text[r.pos] !== char) throw new SyntaxFailure(`expected ${char}`);
  r.pos++;
}

function skipSpace(r: Reader): void {
  while (r.pos < r.text.length && ' \t\n\r'.includes(r.text[r.pos]!)) r.pos++;
}
