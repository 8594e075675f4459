// hassil's regex prefilter: each template compiled once to a regular expression that any match must satisfy.

import { HassilError, type GrammarLocation } from '../errors.ts';
import type { Expression, Sentence } from '../expression.ts';
import type { Lookup } from '../name-tables.ts';
import { escapeRegExp } from '../text/normalize.ts';

/** Rule expansions deeper than this are a cycle (hassil itself would recurse forever). */
const MAX_RULE_DEPTH = 64;

/** A piece of a pattern: literal text, optional spaces, "one or more of anything", or a group. */
type Piece =
  | { kind: 'literal'; text: string }
  | { kind: 'spaces' }
  | { kind: 'any'; atLeast: number }
  | { kind: 'group'; branches: Piece[][]; repeat: number };

/** A template's prefilter: whether a text fits its pattern. */
export interface TemplatePattern {
  /** Exactly `regex.test(text)`, most failures told by the first or last character alone. */
  test(text: string): boolean;
  /** The anchored pattern itself. */
  readonly regex: RegExp;
}

/**
 * The template as an anchored, case-insensitive pattern accepting exactly what hassil's does: literals
 * with every space optional, alternatives and permutations as groups, each list reference as `.+`,
 * rules inlined. Built from the grammar only, never from user input.
 */
export function compilePattern(sentence: Sentence, rules: Lookup<Sentence>, where: GrammarLocation): TemplatePattern {
  const pieces: Piece[] = [];
  appendPieces(sentence.expression, rules, pieces, { where, depth: 0 });
  const simplified = simplify(pieces);
  const pattern = new RegExp(`^${render(simplified)}$`, 'iu');
  const first = edgeOf(simplified, false);
  const last = edgeOf(simplified, true);
  // Most texts a template is tried on fail at its first or last character; those are told without the regex.
  return {
    regex: pattern,
    test: (text) =>
      isPossibleEdge(first, text.charAt(0)) && isPossibleEdge(last, text.charAt(text.length - 1)) && pattern.test(text),
  };
}

/** The characters a pattern's matches can start (or end) with, as lower-case ASCII; undefined when any can. */
type Edge = { chars: Set<string>; canBeEmpty: boolean } | undefined;

/**
 * False only when the regex cannot match a text with this first (last) character. Only ASCII is judged:
 * two ASCII characters are equal under the regex's Unicode case folding exactly when their lower cases
 * are, while a non-ASCII character (the Kelvin sign, a long s) may fold to an ASCII letter.
 */
function isPossibleEdge(edge: Edge, char: string): boolean {
  return edge === undefined || char === '' || char.charCodeAt(0) >= 128 || edge.chars.has(char.toLowerCase());
}

function edgeOf(pieces: readonly Piece[], fromEnd: boolean): Edge {
  const chars = new Set<string>();
  for (let i = 0; i < pieces.length; i++) {
    const edge = edgeOfPiece(pieces[fromEnd ? pieces.length - 1 - i : i]!, fromEnd);
    if (edge === undefined) return undefined;
    for (const char of edge.chars) chars.add(char);
    if (!edge.canBeEmpty) return { chars, canBeEmpty: false };
  }
  return { chars, canBeEmpty: true };
}

function edgeOfPiece(piece: Piece, fromEnd: boolean): Edge {
  switch (piece.kind) {
    case 'literal': {
      if (piece.text === '') return { chars: new Set(), canBeEmpty: true };
      const char = piece.text.charAt(fromEnd ? piece.text.length - 1 : 0);
      return char.charCodeAt(0) < 128 ? { chars: new Set([char.toLowerCase()]), canBeEmpty: false } : undefined;
    }
    case 'spaces':
      return { chars: new Set([' ']), canBeEmpty: true };
    case 'any':
      return undefined;
    case 'group': {
      // A repeated group starts (ends) with one of its branches: their union covers every order.
      const chars = new Set<string>();
      let canBeEmpty = false;
      for (const branch of piece.branches) {
        const edge = edgeOf(branch, fromEnd);
        if (edge === undefined) return undefined;
        for (const char of edge.chars) chars.add(char);
        canBeEmpty ||= edge.canBeEmpty;
      }
      return { chars, canBeEmpty };
    }
  }
}

interface Walk {
  where: GrammarLocation;
  depth: number;
}

function appendPieces(expression: Expression, rules: Lookup<Sentence>, pieces: Piece[], walk: Walk): void {
  switch (expression.kind) {
    case 'text':
      for (const part of expression.text.split(/( )/)) {
        if (part === ' ') pieces.push({ kind: 'spaces' });
        else if (part !== '') pieces.push({ kind: 'literal', text: part });
      }
      return;
    case 'sequence':
      for (const item of expression.items) appendPieces(item, rules, pieces, walk);
      return;
    case 'alternative':
    case 'permutation': {
      if (expression.items.length === 0) return;
      const branches = expression.items.map((item) => {
        const branch: Piece[] = [];
        appendPieces(item, rules, branch, walk);
        return simplify(branch);
      });
      const repeat = expression.kind === 'alternative' ? 1 : expression.items.length;
      // A permutation repeats its branches; with a list (`.+`) among them, and branches that may match nothing, the
      // repeated group can split a text in exponentially many ways. Such a group becomes "any text at least as long as
      // it": the same strings and more (the prefilter may pass too much, never too little), matched in linear time.
      if (repeat > 1 && branches.some(containsAny)) {
        const least = Math.min(...branches.map(minLength)) * repeat;
        pieces.push(
          least > 0
            ? { kind: 'any', atLeast: least }
            : { kind: 'group', branches: [[{ kind: 'any', atLeast: 1 }], []], repeat: 1 },
        );
        return;
      }
      pieces.push(absorbIntoAny(branches, repeat) ?? { kind: 'group', branches, repeat });
      return;
    }
    case 'list':
      pieces.push({ kind: 'any', atLeast: 1 });
      return;
    case 'rule': {
      const rule = rules.get(expression.ruleName);
      if (rule === undefined)
        throw new HassilError('MISSING_RULE', `the expansion rule <${expression.ruleName}> is not defined`, walk.where);
      if (walk.depth >= MAX_RULE_DEPTH)
        throw new HassilError('RULE_CYCLE', `the expansion rule <${expression.ruleName}> refers to itself`, walk.where);
      appendPieces(rule.expression, rules, pieces, { ...walk, depth: walk.depth + 1 });
    }
  }
}

/**
 * Drops every piece that can match nothing when it stands next to `.+`, and merges neighbouring `.+`:
 * `.+` followed (or preceded) by anything that may be empty accepts exactly the strings `.+` accepts
 * (the input holds no line breaks), so the language is unchanged while the backtracking is gone.
 */
function simplify(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (piece.kind === 'any') {
      while (out.length > 0 && isNullable(out[out.length - 1]!)) out.pop();
      const previous = out[out.length - 1];
      if (previous?.kind === 'any') out[out.length - 1] = { kind: 'any', atLeast: previous.atLeast + piece.atLeast };
      else out.push(piece);
    } else if (last?.kind === 'any' && isNullable(piece)) {
    } else {
      out.push(piece);
    }
  }
  return out;
}

/**
 * A group with a branch that is just `.{k,}`, whose other branches all need at least k characters,
 * accepts exactly `.{k,}` (every other branch's strings are among them): the group becomes that.
 */
function absorbIntoAny(branches: readonly Piece[][], repeat: number): Piece | undefined {
  let atLeast: number | undefined;
  for (const branch of branches) {
    const only = branch.length === 1 ? branch[0] : undefined;
    if (only?.kind === 'any') atLeast = Math.min(atLeast ?? Infinity, only.atLeast);
  }
  if (atLeast === undefined || !branches.every((branch) => minLength(branch) >= atLeast!)) return undefined;
  return { kind: 'any', atLeast: atLeast * repeat };
}

/** Whether a sequence of pieces holds an `any` (a list reference), at any depth. */
function containsAny(pieces: readonly Piece[]): boolean {
  return pieces.some((piece) => piece.kind === 'any' || (piece.kind === 'group' && piece.branches.some(containsAny)));
}

/** The fewest characters a sequence of pieces can match. */
function minLength(pieces: readonly Piece[]): number {
  let total = 0;
  for (const piece of pieces) {
    if (piece.kind === 'literal') total += piece.text.length;
    else if (piece.kind === 'any') total += piece.atLeast;
    else if (piece.kind === 'group') total += Math.min(...piece.branches.map(minLength)) * piece.repeat;
  }
  return total;
}

function isNullable(piece: Piece): boolean {
  switch (piece.kind) {
    case 'literal':
      return piece.text === '';
    case 'spaces':
      return true;
    case 'any':
      return false;
    case 'group':
      return piece.branches.some((branch) => branch.every(isNullable));
  }
}

function render(pieces: readonly Piece[]): string {
  return pieces.map(renderPiece).join('');
}

function renderPiece(piece: Piece): string {
  switch (piece.kind) {
    case 'literal':
      return escapeRegExp(piece.text);
    case 'spaces':
      return '[ ]*';
    case 'any':
      return piece.atLeast === 1 ? '(?:.+)' : `(?:.{${piece.atLeast},})`;
    case 'group':
      return `(?:${piece.branches.map(render).join('|')})${piece.repeat === 1 ? '' : `{${piece.repeat}}`}`;
  }
}
