// A small seeded pseudo-random generator (mulberry32) with the few draws the home generator needs.

/** A deterministic source of random draws; the same seed always gives the same sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  /** An integer in [min, max], both included. */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen by weight; `weightOf` must be positive for at least one item. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T;
}

/** The mulberry32 step (public domain, Tommy Ettinger): returns a generator of floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Creates a {@link Random} seeded with `seed` (any integer; only its low 32 bits count). */
export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (max: number): number => Math.floor(next() * max);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[int(items.length)] as T;
    },
    weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
      const total = items.reduce((sum, item) => sum + weightOf(item), 0);
      let roll = next() * total;
      for (const item of items) {
        roll -= weightOf(item);
        if (roll < 0) return item;
      }
      return items[items.length - 1] as T;
    },
  };
}
