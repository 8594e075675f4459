// The template syntax tree: text chunks, sequences, alternatives, permutations, list and rule references.

import { foldCase } from './text/case-fold.ts';

/** Literal text, whitespace included; matched case-insensitively as a prefix of the remaining input. */
export interface TextChunk {
  readonly kind: 'text';
  /** Normalised text (NFC, single spaces, `’` as `'`). Empty for the empty option of `[…]`. */
  readonly text: string;
  /** `text` case-folded, for matching. */
  readonly folded: string;
  /** `folded` without leading whitespace (what is matched at the start of a word). */
  readonly foldedAtWordStart: string;
  /** Literal characters the chunk contributes to the ranking (its length without surrounding spaces). */
  readonly literalLength: number;
}

/** Items that must all match, in order. */
export interface Sequence {
  readonly kind: 'sequence';
  readonly items: readonly Expression[];
}

/** One of several options, tried in written order; `[x]` is `(x|)` with the empty option last. */
export interface Alternative {
  readonly kind: 'alternative';
  readonly items: readonly Expression[];
  readonly isOptional: boolean;
}

/** Items that must all match, in any order: `(a;b)`. Each item is padded with a space on both sides. */
export interface Permutation {
  readonly kind: 'permutation';
  readonly items: readonly Expression[];
}

/** An inclusive number range written in a template: `{1..10,2:slot}`. */
export interface InlineRange {
  readonly start: number;
  readonly stop: number;
  readonly step: number;
}

/** `{list}`, `{list:slot}`, a capture `{list:@name}` / `{@list}`, or an inline range `{1..10:slot}`. */
export interface ListReference {
  readonly kind: 'list';
  readonly listName: string;
  /** The slot the value goes to (or the capture's name). */
  readonly slotName: string;
  /** The matched text goes to the result's captures, not its entities. */
  readonly isCapture: boolean;
  /** Whitespace follows the reference in the template; only wildcards use it. */
  readonly isEndOfWord: boolean;
  readonly inlineRange?: InlineRange;
}

/** `<rule>`: an expansion rule, expanded where it stands. */
export interface RuleReference {
  readonly kind: 'rule';
  readonly ruleName: string;
}

/** Any template expression. */
export type Expression = TextChunk | Sequence | Alternative | Permutation | ListReference | RuleReference;

/** A parsed sentence template. */
export interface Sentence {
  readonly expression: Expression;
  /** The template as written. */
  readonly text: string;
}

/** A text chunk for already normalised text. */
export function textChunk(text: string): TextChunk {
  const folded = foldCase(text);
  return { kind: 'text', text, folded, foldedAtWordStart: folded.trimStart(), literalLength: folded.trim().length };
}

/** The empty text chunk. */
export const EMPTY_CHUNK: TextChunk = textChunk('');

/** Calls `visit` for every expression in `expression` (rules are not expanded). */
export function walkExpression(expression: Expression, visit: (expression: Expression) => void): void {
  visit(expression);
  if (expression.kind === 'sequence' || expression.kind === 'alternative' || expression.kind === 'permutation') {
    for (const item of expression.items) walkExpression(item, visit);
  }
}

/** The number of text chunks in `expression`, empty ones included (hassil's wildcard sentence order uses it). */
export function countTextChunks(expression: Expression): number {
  let count = 0;
  walkExpression(expression, (item) => {
    if (item.kind === 'text') count++;
  });
  return count;
}

/** The names of the lists `expression` references directly (rules are not expanded). */
export function listNamesOf(expression: Expression): string[] {
  const names: string[] = [];
  walkExpression(expression, (item) => {
    if (item.kind === 'list') names.push(item.listName);
  });
  return names;
}
