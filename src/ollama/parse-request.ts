// Validates an Ollama request body against its schema, or throws an invalid-request error naming the field.

import type { z } from 'zod';
import { HearthError, issuePath, safeParseJson } from '../common/index.ts';

/** `body` parsed by `schema`; a failure is a 400 whose message names the first bad field, as Ollama's do. */
export function parseOllamaRequest<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HearthError('INVALID_REQUEST', 'the request body must be a JSON object');
  }
  const parsed = safeParseJson(schema, body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue === undefined ? '' : pathText(issue.path);
  const missing = issue?.code === 'invalid_type' && issue.message.endsWith('received undefined');
  const message = missing ? `'${path}' is required` : `invalid '${path}': ${issue?.message ?? 'unexpected shape'}`;
  throw new HearthError('INVALID_REQUEST', message, path === '' ? {} : { param: path });
}

/** `messages[1].tool_calls[0].function.name`, the way people read a field. */
function pathText(path: readonly PropertyKey[]): string {
  return issuePath(path).replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}
