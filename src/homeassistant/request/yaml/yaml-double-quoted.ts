// The double-quoted scalar writers of PyYAML and libyaml: escapes for control characters, and folding.

import { isPrintable } from './yaml-scalar-style.ts';
import {
  BEST_WIDTH,
  writeIndent,
  writeIndicator,
  writeText,
  type ScalarPlacement,
  type YamlWriter,
} from './yaml-writer.ts';

// PyYAML's `Emitter.ESCAPE_REPLACEMENTS`.
const ESCAPES: Readonly<Record<string, string>> = {
  '\0': '0',
  '\x07': 'a',
  '\x08': 'b',
  '\t': 't',
  '\n': 'n',
  '\x0b': 'v',
  '\x0c': 'f',
  '\r': 'r',
  '\x1b': 'e',
  '"': '"',
  '\\': '\\',
  '\x85': 'N',
  '\xa0': '_',
  '\u2028': 'L',
  '\u2029': 'P',
};

/** True when PyYAML's double-quoted writer escapes `ch` (with `allow_unicode=True`). */
function needsEscape(ch: string): boolean {
  if ('"\\\x85\u2028\u2029\ufeff'.includes(ch)) return true;
  const code = ch.codePointAt(0) ?? 0;
  const isAscii = code >= 0x20 && code <= 0x7e;
  return !(isAscii || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd));
}

/** The escape sequence PyYAML writes for `ch`. */
function escapeOf(ch: string): string {
  const named = ESCAPES[ch];
  if (named !== undefined) return `\\${named}`;
  const code = ch.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase();
  if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${hex.padStart(4, '0')}`;
  return `\\U${hex.padStart(8, '0')}`;
}

/** Port of `Emitter.write_double_quoted`; `chars` are code points. */
export function writeDoubleQuoted(w: YamlWriter, chars: readonly string[], { indent, split }: ScalarPlacement): void {
  writeIndicator(w, '"', true);
  let start = 0;
  for (let end = 0; end <= chars.length; end += 1) {
    const ch = chars[end];
    if (ch === undefined || needsEscape(ch)) {
      if (start < end) {
        writeText(w, chars.slice(start, end).join(''));
        start = end;
      }
      if (ch !== undefined) {
        writeText(w, escapeOf(ch));
        start = end + 1;
      }
    }
    const isFoldPoint = end > 0 && end < chars.length - 1 && (ch === ' ' || start >= end);
    if (isFoldPoint && w.column + (end - start) > BEST_WIDTH && split) {
      writeText(w, `${chars.slice(start, end).join('')}\\`);
      if (start < end) start = end;
      writeIndent(w, indent);
      w.whitespace = false;
      w.indention = false;
      if (chars[start] === ' ') writeText(w, '\\');
    }
  }
  writeIndicator(w, '"', false);
}

/** True when libyaml's double-quoted writer escapes `ch`: not printable, a BOM, a line break, `"` or `\`. */
function needsLibyamlEscape(ch: string): boolean {
  return !isPrintable(ch, 'libyaml') || '\ufeff\r\n\x85\u2028\u2029"\\'.includes(ch);
}

/** Port of libyaml's `yaml_emitter_write_double_quoted`: folds at a single space past column 80, no `\` line ends. */
export function writeDoubleQuotedLibyaml(
  w: YamlWriter,
  chars: readonly string[],
  { indent, split }: ScalarPlacement,
): void {
  writeIndicator(w, '"', true);
  let spaces = false;
  chars.forEach((ch, index) => {
    if (needsLibyamlEscape(ch)) {
      writeText(w, escapeOf(ch));
      spaces = false;
    } else if (ch === ' ') {
      const isInner = index !== 0 && index !== chars.length - 1;
      if (split && !spaces && w.column > BEST_WIDTH && isInner) {
        writeIndent(w, indent);
        if (chars[index + 1] === ' ') writeText(w, '\\');
      } else writeText(w, ' ');
      spaces = true;
    } else {
      writeText(w, ch);
      spaces = false;
    }
  });
  w.whitespace = false;
  w.indention = false;
  writeIndicator(w, '"', false);
}
