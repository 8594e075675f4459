// An error kind as OpenAI's error body: its HTTP status (common's, as on every API) and OpenAI's error type.

import { type ErrorCode, type ErrorKind, HTTP_STATUS_OF } from '../common/index.ts';

/** `{"error": {message, type, param, code}}`, as OpenAI sends it. */
export interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** What an error becomes on the wire. */
export interface WireError {
  status: number;
  body: ErrorBody;
}

/** OpenAI's error `type` of each kind. */
const TYPE_OF: Record<ErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'invalid_request_error',
  conflict: 'invalid_request_error',
  payload_too_large: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  request_timeout: 'invalid_request_error',
  headers_too_large: 'invalid_request_error',
  unavailable: 'service_unavailable_error',
  upstream_failure: 'upstream_error',
  upstream_timeout: 'upstream_error',
  internal: 'server_error',
};

/** The status and body for an error of `kind`; `code` is lower-cased to OpenAI's style (`model_not_found`). */
export function toWireError(
  kind: ErrorKind,
  message: string,
  options: { code?: ErrorCode; param?: string } = {},
): WireError {
  const type = TYPE_OF[kind];
  return {
    status: HTTP_STATUS_OF[kind],
    body: { error: { message, type, param: options.param ?? null, code: options.code?.toLowerCase() ?? null } },
  };
}
