// The one mapping from an error kind to an HTTP status and Ollama's `{"error": "…"}` body.

import type { ErrorKind } from '../common/index.ts';

/** Ollama's error body: one message, no codes. */
export interface OllamaErrorBody {
  error: string;
}

/** What an error becomes on the Ollama API. */
export interface OllamaWireError {
  status: number;
  body: OllamaErrorBody;
}

/** Ollama answers with the same HTTP statuses as the rest of the server, so clients retry and report alike. */
const STATUS: Record<ErrorKind, number> = {
  invalid_request: 400,
  authentication: 401,
  permission: 403,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
  upstream_failure: 502,
  upstream_timeout: 504,
  internal: 500,
};

/** The status and body for an error of `kind`. */
export function toOllamaError(kind: ErrorKind, message: string): OllamaWireError {
  return { status: STATUS[kind], body: { error: message } };
}

/** Ollama's own wording for a model it does not have, which clients match on. */
export function modelNotFoundMessage(model: string): string {
  return `model '${model}' not found`;
}
