// A request's query parameters checked against a route's zod schema: the values, or a 400 naming the parameter.

import { z } from 'zod';
import { type CodeOfKind, HearthError } from '../../common/index.ts';
import { echo, INPUT_LIMITS } from '../../tools/index.ts';

/**
 * `c.req.queries()` as `schema` reads it: a parameter given once is its string, one given more than once the list of
 * its values (which a string schema refuses). Otherwise a 400 with `code`, naming the parameter as `param`.
 */
export function parseQuery<T extends z.ZodType>(
  schema: T,
  queries: Record<string, string[]>,
  code: CodeOfKind<'invalid_request'>,
): z.output<T> {
  const values = Object.fromEntries(
    Object.entries(queries).map(([name, given]) => [name, given.length === 1 ? given[0] : given]),
  );
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // An unknown parameter is reported on the query as a whole; the parameter itself is what the client has to remove.
  const param = issue?.code === 'unrecognized_keys' ? (issue.keys[0] ?? '') : String(issue?.path[0] ?? '');
  const message =
    issue?.code === 'unrecognized_keys'
      ? 'is not a parameter of this endpoint'
      : Array.isArray(values[param])
        ? 'is given more than once'
        : (issue?.message ?? 'is not valid');
  // The name is the client's own input too: `param` carries it cut, like the message.
  throw new HearthError(code, `The query parameter ${echo(param)} ${message}.`, {
    param: param.slice(0, INPUT_LIMITS.echoChars),
  });
}

/** A whole number from `min` to `max` in decimal digits (no sign, point or exponent); `fallback` when absent. */
export function wholeNumberParam(range: { min: number; max: number; fallback: number }) {
  const message = `must be a whole number from ${range.min} to ${range.max}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(range.min, message).max(range.max, message))
    .default(range.fallback);
}
