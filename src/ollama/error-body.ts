// An error kind as Ollama's `{"error": "…"}` body, with the HTTP status every API gives it (common's).

import { type ErrorKind, HTTP_STATUS_OF } from '../common/index.ts';

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
