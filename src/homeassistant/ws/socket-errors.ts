// The coded, token-free errors of a WebSocket that failed to open, was refused at the upgrade, or closed.

import type { RawData } from 'ws';
import { type HearthError, isHearthError } from '../../common/index.ts';
import { classifyFetchFailure, describeFetchFailure } from '../rest/failure-reason.ts';
import { wsError } from './failures.ts';

/** What is known about a socket that closed. */
export interface SocketClose {
  url: URL;
  /** The WebSocket close code, e.g. 1000, or 1006 when the connection dropped. */
  code: number;
  /** The close frame's reason text, often empty. */
  reason: string;
  /** The error `ws` reported before the close, if any. */
  error: Error | undefined;
  /** The message limit, for the reason of a too-large message. */
  maxMessageBytes: number;
}

/** `ws`'s code for a message over `maxPayload`. */
const MESSAGE_TOO_LARGE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/** The text of a frame, whatever form `ws` delivers it in. */
export function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * The error of a connection that failed before `auth_ok`. Only codes and the origin go into the message, as for
 * REST (failure-reason.ts): nothing from below that could echo a header.
 */
export function socketOpenError(error: unknown, origin: string, timeoutMs: number): HearthError {
  const own = ownError(error);
  if (own !== undefined) return own;
  const message = describeFetchFailure(error, { origin, timeoutMs });
  return wsError(classifyFetchFailure(error) === 'refused' ? 'HA_CERT_UNTRUSTED' : 'HA_UNREACHABLE', message, error);
}

/** The error of an upgrade answered with a status instead of `101 Switching Protocols`. */
export function upgradeRefusal(url: URL, status: number, location: unknown): HearthError {
  if (status >= 300 && status < 400) {
    const target = typeof location === 'string' ? location : 'an unnamed location';
    return wsError(
      'HA_UNREACHABLE',
      `Home Assistant at ${url.origin} answered the WebSocket upgrade with a redirect to ${target}; redirects are not followed`,
    );
  }
  return wsError(
    'HA_UNREACHABLE',
    `Home Assistant at ${url.origin} answered the WebSocket upgrade with HTTP ${status}`,
  );
}

/** The error of an authenticated socket that closed. */
export function describeSocketClose(close: SocketClose): HearthError {
  const { url, error } = close;
  if ((error as { code?: unknown } | undefined)?.code === MESSAGE_TOO_LARGE) {
    return wsError(
      'HA_MESSAGE_TOO_LARGE',
      `Home Assistant at ${url.origin} sent a WebSocket message larger than ${close.maxMessageBytes} bytes; refused, and the connection was closed`,
      error,
    );
  }
  const reason = close.reason === '' ? '' : `, ${close.reason}`;
  return wsError(
    'HA_CONNECTION_CLOSED',
    `the WebSocket to Home Assistant at ${url.origin} closed (code ${close.code}${reason})`,
    error,
  );
}

/**
 * One of hearth's own coded errors in the error's cause chain (the pin check, the plain-http lookup, the deadline):
 * it already carries its code and a sentence with no header in it.
 */
function ownError(error: unknown): HearthError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (isHearthError(current) && current.code.startsWith('HA_')) return current;
    current = current.cause;
  }
  return undefined;
}
