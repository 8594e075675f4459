// Lazy, fair combinators over sampled texts: options interleaved, parts combined, permutation orders.

/** Produces the texts of one part; called once, when the part is first needed. */
export type TextSource = () => Iterable<string>;

/** The first text of every source in order, then the second of each, and so on (round robin), lazily. */
export function* interleave(sources: Iterable<TextSource>): Generator<string> {
  const active: Iterator<string>[] = [];
  for (const source of sources) {
    const iterator = source()[Symbol.iterator]();
    const first = iterator.next();
    if (first.done === true) continue;
    yield first.value;
    active.push(iterator);
  }
  while (active.length > 0) {
    for (let i = 0; i < active.length; ) {
      const next = active[i]!.next();
      if (next.done === true) {
        active.splice(i, 1);
        continue;
      }
      yield next.value;
      i++;
    }
  }
}

/**
 * Every way to join one text of each source, in source order. Combinations are produced level by level:
 * level L holds those whose highest text index is L, so early texts of every part are combined before
 * any part's later texts, and a bounded caller sees variety in every part, not only in the last one.
 */
export function* combine(sources: readonly TextSource[]): Generator<string> {
  const parts = sources.map((source) => new CachedTexts(source));
  if (!parts.every((part) => part.has(0))) return;
  if (parts.length === 0) {
    yield '';
    return;
  }
  for (let level = 0; ; level++) {
    let isLevelEmpty = true;
    for (let pivot = 0; pivot < parts.length; pivot++) {
      if (!parts[pivot]!.has(level)) continue;
      isLevelEmpty = false;
      yield* combinationsAt(parts, { level, pivot }, 0, '');
    }
    if (isLevelEmpty) return;
  }
}

/** Where a level's combinations stand: the first part (the pivot) that uses text `level`. */
interface LevelPosition {
  level: number;
  pivot: number;
}

/** Parts before the pivot use texts below the level, the pivot text `level`, parts after it any up to the level. */
function* combinationsAt(
  parts: readonly CachedTexts[],
  at: LevelPosition,
  index: number,
  prefix: string,
): Generator<string> {
  if (index === parts.length) {
    yield prefix;
    return;
  }
  const part = parts[index]!;
  if (index === at.pivot) {
    yield* combinationsAt(parts, at, index + 1, prefix + part.at(at.level));
    return;
  }
  const max = index < at.pivot ? at.level - 1 : at.level;
  for (let i = 0; i <= max && part.has(i); i++) yield* combinationsAt(parts, at, index + 1, prefix + part.at(i));
}

/** Every order of `items`, lazily, in lexicographic order of their positions (the written order first). */
export function* permutationsOf<T>(items: readonly T[]): Generator<T[]> {
  const order = items.map((_, i) => i);
  do yield order.map((i) => items[i]!);
  while (advancePermutation(order));
}

/** Rearranges `order` into the next permutation; false after the last one. */
function advancePermutation(order: number[]): boolean {
  let i = order.length - 2;
  while (i >= 0 && order[i]! >= order[i + 1]!) i--;
  if (i < 0) return false;
  let j = order.length - 1;
  while (order[j]! <= order[i]!) j--;
  [order[i], order[j]] = [order[j]!, order[i]!];
  order.splice(i + 1, order.length - i - 1, ...order.slice(i + 1).reverse());
  return true;
}

/** A source's texts, pulled on demand and kept, so combinations can reuse them. */
class CachedTexts {
  private readonly texts: string[] = [];
  private iterator: Iterator<string> | undefined;
  private isDone = false;

  constructor(private readonly source: TextSource) {}

  /** Whether the source has a text at `index` (pulling texts up to it). */
  has(index: number): boolean {
    while (this.texts.length <= index && !this.isDone) {
      this.iterator ??= this.source()[Symbol.iterator]();
      const next = this.iterator.next();
      if (next.done === true) this.isDone = true;
      else this.texts.push(next.value);
    }
    return index < this.texts.length;
  }

  /** The text at `index`; call `has(index)` first. */
  at(index: number): string {
    return this.texts[index]!;
  }
}
