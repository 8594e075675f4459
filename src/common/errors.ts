// The project's one error class: a stable code, a kind that decides the wire status, and a cause.

/** The small fixed set of error kinds; each maps to one HTTP status, the same on every API. */
export type ErrorKind =
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'not_found'
  /** The request names something that already exists (a connection's name or address). */
  | 'conflict'
  | 'unavailable'
  | 'upstream_failure'
  | 'upstream_timeout'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'internal';

/** The HTTP status of each kind of error, on the OpenAI API and on Ollama's alike. */
export const HTTP_STATUS_OF: Readonly<Record<ErrorKind, number>> = {
  invalid_request: 400,
  authentication: 401,
  permission: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
  upstream_failure: 502,
  upstream_timeout: 504,
  internal: 500,
};

/** Options of a {@link HearthError}. */
export interface HearthErrorOptions {
  /** The request field or configuration key the error is about, e.g. `messages[1].role`. */
  param?: string;
  /** The underlying error, kept for logs; never sent on a wire. */
  cause?: unknown;
}

/** Every error this program throws: a string `code` (e.g. `BACKEND_TIMEOUT`), a kind and a clear message. */
export class HearthError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly param: string | undefined;

  constructor(kind: ErrorKind, code: string, message: string, options: HearthErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HearthError';
    this.kind = kind;
    this.code = code;
    this.param = options.param;
  }
}

/** True when `value` is a {@link HearthError}. */
export function isHearthError(value: unknown): value is HearthError {
  return value instanceof HearthError;
}
