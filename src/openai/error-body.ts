// The one mapping from an error kind to an HTTP status and an OpenAI-style error body.

import type { ErrorKind } from '../common/index.ts';

/** `{"error": {message, type, param, code}}`, as OpenAI sends it. */
export interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** What an error becomes on the wire. */
export interface WireError {
  status: number;
  body: ErrorBody;
}

const STATUS_AND_TYPE: Record<ErrorKind, { status: number; type: string }> = {
  invalid_request: { status: 400, type: 'invalid_request_error' },
  authentication: { status: 401, type: 'authentication_error' },
  permission: { status: 403, type: 'permission_error' },
  not_found: { status: 404, type: 'invalid_request_error' },
  payload_too_large: { status: 413, type: 'invalid_request_error' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error' },
  unavailable: { status: 503, type: 'service_unavailable_error' },
  upstream_failure: { status: 502, type: 'upstream_error' },
  upstream_timeout: { status: 504, type: 'upstream_error' },
  internal: { status: 500, type: 'server_error' },
};

/** The status and body for an error of `kind`; `code` is lower-cased to OpenAI's style (`model_not_found`). */
export function toWireError(
  kind: ErrorKind,
  message: string,
  options: { code?: string; param?: string } = {},
): WireError {
  const { status, type } = STATUS_AND_TYPE[kind];
  return {
    status,
    body: { error: { message, type, param: options.param ?? null, code: options.code?.toLowerCase() ?? null } },
  };
}
