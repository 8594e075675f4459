// Copying the strings of a freshly parsed YAML document, so a loaded grammar keeps no file's whole text alive.

// V8 makes a slice of 13 characters or more a view into the string it was cut from: each template, list value
// and response read from a file would keep the whole file's text in memory for as long as the grammar lives.
const SHORTEST_VIEW = 13;

/** The same document with every long string replaced by a copy of its own (in place; returns `value`). */
export function detachStrings<T>(value: T): T {
  return detach(value, new Set()) as T;
}

function detach(value: unknown, seen: Set<object>): unknown {
  if (typeof value === 'string') return value.length < SHORTEST_VIEW ? value : ` ${value}`.slice(1);
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  // YAML aliases can make a node appear twice, or inside itself.
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = detach(value[i], seen);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) value[key] = detach(value[key], seen);
  }
  return value;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
