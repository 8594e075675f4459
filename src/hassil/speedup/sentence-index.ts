// An index of a grammar's templates by their required fragments: which templates could match this text.

import type { Sentence } from '../expression.ts';
import type { IntentData, Intents, PossibleSentences } from '../grammar/intents-model.ts';
import { listOfAtom, requiredClauses } from './required-words.ts';

/** Finds the templates whose required fragments all occur in a text. */
export interface SentenceIndex {
  /** The templates that may match one of `foldedTexts`, given which lists have a value there. */
  possible(foldedTexts: readonly string[], listOccurs: (name: string) => boolean): PossibleSentences;
}

interface Entry {
  sentence: Sentence;
  block: IntentData;
  /** Each clause as fragment ids; one of each must occur. */
  clauses: number[][];
}

interface FragmentNode {
  children: Map<string, FragmentNode>;
  /** The id of the fragment ending here, or -1. */
  id: number;
}

/** Builds the index for the grammar's templates with its own (and each block's) rules. */
export function createSentenceIndex(intents: Intents): SentenceIndex {
  const fragments = createFragmentTable();
  const always: Entry[] = [];
  const byAnchor = new Map<number, Entry[]>();
  for (const intent of intents.intents.values()) {
    for (const block of intent.data) {
      const rules =
        block.expansionRules.size === 0
          ? intents.expansionRules
          : new Map([...intents.expansionRules, ...block.expansionRules]);
      for (const sentence of block.sentences) {
        const clauses = requiredClauses(sentence.expression, rules).map((clause) => clause.map(fragments.idOf));
        const entry = { sentence, block, clauses };
        if (clauses.length === 0) always.push(entry);
        // Filed under each fragment of its most selective clause.
        else for (const id of anchorClause(clauses, fragments.lengthOf)) addTo(byAnchor, id, entry);
      }
    }
  }
  // A list a block defines for itself is not the one the caller's lists say anything about.
  const blockLists = new Set<string>();
  for (const intent of intents.intents.values())
    for (const block of intent.data) for (const name of block.slotLists.keys()) blockLists.add(name);
  const listAtoms = fragments.listAtoms();
  const alwaysSentences = new Set(always.map((entry) => entry.sentence));
  const alwaysBlocks = new Set(always.map((entry) => entry.block));
  return {
    possible(foldedTexts, listOccurs) {
      const { found, ids } = fragments.scan(foldedTexts);
      for (const [name, id] of listAtoms) {
        if (blockLists.has(name) || listOccurs(name)) {
          found[id] = 1;
          ids.push(id);
        }
      }
      // The templates with no required fragment may always match: they are looked up, never copied per text.
      const sentences = new Set<Sentence>();
      const blocks = new Set<IntentData>();
      for (const id of ids) {
        for (const entry of byAnchor.get(id) ?? []) {
          if (
            sentences.has(entry.sentence) ||
            !entry.clauses.every((clause) => clause.some((fragment) => found[fragment] === 1))
          )
            continue;
          sentences.add(entry.sentence);
          blocks.add(entry.block);
        }
      }
      return {
        sentences: { has: (sentence) => alwaysSentences.has(sentence) || sentences.has(sentence) },
        blocks: { has: (block) => alwaysBlocks.has(block) || blocks.has(block) },
      };
    },
  };
}

function addTo(byAnchor: Map<number, Entry[]>, id: number, entry: Entry): void {
  const entries = byAnchor.get(id);
  if (entries === undefined) byAnchor.set(id, [entry]);
  else entries.push(entry);
}

/** Every fragment gets an id; a trie over them finds which occur in a text in one pass per start. */
function createFragmentTable() {
  const root: FragmentNode = { children: new Map(), id: -1 };
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
      let node = root;
      for (const unit of fragment) {
        let child = node.children.get(unit);
        if (child === undefined) {
          child = { children: new Map(), id: -1 };
          node.children.set(unit, child);
        }
        node = child;
      }
      node.id = id;
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
          let node = root.children.get(text[start]!);
          for (let i = start + 1; node !== undefined; i++) {
            if (node.id >= 0 && found[node.id] === 0) {
              found[node.id] = 1;
              ids.push(node.id);
            }
            if (i >= text.length) break;
            node = node.children.get(text[i]!);
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
