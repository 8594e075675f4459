// A character trie: every stored key that is a prefix of a text, or that occurs anywhere in it.

interface TrieNode<T> {
  children: Map<string, TrieNode<T>>;
  values: T[];
}

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

/** An empty trie. */
export function createTrie<T>(): Trie<T> {
  const root: TrieNode<T> = { children: new Map(), values: [] };
  const prefixes = (text: string, start: number): TrieHit<T>[] => {
    const hits: TrieHit<T>[] = [];
    let node: TrieNode<T> | undefined = root;
    for (let i = start; node !== undefined; i++) {
      for (const value of node.values) hits.push({ start, end: i, value });
      if (i >= text.length) break;
      node = node.children.get(text[i]!);
    }
    return hits;
  };
  return {
    insert(key, value) {
      let node = root;
      for (const char of key) {
        // Keys are walked per UTF-16 unit, like the text.
        for (let u = 0; u < char.length; u++) {
          const unit = char[u]!;
          let child = node.children.get(unit);
          if (child === undefined) {
            child = { children: new Map(), values: [] };
            node.children.set(unit, child);
          }
          node = child;
        }
      }
      node.values.push(value);
    },
    prefixes,
    hasPrefix(text, start) {
      let node: TrieNode<T> | undefined = root;
      for (let i = start; node !== undefined; i++) {
        if (node.values.length > 0) return true;
        if (i >= text.length) return false;
        node = node.children.get(text[i]!);
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
