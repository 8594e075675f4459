// A read-only name lookup: a Map, or the caller's own entries laid over a Map without copying it.

/** What the matcher needs of a table of lists or rules. */
export interface Lookup<T> {
  get(name: string): T | undefined;
}

/** `extra` over `base`: the caller's entries win (hassil merges caller lists over the grammar's). */
export function overlay<T>(
  base: Lookup<T>,
  extra: ReadonlyMap<string, T> | Readonly<Record<string, T>> | undefined,
): Lookup<T> {
  if (extra === undefined) return base;
  if (extra instanceof Map) return extra.size === 0 ? base : { get: (name) => extra.get(name) ?? base.get(name) };
  const record = extra as Readonly<Record<string, T>>;
  return { get: (name) => (Object.hasOwn(record, name) ? record[name] : base.get(name)) };
}
