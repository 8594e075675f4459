// The low-level YAML writer: column bookkeeping, indicators, indents, and PyYAML's plain and single-quoted scalar writers.

/** PyYAML's default preferred line width (`best_width`), which the double-quoted writers use too. */
export const BEST_WIDTH = 80;
const LINE_BREAKS = '\n\x85\u2028\u2029';

/** The emitter's mutable position state; one per dump, never shared. */
export interface YamlWriter {
  /** Written pieces, joined at the end. */
  parts: string[];
  /** Current column in code points. */
  column: number;
  /** The last character written was whitespace (or nothing). */
  whitespace: boolean;
  /** Only indentation has been written on the current line. */
  indention: boolean;
  /** A root plain scalar was written, so the stream ends with `...`. */
  openEnded: boolean;
}

/** Where a scalar's continuation lines start (`indent`) and whether it may fold at all (`split`, false for simple keys). */
export interface ScalarPlacement {
  indent: number;
  split: boolean;
}

/** A writer at the start of a stream. */
export function createYamlWriter(): YamlWriter {
  return { parts: [], column: 0, whitespace: true, indention: true, openEnded: false };
}

/** Writes `data`, which holds no line break, and advances the column. */
export function writeText(w: YamlWriter, data: string): void {
  w.column += [...data].length;
  w.parts.push(data);
}

/** Port of `Emitter.write_line_break`. */
function writeLineBreak(w: YamlWriter, data = '\n'): void {
  w.whitespace = true;
  w.indention = true;
  w.column = 0;
  w.parts.push(data);
}

/** Port of `Emitter.write_indicator`. */
export function writeIndicator(w: YamlWriter, indicator: string, needsWhitespace: boolean, flags: { whitespace?: boolean; indention?: boolean } = {}): void {
  const data = w.whitespace || !needsWhitespace ? indicator : ` ${indicator}`;
  w.whitespace = flags.whitespace ?? false;
  w.indention = w.indention && (flags.indention ?? false);
  w.openEnded = false;
  writeText(w, data);
}

/** Port of `Emitter.write_indent`: a new line unless already at a fresh indent, then spaces up to `indent`. */
export function writeIndent(w: YamlWriter, indent: number): void {
  if (!w.indention || w.column > indent || (w.column === indent && !w.whitespace)) writeLineBreak(w);
  if (w.column < indent) {
    w.whitespace = true;
    w.parts.push(' '.repeat(indent - w.column));
    w.column = indent;
  }
}

/** Writes a run of line breaks inside a plain or single-quoted scalar, as PyYAML does. */
function writeBreaks(w: YamlWriter, breaks: readonly string[], indent: number): void {
  if (breaks[0] === '\n') writeLineBreak(w);
  for (const br of breaks) writeLineBreak(w, br);
  writeIndent(w, indent);
}

/** Port of `Emitter.write_plain`: folds at a single space once the column is past 80. */
export function writePlain(w: YamlWriter, chars: readonly string[], { indent, split }: ScalarPlacement): void {
  if (chars.length === 0) return;
  if (!w.whitespace) writeText(w, ' ');
  w.whitespace = false;
  w.indention = false;
  let spaces = false;
  let breaks = false;
  let start = 0;
  for (let end = 0; end <= chars.length; end += 1) {
    const ch = chars[end];
    if (spaces) {
      if (ch !== ' ') {
        if (start + 1 === end && w.column > BEST_WIDTH && split) {
          writeIndent(w, indent);
          w.whitespace = false;
          w.indention = false;
        } else writeText(w, chars.slice(start, end).join(''));
        start = end;
      }
    } else if (breaks) {
      if (ch === undefined || !LINE_BREAKS.includes(ch)) {
        writeBreaks(w, chars.slice(start, end), indent);
        w.whitespace = false;
        w.indention = false;
        start = end;
      }
    } else if (ch === undefined || ` ${LINE_BREAKS}`.includes(ch)) {
      writeText(w, chars.slice(start, end).join(''));
      start = end;
    }
    if (ch !== undefined) {
      spaces = ch === ' ';
      breaks = LINE_BREAKS.includes(ch);
    }
  }
}

/** Port of `Emitter.write_single_quoted`: `'` doubled, folding at single inner spaces past column 80. */
export function writeSingleQuoted(w: YamlWriter, chars: readonly string[], { indent, split }: ScalarPlacement): void {
  writeIndicator(w, "'", true);
  let spaces = false;
  let breaks = false;
  let start = 0;
  for (let end = 0; end <= chars.length; end += 1) {
    const ch = chars[end];
    if (spaces) {
      if (ch !== ' ') {
        const isInner = start !== 0 && end !== chars.length;
        if (start + 1 === end && w.column > BEST_WIDTH && split && isInner) writeIndent(w, indent);
        else writeText(w, chars.slice(start, end).join(''));
        start = end;
      }
    } else if (breaks) {
      if (ch === undefined || !LINE_BREAKS.includes(ch)) {
        writeBreaks(w, chars.slice(start, end), indent);
        start = end;
      }
    } else if ((ch === undefined || ` ${LINE_BREAKS}'`.includes(ch)) && start < end) {
      writeText(w, chars.slice(start, end).join(''));
      start = end;
    }
    if (ch === "'") {
      writeText(w, "''");
      start = end + 1;
    }
    if (ch !== undefined) {
      spaces = ch === ' ';
      breaks = LINE_BREAKS.includes(ch);
    }
  }
  writeIndicator(w, "'", false);
}
