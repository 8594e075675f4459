// Wraps what goes wrong talking to a backend in coded errors that name the backend, never its secrets.

import { HearthError } from '../common/index.ts';
import { decodeErrorMessage } from '../openai/index.ts';

/** Longest upstream error text quoted in our own message. */
const MAX_QUOTED = 300;

/** Network error codes that mean the backend could not be reached at all. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Where a network failure happened: before the response started, or while reading it. */
export type FailurePhase = 'request' | 'response';

/** Why a fetch or a read stopped, as the watchdog saw it. */
export interface FailureCircumstances {
  phase: FailurePhase;
  /** The silence timer fired. */
  timedOut: boolean;
  /** The caller aborted (the client went away). */
  cancelled: boolean;
}

/** The error for a fetch or read that threw: cancelled, timed out (504), unreachable or cut off (502). */
export function wrapFetchError(backend: string, error: unknown, circumstances: FailureCircumstances): HearthError {
  if (circumstances.cancelled) return cancelledError(backend, error);
  if (circumstances.timedOut) {
    return new HearthError('BACKEND_TIMEOUT', `Backend '${backend}' did not answer in time.`, {
      cause: error,
    });
  }
  const code = networkCode(error);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new HearthError('BACKEND_TIMEOUT', `Backend '${backend}' did not accept the connection in time.`, {
      cause: error,
    });
  }
  if (circumstances.phase === 'response') {
    return new HearthError(
      'BACKEND_DISCONNECTED',
      `Backend '${backend}' closed the connection before its answer was complete.`,
      { cause: error },
    );
  }
  const reason = code !== undefined && UNREACHABLE_CODES.has(code) ? ` (${code})` : '';
  return new HearthError('BACKEND_UNREACHABLE', `Backend '${backend}' is unreachable${reason}.`, {
    cause: error,
  });
}

/** The error for a call its caller aborted (the client went away), whether or not it had reached the network. */
export function cancelledError(backend: string, cause: unknown): HearthError {
  return new HearthError(
    'REQUEST_CANCELLED',
    `The call to backend '${backend}' was cancelled because the client went away.`,
    { cause },
  );
}

/** The error for an upstream HTTP error status; a rejected request stays a 4xx for the client. */
export function wrapStatusError(backend: string, status: number, bodyText: string): HearthError {
  const quoted = quote(upstreamMessage(bodyText));
  if (status === 400 || status === 413 || status === 422) {
    return new HearthError('BACKEND_REJECTED', `Backend '${backend}' rejected the request${quoted}`);
  }
  return new HearthError('BACKEND_ERROR', `Backend '${backend}' answered HTTP ${status}${quoted}`);
}

/** The error for an `error` object a server sent inside a stream that had started with HTTP 200. */
export function streamError(backend: string, eventText: string): HearthError {
  return new HearthError(
    'BACKEND_ERROR',
    `Backend '${backend}' reported an error mid-stream${quote(upstreamMessage(eventText))}`,
  );
}

/** The error for an answer that is not what the protocol promises. */
export function badResponse(backend: string, problem: string): HearthError {
  return new HearthError('BACKEND_BAD_RESPONSE', `Backend '${backend}' sent an invalid response: ${problem}`);
}

/** What a secret is replaced with. */
const REDACTED = '[redacted]';
const REDACTED_WORD = 'redacted';

/** A run of characters a credential can be made of: everything but spaces, quotes and brackets (linear: no backtracking). */
const TOKEN = /[^\s"'`,;()<>[\]{}]+/g;

/** Words after which the next token is a credential. */
const CREDENTIAL_SCHEMES = new Set(['bearer', 'basic']);

/** The shortest prefix of the configured key that counts as the key. */
const MIN_KEY_PREFIX = 6;

/**
 * `text` with anything key-shaped blotted out: the configured key (exactly, or any prefix of at least
 * six characters), `sk-…` keys, the credential after `Bearer` or `Basic`, masked keys (`sk-abc****`,
 * `ab12****cd34`), and long random-looking runs of letters and digits (hex or base64 tokens). Each check
 * reads one token once, so the work is linear in the text, however hostile.
 */
export function redactSecrets(text: string, apiKey?: string): string {
  const exact = apiKey ? text.replaceAll(apiKey, REDACTED) : text;
  const keyPrefix =
    apiKey !== undefined && apiKey.length >= MIN_KEY_PREFIX ? apiKey.slice(0, MIN_KEY_PREFIX) : undefined;
  let afterScheme = false;
  return exact.replace(TOKEN, (token) => {
    const isCredential =
      afterScheme || looksLikeSecret(token) || (keyPrefix !== undefined && token.includes(keyPrefix));
    afterScheme = CREDENTIAL_SCHEMES.has(token.toLowerCase().replace(/:$/, ''));
    // "Bearer [redacted]": the word inside an earlier redaction is not redacted again.
    return isCredential && token !== REDACTED_WORD ? REDACTED : token;
  });
}

/** An `sk-` key, a masked key, or a long run of letters and digits with both in it. */
function looksLikeSecret(token: string): boolean {
  if (/(?:^|[^A-Za-z0-9])sk-[A-Za-z0-9]/i.test(token)) return true;
  if (token.includes('***')) return true;
  return token.split(/[^A-Za-z0-9+=]+/).some((run) => run.length >= 24 && /[0-9]/.test(run) && /[A-Za-z]/.test(run));
}

function upstreamMessage(bodyText: string): string {
  try {
    return decodeErrorMessage(JSON.parse(bodyText)) ?? bodyText;
  } catch {
    return bodyText;
  }
}

/** The upstream text as our message quotes it: secrets redacted (whoever passed it), one line, at most MAX_QUOTED. */
function quote(text: string): string {
  const trimmed = redactSecrets(text).trim().replace(/\s+/g, ' ');
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
