// Ollama's `{"error": "…"}` body, both ways: an error kind written as one (with the HTTP status every API gives it,
// common's), and one read from an Ollama server.

import { type ErrorKind, HTTP_STATUS_OF, isRecord } from '../common/index.ts';

/** Ollama's error body: one message, no codes. */
export interface OllamaErrorBody {
  error: string;
}

/** What an error becomes on the Ollama API. */
export interface OllamaWireError {
  status: number;
  body: OllamaErrorBody;
}

/**
 * The status and body for an error of `kind`: Ollama answers with the same HTTP statuses as the rest of the server,
 * so clients retry and report alike.
 */
export function toOllamaError(kind: ErrorKind, message: string): OllamaWireError {
  return { status: HTTP_STATUS_OF[kind], body: { error: message } };
}

/** Ollama's own wording for a model it does not have, which clients match on. */
export function modelNotFoundMessage(model: string): string {
  return `model '${model}' not found`;
}

/** Ollama's error text when `json` is its `{"error": "..."}` body, else undefined. */
export function ollamaErrorOf(json: unknown): string | undefined {
  if (!isRecord(json) || !('error' in json)) return undefined;
  const error = json.error;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
