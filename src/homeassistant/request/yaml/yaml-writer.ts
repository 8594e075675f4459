// The low-level YAML writer: column bookkeeping, indicators, indents, and PyYAML's plain and single-quoted scalar writers.

import { LINE_BREAKS } from './yaml-scalar-style.ts';

/** PyYAML's default preferred line width (`best_width`), which the double-quoted writers use too. */
export const BEST_WIDTH = 80;

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
export function writeIndicator(
  w: YamlWriter,
  indicator: string,
  needsWhitespace: boolean,
  flags: { whitespace?: boolean; indention?: boolean } = {},
): void {
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

/** A maximal run of spaces, of line breaks or of other text in a scalar; a `quote` run is one `'`. */
interface ScalarRun {
  kind: 'spaces' | 'breaks' | 'quote' | 'text';
  /** The run's code points. */
  chars: string[];
  /** Index of the run's first code point in the scalar. */
  start: number;
}

/** The kind of run `ch` belongs to; `'` is a run of its own only where it is doubled (single-quoted). */
function runKindOf(ch: string, isSingleQuoted: boolean): ScalarRun['kind'] {
  if (ch === ' ') return 'spaces';
  if (LINE_BREAKS.includes(ch)) return 'breaks';
  return isSingleQuoted && ch === "'" ? 'quote' : 'text';
}

/** Splits a scalar into the runs PyYAML's plain and single-quoted writers write one at a time. */
function splitRuns(chars: readonly string[], isSingleQuoted: boolean): ScalarRun[] {
  const runs: ScalarRun[] = [];
  chars.forEach((ch, index) => {
    const kind = runKindOf(ch, isSingleQuoted);
    const last = runs[runs.length - 1];
    if (last !== undefined && last.kind === kind && kind !== 'quote') last.chars.push(ch);
    else runs.push({ kind, chars: [ch], start: index });
  });
  return runs;
}

/** True when a run of spaces is a fold point: a single space once the column is past 80, and folding allowed. */
function isFoldingSpace(w: YamlWriter, run: ScalarRun, split: boolean): boolean {
  return run.kind === 'spaces' && run.chars.length === 1 && w.column > BEST_WIDTH && split;
}

/** Port of `Emitter.write_plain`: folds at a single space once the column is past 80. */
export function writePlain(w: YamlWriter, chars: readonly string[], { indent, split }: ScalarPlacement): void {
  if (chars.length === 0) return;
  if (!w.whitespace) writeText(w, ' ');
  w.whitespace = false;
  w.indention = false;
  for (const run of splitRuns(chars, false)) {
    if (isFoldingSpace(w, run, split)) writeIndent(w, indent);
    else if (run.kind === 'breaks') writeBreaks(w, run.chars, indent);
    else {
      writeText(w, run.chars.join(''));
      continue;
    }
    // `write_plain`, unlike `write_single_quoted`, clears both flags after a fold or a line break.
    w.whitespace = false;
    w.indention = false;
  }
}

/** Port of `Emitter.write_single_quoted`: `'` doubled, folding at single inner spaces past column 80. */
export function writeSingleQuoted(w: YamlWriter, chars: readonly string[], { indent, split }: ScalarPlacement): void {
  writeIndicator(w, "'", true);
  for (const run of splitRuns(chars, true)) {
    const isInner = run.start !== 0 && run.start + run.chars.length !== chars.length;
    if (isFoldingSpace(w, run, split) && isInner) writeIndent(w, indent);
    else if (run.kind === 'breaks') writeBreaks(w, run.chars, indent);
    else if (run.kind === 'quote') writeText(w, "''");
    else writeText(w, run.chars.join(''));
  }
  writeIndicator(w, "'", false);
}
