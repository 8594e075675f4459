// An index of a grammar's templates by their required fragments: which templates could match this text.

import type { Sentence } from './expression.ts';
import type { IntentData, Intents, PossibleSentences } from './intents-model.ts';
import { requiredClauses } from './required-words.ts';
import { createTrie } from './trie.ts';

/** Finds the templates whose required fragments all occur in a text. */
export interface SentenceIndex {
  /** The templates that may match one of `foldedTexts`. */
  possible(foldedTexts: readonly string[]): PossibleSentences;
}

interface Entry {
  sentence: Sentence;
  block: IntentData;
  clauses: string[][];
}

/** Builds the index for the grammar's templates with its own (and each block's) rules. */
export function createSentenceIndex(intents: Intents): SentenceIndex {
  const always: Entry[] = [];
  const anchored = createTrie<Entry>();
  for (const intent of intents.intents.values()) {
    for (const block of intent.data) {
      const rules = block.expansionRules.size === 0 ? intents.expansionRules : new Map([...intents.expansionRules, ...block.expansionRules]);
      for (const sentence of block.sentences) {
        const clauses = requiredClauses(sentence.expression, rules);
        const entry = { sentence, block, clauses };
        if (clauses.length === 0) always.push(entry);
        // Filed under each fragment of its most selective clause (longest shortest fragment).
        else for (const fragment of anchorClause(clauses)) anchored.insert(fragment, entry);
      }
    }
  }
  const alwaysSentences = new Set(always.map((entry) => entry.sentence));
  const alwaysBlocks = new Set(always.map((entry) => entry.block));
  return {
    possible(foldedTexts) {
      const sentences = new Set(alwaysSentences);
      const blocks = new Set(alwaysBlocks);
      const add = (entry: Entry) => {
        sentences.add(entry.sentence);
        blocks.add(entry.block);
      };
      const contains = (fragment: string) => foldedTexts.some((text) => text.includes(fragment));
      for (const text of foldedTexts) {
        for (const hit of anchored.find(text, 0)) {
          const entry = hit.value;
          if (!sentences.has(entry.sentence) && entry.clauses.every((clause) => clause.some(contains))) add(entry);
        }
      }
      return { sentences, blocks };
    },
  };
}

function anchorClause(clauses: string[][]): string[] {
  let best = clauses[0]!;
  let bestScore = score(best);
  for (const clause of clauses) {
    const clauseScore = score(clause);
    if (clauseScore > bestScore) {
      best = clause;
      bestScore = clauseScore;
    }
  }
  return best;
}

/** A clause is selective when even its shortest fragment is long, and when it has few fragments. */
function score(clause: string[]): number {
  return Math.min(...clause.map((fragment) => fragment.length)) * 10 - clause.length;
}
