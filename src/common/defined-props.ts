// Optional properties written in one object: the entries whose value is undefined are left out.

/** `T` with every key whose value may be undefined made optional, and undefined removed from its type. */
export type DefinedProps<T> = Flatten<
  { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
    [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
  }
>;

type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * A copy of `props` without its undefined entries, in the same key order: `{ ...definedProps({ name, detail }) }`
 * instead of `...(name === undefined ? {} : { name })` per key. Null, false and empty values are kept.
 */
export function definedProps<T extends object>(props: T): DefinedProps<T> {
  const defined: Record<string, unknown> = {};
  // `props` is an object literal, so for...in sees exactly its own keys, without allocating a key array.
  for (const key in props) {
    const value = props[key];
    if (value !== undefined) defined[key] = value;
  }
  return defined as DefinedProps<T>;
}
