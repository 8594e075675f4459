// Tables of lists or rules by name: given as a Map or a plain object, merged, or laid over one another.

/** Lists or rules by name, as a Map or a plain object (what the recognise and sample options take). */
export type ByName<T> = ReadonlyMap<string, T> | Readonly<Record<string, T>>;

/** What the matcher needs of a table of lists or rules. */
export interface Lookup<T> {
  get(name: string): T | undefined;
}

/** `extra` over `base`: the caller's entries win (hassil merges caller lists over the grammar's). */
export function overlay<T>(base: Lookup<T>, extra: ByName<T> | undefined): Lookup<T> {
  if (extra === undefined) return base;
  if (extra instanceof Map) return extra.size === 0 ? base : { get: (name) => extra.get(name) ?? base.get(name) };
  const record = extra as Readonly<Record<string, T>>;
  return { get: (name) => (Object.hasOwn(record, name) ? record[name] : base.get(name)) };
}

/** A table given either way as a Map (the same Map when it is one; an empty Map for undefined). */
export function toMap<T>(byName: ByName<T> | undefined): ReadonlyMap<string, T> {
  if (byName === undefined) return new Map();
  return byName instanceof Map ? byName : new Map(Object.entries(byName as Readonly<Record<string, T>>));
}

/** `extra` merged over `base` into a new Map (its entries win); `base` itself when `extra` is empty. */
export function mergeMaps<T>(base: ReadonlyMap<string, T>, extra: ReadonlyMap<string, T>): ReadonlyMap<string, T> {
  return extra.size === 0 ? base : new Map([...base, ...extra]);
}
