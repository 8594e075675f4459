// hassil's merge_dict: merges one grammar document into another (dicts recursively, lists appended).

import { isRecord } from '../context.ts';
import { HassilError } from '../errors.ts';

/** A plain JSON-like object (what a YAML or JSON document parses to). */
export type PlainObject = Record<string, unknown>;

/**
 * Merges `source` into `target` in place, as hassil's `merge_dict` does: a key holding a dict on both
 * sides merges recursively, a list is extended, anything else is overwritten. A dict or list meeting a
 * value of another kind throws `INVALID_GRAMMAR` naming the key path.
 */
export function mergeDict(target: PlainObject, source: PlainObject, path: readonly string[] = []): PlainObject {
  for (const [key, value] of Object.entries(source)) {
    const old = target[key];
    const where = [...path, key];
    if (isRecord(old)) {
      if (!isRecord(value)) throw mismatch('a dict', where);
      mergeDict(old, value, where);
    } else if (Array.isArray(old)) {
      if (!Array.isArray(value)) throw mismatch('a list', where);
      old.push(...(value as unknown[]));
    } else {
      target[key] = value;
    }
  }
  return target;
}

function mismatch(kind: string, path: readonly string[]): HassilError {
  return new HassilError(
    'INVALID_GRAMMAR',
    `cannot merge ${path.join('.')}: the existing value is ${kind} and the new one is not`,
  );
}
