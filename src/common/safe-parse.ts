// zod's safeParse for JSON from outside (a client's body, a model server's answer), which never throws.

import { z } from 'zod';

/**
 * `schema.safeParse(value)`, except that it never throws. zod's length checks read `.length` of any object that has
 * one, so an object where a string or an array belongs (`{"model": {"length": {"toString": null}}}`) made it throw a
 * TypeError, and a request a 500. Such a value is checked again without the `length` keys of its objects, where it
 * fails as the wrong type it is, naming its field.
 */
export function safeParseJson<T extends z.ZodType>(schema: T, value: unknown): z.ZodSafeParseResult<z.output<T>> {
  try {
    return schema.safeParse(value);
  } catch {
    try {
      const again = schema.safeParse(withoutObjectLengths(value, 0));
      if (!again.success) return again;
    } catch {
      // Reported below, as a value of a shape no field takes.
    }
    const issue = { code: 'custom' as const, path: [], message: 'a value has a shape no field takes', input: value };
    return { success: false, error: new z.ZodError([issue]) } as z.ZodSafeParseResult<z.output<T>>;
  }
}

/** The deepest nesting copied; JSON bodies are depth-limited long before (json-body.ts). */
const MAX_DEPTH = 256;

/** A copy of `value` whose objects (not arrays) have no `length` key. */
function withoutObjectLengths(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutObjectLengths(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    if (key !== 'length') copy[key] = withoutObjectLengths(inner, depth + 1);
  return copy;
}
