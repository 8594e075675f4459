// An index of a grammar's templates by their required fragments: which templates could match this text.

import type { Sentence } from '../expression.ts';
import type { Intent, IntentData, Intents, PossibleBlock } from '../grammar/intents-model.ts';
import { listOfAtom, requiredClauses } from './required-words.ts';

/** Finds the templates whose required fragments all occur in a text. */
export interface SentenceIndex {
  /** The blocks and templates that may match one of `foldedTexts`, given which lists have a value there. */
  possible(foldedTexts: readonly string[], listOccurs: (name: string) => boolean): readonly PossibleBlock[];
}

interface Entry {
  /** The template's place in the grammar (intents, blocks, then templates in order). */
  order: number;
  /** Its block's place among the grammar's blocks. */
  blockOrder: number;
  sentence: Sentence;
  /** Clauses of one fragment: each must occur. */
  required: readonly number[];
  /** Clauses of several fragments (alternatives): one of each must occur. */
  choices: readonly (readonly number[])[];
}

/** Builds the index for the grammar's templates with its own (and each block's) rules. */
export function createSentenceIndex(intents: Intents): SentenceIndex {
  const fragments = createFragmentTable();
  const entries: Entry[] = [];
  const blocks: { intent: Intent; block: IntentData }[] = [];
  const always: number[] = [];
  const byAnchor = new Map<number, Entry[]>();
  // A list a block defines for itself is not the one the caller's lists say anything about.
  const blockLists = new Set<string>();
  for (const intent of intents.intents.values()) {
    for (const block of intent.data) {
      const blockOrder = blocks.push({ intent, block }) - 1;
      for (const name of block.slotLists.keys()) blockLists.add(name);
      const rules =
        block.expansionRules.size === 0
          ? intents.expansionRules
          : new Map([...intents.expansionRules, ...block.expansionRules]);
      for (const sentence of block.sentences) {
        const clauses = requiredClauses(sentence.expression, rules).map((clause) => clause.map(fragments.idOf));
        const entry: Entry = {
          order: entries.length,
          blockOrder,
          sentence,
          required: clauses.filter((clause) => clause.length === 1).map((clause) => clause[0]!),
          choices: exactly(clauses.filter((clause) => clause.length > 1)),
        };
        entries.push(entry);
        if (clauses.length === 0) always.push(entry.order);
        // Filed under each fragment of its most selective clause.
        else for (const id of anchorClause(clauses, fragments.lengthOf)) addTo(byAnchor, id, entry);
      }
    }
  }
  const anchored = new Map([...byAnchor].map(([id, filed]) => [id, exactly(filed)] as const));
  const listAtoms = fragments.listAtoms().filter(([name]) => !blockLists.has(name));
  const blockListAtoms = fragments.listAtoms().filter(([name]) => blockLists.has(name));
  return {
    possible(foldedTexts, listOccurs) {
      const { found, ids } = fragments.scan(foldedTexts);
      for (const [, id] of blockListAtoms) mark(found, ids, id);
      for (const [name, id] of listAtoms) if (listOccurs(name)) mark(found, ids, id);
      const taken: number[] = [...always];
      for (const id of ids) {
        for (const entry of anchored.get(id) ?? NONE) if (isSatisfied(entry, found)) taken.push(entry.order);
      }
      // Grammar order decides which result comes first; a template filed under two fragments found is taken once.
      taken.sort((a, b) => a - b);
      const possible: PossibleBlock[] = [];
      let current: { intent: Intent; block: IntentData; sentences: Sentence[] } | undefined;
      let previous = -1;
      for (const order of taken) {
        if (order === previous) continue;
        previous = order;
        const entry = entries[order]!;
        const { intent, block } = blocks[entry.blockOrder]!;
        if (current?.block !== block) {
          current = { intent, block, sentences: [] };
          possible.push(current);
        }
        current.sentences.push(entry.sentence);
      }
      return possible;
    },
  };
}

/**
 * The array without the room it grew by: an array built by pushing keeps spare slots (17 for its first element),
 * and the index keeps thousands of them for as long as the grammar lives.
 */
function exactly<T>(items: readonly T[]): readonly T[] {
  return items.length === 0 ? NONE : items.slice();
}

// One empty array for every template without alternative clauses (frozen: it is shared).
const NONE: readonly never[] = Object.freeze([]);

function mark(found: Uint8Array, ids: number[], id: number): void {
  if (found[id] === 1) return;
  found[id] = 1;
  ids.push(id);
}

function isSatisfied(entry: Entry, found: Uint8Array): boolean {
  for (const id of entry.required) if (found[id] !== 1) return false;
  for (const choice of entry.choices) if (!choice.some((id) => found[id] === 1)) return false;
  return true;
}

function addTo(byAnchor: Map<number, Entry[]>, id: number, entry: Entry): void {
  const entries = byAnchor.get(id);
  if (entries === undefined) byAnchor.set(id, [entry]);
  else entries.push(entry);
}

/**
 * Every fragment gets an id; a trie over them finds which occur in a text in one pass per start. Trie nodes
 * are numbers, each edge one entry of a single map keyed by node and UTF-16 unit.
 */
function createFragmentTable() {
  const edges = new Map<number, number>();
  // The id of the fragment ending at each node, -1 for none.
  const idAt: number[] = [-1];
  const lengths: number[] = [];
  const ids = new Map<string, number>();
  return {
    idOf(fragment: string): number {
      let id = ids.get(fragment);
      if (id !== undefined) return id;
      id = lengths.length;
      ids.set(fragment, id);
      const isListAtom = listOfAtom(fragment) !== undefined;
      // A list atom is never in the text (its presence is decided per call) and is the least selective anchor.
      lengths.push(isListAtom ? 0 : fragment.length);
      if (isListAtom) return id;
      let node = 0;
      for (let i = 0; i < fragment.length; i++) {
        const edge = node * 0x10000 + fragment.charCodeAt(i);
        let next = edges.get(edge);
        if (next === undefined) {
          next = idAt.push(-1) - 1;
          edges.set(edge, next);
        }
        node = next;
      }
      idAt[node] = id;
      return id;
    },
    lengthOf: (id: number) => lengths[id]!,
    /** The list atoms among the fragments: list name and fragment id. */
    listAtoms(): [string, number][] {
      return [...ids].flatMap(([fragment, id]) => {
        const name = listOfAtom(fragment);
        return name === undefined ? [] : [[name, id] as [string, number]];
      });
    },
    /** The fragments occurring in one of the texts: a 0/1 table by id, and the list of ids. */
    scan(texts: readonly string[]): { found: Uint8Array; ids: number[] } {
      const found = new Uint8Array(lengths.length);
      const ids: number[] = [];
      for (const text of texts) {
        for (let start = 0; start < text.length; start++) {
          let node = edges.get(text.charCodeAt(start));
          for (let i = start + 1; node !== undefined; i++) {
            const id = idAt[node]!;
            if (id >= 0 && found[id] === 0) {
              found[id] = 1;
              ids.push(id);
            }
            if (i >= text.length) break;
            node = edges.get(node * 0x10000 + text.charCodeAt(i));
          }
        }
      }
      return { found, ids };
    },
  };
}

/**
 * The most selective clause: literal fragments before list atoms (any list value may occur), then the
 * clause whose shortest fragment is longest, then the one with fewer fragments.
 */
function anchorClause(clauses: number[][], lengthOf: (id: number) => number): number[] {
  const score = (clause: number[]) => Math.min(...clause.map(lengthOf)) * 10 - clause.length;
  return clauses.reduce((best, clause) => (score(clause) > score(best) ? clause : best));
}
