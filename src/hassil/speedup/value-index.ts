// An index of a text list's plain values, so a match tries only the values the input can start with.

import type { Expression } from '../expression.ts';
import { createTrie } from './trie.ts';
import { skipWhitespace } from '../text/whitespace.ts';

/** Finds the values of a list that may match at a position; the rest cannot. */
export interface ValueIndex {
  /**
   * Indexes (ascending, so list order is kept) of the values whose text starts `text` at `start` once
   * leading whitespace is skipped, plus every value that is a template. `text` is case-folded.
   */
  candidates(text: string, start: number): number[];
  /** Whether some value could match somewhere in one of the (folded) texts; true when a value is a template. */
  occursIn(texts: readonly string[]): boolean;
  /** True when every value is plain text (no templates), so how a value matches depends only on the text. */
  readonly isPlain: boolean;
}

/** Builds the index: plain values go into a trie on their folded text, templates are always candidates. */
export function createValueIndex(values: readonly { readonly textIn: Expression }[]): ValueIndex {
  const trie = createTrie<number>();
  const always: number[] = [];
  values.forEach((value, index) => {
    const key = value.textIn.kind === 'text' ? value.textIn.folded.trimStart() : '';
    if (key === '') always.push(index);
    else trie.insert(key, index);
  });
  return {
    isPlain: always.length === 0,
    occursIn(texts) {
      if (always.length > 0) return true;
      return texts.some((text) => {
        for (let start = 0; start < text.length; start++) if (trie.hasPrefix(text, start)) return true;
        return false;
      });
    },
    candidates(text, start) {
      const at = skipWhitespace(text, start);
      const found = trie.prefixes(text, at);
      let indexes = found.length === 0 ? [] : found.map((hit) => hit.value);
      // A value with a space may also match text written with "-" or "_" (hassil breaks words apart).
      const dash = text.indexOf('-', at);
      const underscore = text.indexOf('_', at);
      if (dash >= 0 || underscore >= 0) {
        const broken = text.slice(0, at) + text.slice(at).replace(/[-_]/g, ' ');
        indexes = indexes.concat(trie.prefixes(broken, at).map((hit) => hit.value));
      }
      if (indexes.length === 0) return always;
      if (always.length === 0 && indexes.length === 1) return indexes;
      return [...new Set([...indexes, ...always])].sort((a, b) => a - b);
    },
  };
}
