// A JSON body checked against a route's zod schema: the value, or a 400 naming the field that is wrong.

import type { z } from 'zod';
import { type CodeOfKind, firstIssueMessage, HearthError, safeParseJson } from '../../common/index.ts';

/** `body` as `schema` reads it; otherwise a 400 with `code`, the first issue's message, and the field as `param`. */
export function parseBody<T extends z.ZodType>(
  schema: T,
  body: unknown,
  code: CodeOfKind<'invalid_request'>,
): z.output<T> {
  const parsed = safeParseJson(schema, body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // An unknown key is reported on its parent object; the key itself is what the client has to remove.
  const param = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
  throw new HearthError(code, firstIssueMessage(parsed.error), { ...(param ? { param } : {}) });
}
