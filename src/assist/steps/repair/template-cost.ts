// How close a grammar template can come to the input: the words it must add, and how many words it has.

import type { Expression, Sentence, SlotList, TextChunk } from '../../../hassil/index.ts';
import { editDistance } from './similarity.ts';

/** The fewest words a template's sentences have that the input frame does not. */
export interface TemplateCost {
  /** Words not in the input: each needs an insertion or a substitution (a lower bound of the word edits). */
  readonly missing: number;
  /** Of those, words that are not even one letter edit from an input word. */
  readonly far: number;
}

/** The fewest and the most frame words the sentences of an expression have. */
export interface WordRange {
  readonly min: number;
  readonly max: number;
}

/** What costs are computed against, with their memos (one scope per input and set of rules). */
export interface CostScope {
  readonly rules: ReadonlyMap<string, Sentence>;
  readonly lists: ReadonlyMap<string, SlotList>;
  /** Lists whose values are the input's target names: they cost nothing, and an empty one rules a template out. */
  readonly targetLists: readonly string[];
  /** One-word skip words, which frames leave out. */
  readonly skipWords: ReadonlySet<string>;
  /** Words of longer skip phrases, which frames leave out only together. */
  readonly skipPhraseWords: ReadonlySet<string>;
  /** One more than the edits allowed: costs are counted up to it, no further. */
  readonly cap: number;
  readonly inputWords: InputWords;
  readonly costs: Map<Expression, TemplateCost>;
  readonly lengths: Map<Expression, WordRange>;
  /** The rules being expanded right now (a rule met again inside itself is a cycle). */
  readonly expanding: Set<string>;
}

/** The input frame's words, as template words are compared with them. */
export interface InputWords {
  /** The input has the word; a word piece (the "light" of "light[s]") only needs to be inside an input word. */
  has(word: string, isPiece: boolean): boolean;
  /** The word is one letter edit from an input word ("off" for "of"), both two letters or longer. */
  isNear(word: string): boolean;
}

const FREE: TemplateCost = { missing: 0, far: 0 };

/** The input words of a frame (target placeholders excluded). */
export function createInputWords(words: readonly string[]): InputWords {
  const exact = new Set(words);
  const pieces = new Map<string, boolean>();
  const near = new Map<string, boolean>();
  return {
    has(word, isPiece) {
      if (exact.has(word) || !isPiece) return exact.has(word);
      if (!pieces.has(word))
        pieces.set(
          word,
          words.some((typed) => typed.includes(word)),
        );
      return pieces.get(word)!;
    },
    isNear(word) {
      if (!near.has(word))
        near.set(
          word,
          words.some((typed) => Math.min(typed.length, word.length) >= 2 && editDistance(typed, word, 1) <= 1),
        );
      return near.get(word)!;
    },
  };
}

/**
 * The cost of `expression`: its cheapest sentence's words that the input lacks. An alternative offers
 * only the options `allowedOptions` keeps; a list, its values likewise. Counting stops at the cap, so
 * most templates are ruled out after their first words.
 */
export function costOf(expression: Expression, scope: CostScope): TemplateCost {
  const known = scope.costs.get(expression);
  if (known !== undefined) return known;
  let cost: TemplateCost;
  switch (expression.kind) {
    case 'text':
      cost = textCost(expression.folded, scope, UNKNOWN_EDGES);
      break;
    case 'sequence':
      cost = sumCosts(expression.items, scope, joinsOf);
      break;
    case 'permutation':
      // Permutation items are padded with spaces: they never join a neighbour.
      cost = sumCosts(expression.items, scope, () => NO_EDGES);
      break;
    case 'alternative':
      cost = cheapestOption(expression.items, scope);
      break;
    case 'list':
      cost = listCost(expression.listName, scope);
      break;
    case 'rule':
      // A missing or cyclic rule costs nothing here; sampling then fails and the template is skipped.
      cost = expandRule(scope, expression.ruleName, (body) => (body === undefined ? FREE : costOf(body, scope)));
  }
  scope.costs.set(expression, cost);
  return cost;
}

/**
 * The options of an alternative a near sentence may use. When the input has some option as is, only
 * such options: any other costs an edit and leads to the same frame or a farther one ("[the]" for
 * "teh" needs an edit either way). Otherwise the options within `budget` whose new words are all one
 * letter edit from an input word ("of" keeps "off" and "on"): a candidate that needs an unrelated word
 * in place of an option is no small slip.
 */
export function allowedOptions(items: readonly Expression[], scope: CostScope, budget: number): Expression[] {
  const costs = items.map((item) => costOf(item, scope));
  if (costs.some((cost) => cost.missing === 0)) return items.filter((_, i) => costs[i]!.missing === 0);
  return items.filter((_, i) => costs[i]!.far === 0 && costs[i]!.missing <= budget);
}

/**
 * Expands a rule within `scope`: `expand` gets the rule's body, or undefined when the rule is missing or
 * already being expanded (a cycle, which the sampler reports).
 */
export function expandRule<T>(scope: CostScope, ruleName: string, expand: (body: Expression | undefined) => T): T {
  const rule = scope.rules.get(ruleName);
  if (rule === undefined || scope.expanding.has(ruleName)) return expand(undefined);
  scope.expanding.add(ruleName);
  try {
    return expand(rule.expression);
  } finally {
    scope.expanding.delete(ruleName);
  }
}

/** How many frame words the sentences of `expression` have; word pieces and skip words count only towards the most. */
export function lengthOf(expression: Expression, scope: CostScope): WordRange {
  const known = scope.lengths.get(expression);
  if (known !== undefined) return known;
  let length: WordRange;
  switch (expression.kind) {
    case 'text':
      length = textLength(expression, UNKNOWN_EDGES, scope);
      break;
    case 'sequence':
      length = sumRanges(
        expression.items.map((item, i, items) =>
          item.kind === 'text' ? textLength(item, joinsOf(items, i), scope) : lengthOf(item, scope),
        ),
      );
      break;
    case 'permutation':
      length = sumRanges(
        expression.items.map((item) =>
          item.kind === 'text' ? textLength(item, NO_EDGES, scope) : lengthOf(item, scope),
        ),
      );
      break;
    case 'alternative':
      length = spanRanges(expression.items.map((item) => lengthOf(item, scope)));
      break;
    case 'list': {
      const list = scope.lists.get(expression.listName);
      const isOneWord =
        list === undefined ||
        list.kind !== 'text' ||
        scope.targetLists.includes(expression.listName) ||
        list.values.length === 0;
      length = isOneWord ? { min: 1, max: 1 } : spanRanges(list.values.map((value) => lengthOf(value.textIn, scope)));
      break;
    }
    case 'rule':
      length = expandRule(scope, expression.ruleName, (body) =>
        body === undefined ? { min: 0, max: Number.POSITIVE_INFINITY } : lengthOf(body, scope),
      );
  }
  scope.lengths.set(expression, length);
  return length;
}

/** Skip words and word pieces count only towards the most words. */
function textLength(chunk: TextChunk, edges: Edges, scope: CostScope): WordRange {
  const words = chunk.folded.split(' ');
  const isSure = (word: string, i: number) =>
    word !== '' && !scope.skipWords.has(word) && !scope.skipPhraseWords.has(word) && !isPiece(words, i, edges);
  return { min: words.filter(isSure).length, max: words.filter((word) => word !== '').length };
}

/** A text chunk in a sequence, costed once (each chunk has one place in the template). */
function textCostIn(chunk: TextChunk, edges: Edges, scope: CostScope): TemplateCost {
  const known = scope.costs.get(chunk);
  if (known !== undefined) return known;
  const cost = textCost(chunk.folded, scope, edges);
  scope.costs.set(chunk, cost);
  return cost;
}

/** Skip words cost nothing; a chunk's first or last word may be a piece of a longer word. */
function textCost(folded: string, scope: CostScope, edges: Edges): TemplateCost {
  const words = folded.split(' ');
  let missing = 0;
  let far = 0;
  for (let i = 0; i < words.length && missing < scope.cap; i++) {
    const word = words[i]!;
    if (word === '' || scope.skipWords.has(word) || scope.inputWords.has(word, isPiece(words, i, edges))) continue;
    missing++;
    if (!scope.inputWords.isNear(word)) far++;
  }
  return { missing, far };
}

function sumCosts(
  items: readonly Expression[],
  scope: CostScope,
  edgesOf: (items: readonly Expression[], i: number) => Edges,
): TemplateCost {
  let missing = 0;
  let far = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const cost = item.kind === 'text' ? textCostIn(item, edgesOf(items, i), scope) : costOf(item, scope);
    missing = Math.min(scope.cap, missing + cost.missing);
    far = Math.min(scope.cap, far + cost.far);
    if (missing >= scope.cap) break;
  }
  return { missing, far };
}

/** The cheapest option `allowedOptions` would keep (at any budget); none kept costs the cap. */
function cheapestOption(items: readonly Expression[], scope: CostScope): TemplateCost {
  let missing = scope.cap;
  for (const item of items) {
    const cost = costOf(item, scope);
    if (cost.missing === 0) return FREE;
    if (cost.far === 0) missing = Math.min(missing, cost.missing);
  }
  return missing < scope.cap ? { missing, far: 0 } : { missing: scope.cap, far: scope.cap };
}

/**
 * A target list costs nothing (its values are the input's names) unless it is empty. A range that is
 * still a range means the input has no digits: a number must be put in (one edit, which the number
 * constraint then refuses, and says so). Another text list is an alternative of its values. A
 * wildcard cannot be sampled faithfully ("add something to my list" is no repair of "ad milk to my
 * list"), so its templates are never candidates.
 */
function listCost(listName: string, scope: CostScope): TemplateCost {
  const list = scope.lists.get(listName);
  if (list === undefined) return FREE;
  if (list.kind === 'range') return { missing: 1, far: 0 };
  if (list.kind === 'wildcard' || list.values.length === 0) return { missing: scope.cap, far: scope.cap };
  if (scope.targetLists.includes(listName)) return FREE;
  return cheapestOption(
    list.values.map((value) => value.textIn),
    scope,
  );
}

/** Whether a chunk's text may run on into the text before and after it ("light" + "[s]"). */
interface Edges {
  readonly before: boolean;
  readonly after: boolean;
}

const UNKNOWN_EDGES: Edges = { before: true, after: true };
const NO_EDGES: Edges = { before: false, after: false };

/**
 * Where the chunk at `i` of a sequence may join its neighbours: not across a space, its own or a
 * neighbouring chunk's; at the ends of the sequence, the neighbours are unknown.
 */
function joinsOf(items: readonly Expression[], i: number): Edges {
  const item = items[i]!;
  const previous = items[i - 1];
  const next = items[i + 1];
  if (item.kind !== 'text') return UNKNOWN_EDGES;
  return {
    before: !item.folded.startsWith(' ') && !(previous?.kind === 'text' && previous.folded.endsWith(' ')),
    after: !item.folded.endsWith(' ') && !(next?.kind === 'text' && next.folded.startsWith(' ')),
  };
}

/** A chunk's first word may be a piece when the chunk may join what is before it, its last likewise after. */
function isPiece(words: readonly string[], i: number, edges: Edges): boolean {
  return (i === 0 && edges.before) || (i === words.length - 1 && edges.after);
}

function sumRanges(ranges: readonly WordRange[]): WordRange {
  return ranges.reduce((total, range) => ({ min: total.min + range.min, max: total.max + range.max }), {
    min: 0,
    max: 0,
  });
}

function spanRanges(ranges: readonly WordRange[]): WordRange {
  return { min: Math.min(...ranges.map((range) => range.min)), max: Math.max(...ranges.map((range) => range.max)) };
}
