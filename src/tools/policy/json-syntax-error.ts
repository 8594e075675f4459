// Where a text stops being JSON: the line and column a person opens to fix a hand-edited policy.json.

/** A JSON string, number or literal, as RFC 8259 writes it; matched at a position (sticky). */
const TOKEN_SOURCES = {
  string: String.raw`"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"`,
  number: String.raw`-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?`,
  literal: 'true|false|null',
} as const;

/** What the scanner expects next. */
type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

/** Where a text stops being JSON, 1-based, and what was found there. */
export interface JsonSyntaxError {
  line: number;
  column: number;
  /** The character found there as a JSON string (`"}"`), or `end of the text`. */
  found: string;
}

/**
 * Where `text` stops being JSON, or undefined when it is JSON. V8's `JSON.parse` messages give a position for some
 * errors only ("Unexpected token" has none) and their wording changes between Node versions, so the text is scanned
 * here instead.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const offset = jsonErrorOffset(text);
  if (offset === undefined) return undefined;
  // An early end is reported after the last character, not on the empty line after a final newline.
  const at = offset >= text.length ? text.trimEnd().length : offset;
  const lineStart = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (text.charCodeAt(i) === 10) line++;
  const found = offset >= text.length ? 'end of the text' : JSON.stringify(text[offset]);
  return { line, column: at - lineStart + 1, found };
}

/** The offset of the first character at which `text` stops being JSON (its length when it ends too early). */
function jsonErrorOffset(text: string): number | undefined {
  // Sticky expressions keep their position in `lastIndex`, so they are made per call, not shared by the module.
  const tokens = Object.values(TOKEN_SOURCES).map((source) => new RegExp(source, 'y'));
  const containers: ('object' | 'array')[] = [];
  let expect: Expect = 'value';
  let i = 0;
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
    if (expect === 'end') return i === text.length ? undefined : i;
    if (i === text.length) return i;
    const char = text[i]!;
    const closes = (char === '}' && expect === 'key-or-close') || (char === ']' && expect === 'value-or-close');
    if (closes || (expect === 'comma-or-close' && char === (containers.at(-1) === 'object' ? '}' : ']'))) {
      containers.pop();
      expect = containers.length === 0 ? 'end' : 'comma-or-close';
      i++;
    } else if (expect === 'comma-or-close') {
      if (char !== ',') return i;
      expect = containers.at(-1) === 'object' ? 'key' : 'value';
      i++;
    } else if (expect === 'colon') {
      if (char !== ':') return i;
      expect = 'value';
      i++;
    } else if (char === '{' || char === '[') {
      if (expect === 'key' || expect === 'key-or-close') return i;
      containers.push(char === '{' ? 'object' : 'array');
      expect = char === '{' ? 'key-or-close' : 'value-or-close';
      i++;
    } else {
      const isKey: boolean = expect === 'key' || expect === 'key-or-close';
      const end = tokenEnd(isKey ? tokens.slice(0, 1) : tokens, text, i);
      if (end === undefined) return i;
      expect = isKey ? 'colon' : containers.length === 0 ? 'end' : 'comma-or-close';
      i = end;
    }
  }
}

/** Where the first of `tokens` that matches at `start` ends, if one does. */
function tokenEnd(tokens: readonly RegExp[], text: string, start: number): number | undefined {
  for (const token of tokens) {
    token.lastIndex = start;
    if (token.test(text)) return token.lastIndex;
  }
  return undefined;
}
