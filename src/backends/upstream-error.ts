// Wraps what goes wrong talking to a backend in coded errors that name the backend, never its secrets.

import { HearthError } from '../common/index.ts';
import { decodeErrorMessage } from '../openai/index.ts';

/** Longest upstream error text quoted in our own message. */
const MAX_QUOTED = 300;

/** Network error codes that mean the backend could not be reached at all. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
]);

/** The error for a fetch that threw: unreachable (502) or timed out (504). */
export function wrapFetchError(backend: string, error: unknown, timedOut: boolean): HearthError {
  if (timedOut) {
    return new HearthError('upstream_timeout', 'BACKEND_TIMEOUT', `Backend '${backend}' did not answer in time.`, { cause: error });
  }
  const code = networkCode(error);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new HearthError('upstream_timeout', 'BACKEND_TIMEOUT', `Backend '${backend}' did not accept the connection in time.`, { cause: error });
  }
  const reason = code !== undefined && UNREACHABLE_CODES.has(code) ? ` (${code})` : '';
  return new HearthError('upstream_failure', 'BACKEND_UNREACHABLE', `Backend '${backend}' is unreachable${reason}.`, { cause: error });
}

/** The error for an upstream HTTP error status; a rejected request stays a 4xx for the client. */
export function wrapStatusError(backend: string, status: number, bodyText: string): HearthError {
  const quoted = quote(upstreamMessage(bodyText));
  if (status === 400 || status === 413 || status === 422) {
    return new HearthError('invalid_request', 'BACKEND_REJECTED', `Backend '${backend}' rejected the request${quoted}`);
  }
  return new HearthError('upstream_failure', 'BACKEND_ERROR', `Backend '${backend}' answered HTTP ${status}${quoted}`);
}

/** The error for an answer that is not what the protocol promises. */
export function badResponse(backend: string, problem: string): HearthError {
  return new HearthError('upstream_failure', 'BACKEND_BAD_RESPONSE', `Backend '${backend}' sent an invalid response: ${problem}`);
}

function upstreamMessage(bodyText: string): string {
  try {
    return decodeErrorMessage(JSON.parse(bodyText)) ?? bodyText;
  } catch {
    return bodyText;
  }
}

function quote(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return '.';
  return `: ${trimmed.length > MAX_QUOTED ? `${trimmed.slice(0, MAX_QUOTED)}…` : trimmed}`;
}

function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
