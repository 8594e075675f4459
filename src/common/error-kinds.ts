// The fixed set of error kinds and the HTTP status of each, the same on every API.

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
  /** The request did not arrive in time (Node's HTTP server closes it before hearth reads it). */
  | 'request_timeout'
  /** The request's headers are larger than Node's HTTP parser reads. */
  | 'headers_too_large'
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
  request_timeout: 408,
  headers_too_large: 431,
  unavailable: 503,
  upstream_failure: 502,
  upstream_timeout: 504,
  internal: 500,
};
