// Ollama's `format`, both ways: `"json"` or a JSON schema, as OpenAI's `response_format`, which every backend passes on.

import { HearthError } from '../common/index.ts';
import type { OllamaChatRequest } from './request-schema.ts';

/** A request's `format` as `response_format`; absent or empty is none, and a string other than `"json"` is refused. */
export function decodeOllamaFormat(format: OllamaChatRequest['format']): Record<string, unknown> | undefined {
  if (format == null || format === '') return undefined;
  if (format === 'json') return { type: 'json_object' };
  if (typeof format === 'string') {
    throw new HearthError('INVALID_FORMAT', `invalid 'format': expected "json" or a JSON schema`, {
      param: 'format',
    });
  }
  return { type: 'json_schema', json_schema: { name: 'format', schema: format } };
}

/** `response_format` as Ollama's `format`: `"json"`, or the JSON schema itself; undefined when there is none to send. */
export function encodeOllamaFormat(responseFormat: Record<string, unknown> | undefined): unknown {
  if (responseFormat?.type === 'json_object') return 'json';
  if (responseFormat?.type === 'json_schema') {
    const schema = (responseFormat.json_schema as { schema?: unknown } | undefined)?.schema;
    return schema ?? 'json';
  }
  return undefined;
}
