// A character trie: every stored key that is a prefix of a text, or that occurs anywhere in it.

/** A hit: where the key ends in the text, the key's length, and its value. */
export interface TrieHit<T> {
  start: number;
  end: number;
  value: T;
}

/** A trie over folded keys. */
export interface Trie<T> {
  insert(key: string, value: T): void;
  /** Values of keys that are prefixes of `text` from `start`, shortest key first, insertion order within a key. */
  prefixes(text: string, start: number): TrieHit<T>[];
  /** Every key occurring anywhere in `text` from `start`: by start position, then shortest first. */
  find(text: string, start: number): TrieHit<T>[];
  /** Whether some key is a prefix of `text` from `start` (no allocation). */
  hasPrefix(text: string, start: number): boolean;
}

/**
 * An empty trie. Nodes are numbers and every edge is one entry of a single map keyed by node and UTF-16
 * unit: a node costs a map entry, not a map of its own (a grammar's number words and a home's names make
 * thousands of nodes).
 */
export function createTrie<T>(): Trie<T> {
  const edges = new Map<number, number>();
  // Values per node; a node without values has none (holes are cheap).
  const valuesAt: T[][] = [];
  let nodeCount = 1;
  const child = (node: number, unit: number) => edges.get(node * 0x10000 + unit);
  const prefixes = (text: string, start: number): TrieHit<T>[] => {
    const hits: TrieHit<T>[] = [];
    let node: number | undefined = 0;
    for (let i = start; node !== undefined; i++) {
      const values = valuesAt[node];
      if (values !== undefined) for (const value of values) hits.push({ start, end: i, value });
      if (i >= text.length) break;
      node = child(node, text.charCodeAt(i));
    }
    return hits;
  };
  return {
    insert(key, value) {
      let node = 0;
      // Keys are walked per UTF-16 unit, like the text.
      for (let i = 0; i < key.length; i++) {
        const edge = node * 0x10000 + key.charCodeAt(i);
        let next = edges.get(edge);
        if (next === undefined) {
          next = nodeCount++;
          edges.set(edge, next);
        }
        node = next;
      }
      const values = valuesAt[node];
      if (values === undefined) valuesAt[node] = [value];
      else values.push(value);
    },
    prefixes,
    hasPrefix(text, start) {
      let node: number | undefined = 0;
      for (let i = start; node !== undefined; i++) {
        if (valuesAt[node] !== undefined) return true;
        if (i >= text.length) return false;
        node = child(node, text.charCodeAt(i));
      }
      return false;
    },
    find(text, start) {
      const hits: TrieHit<T>[] = [];
      for (let i = start; i < text.length; i++) hits.push(...prefixes(text, i).filter((hit) => hit.end > hit.start));
      return hits;
    },
  };
}
