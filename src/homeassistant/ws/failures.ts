// WebSocket failures: the codes of the errors the client throws, and the read failure each one, or HA's error, means.

import { HearthError, isHearthError } from '../../common/index.ts';
import type { ReadFailure } from '../reader.ts';
import { CERT_NOT_PINNED, PUBLIC_ADDRESS } from '../rest/pinned-connector.ts';
import type { CommandError } from './types.ts';

/** Every code the WebSocket client throws (its kind is in common's ERROR_CODES) and the read failure it means. */
const WS_ERROR_CODES = {
  /** The address rules refused the address before connecting. */
  HA_ADDRESS_REFUSED: { failure: 'refused' },
  /** The certificate is not the pinned one. */
  [CERT_NOT_PINNED]: { failure: 'refused' },
  /** A plain `ws:` name resolved to a public address when connecting. */
  [PUBLIC_ADDRESS]: { failure: 'refused' },
  /** The certificate did not verify (e.g. self-signed and not pinned). */
  HA_CERT_UNTRUSTED: { failure: 'refused' },
  /** A message larger than the body limit; the connection is closed. */
  HA_MESSAGE_TOO_LARGE: { failure: 'refused' },
  /** `auth_invalid`: Home Assistant refused the token. */
  HA_UNAUTHORIZED: { failure: 'unauthorized' },
  /** The handshake or a command did not finish in time. */
  HA_TIMEOUT: { failure: 'unreachable' },
  /** The connection could not be opened, or the upgrade was answered with a redirect or another status. */
  HA_UNREACHABLE: { failure: 'unreachable' },
  /** Home Assistant did not answer a keepalive `ping` in time: the connection is given up (it may be frozen or gone). */
  HA_STOPPED_ANSWERING: { failure: 'unreachable' },
  /** The connection closed (either side) while something waited for it. */
  HA_CONNECTION_CLOSED: { failure: 'unreachable' },
  /** Home Assistant sent something that is not its documented protocol. */
  HA_BAD_ANSWER: { failure: 'bad-answer' },
  /** Home Assistant answered a command with an error where the caller needs its result. */
  HA_COMMAND_FAILED: { failure: 'unreachable' },
  /** A zero-length binary frame, which would make Home Assistant close the connection (ha-apis.md §3.10). */
  HA_BINARY_FRAME_EMPTY: { failure: 'refused' },
  /** An `assist_pipeline/run` request that Home Assistant's schema would refuse (wrong input for the start stage). */
  HA_PIPELINE_REQUEST_INVALID: { failure: 'refused' },
} as const satisfies Record<string, { failure: ReadFailure }>;

/** A code the WebSocket client throws. */
export type WsErrorCode = keyof typeof WS_ERROR_CODES;

/** Home Assistant's own command error codes that mean more than "it failed" (ha-apis.md §3.2). */
const COMMAND_ERROR_FAILURES: Readonly<Record<string, ReadFailure>> = {
  unknown_command: 'unknown-command',
  unauthorized: 'unauthorized',
  not_found: 'not-found',
  template_error: 'template-error',
};

/** The error the WebSocket client throws; `message` must already be free of the token. */
export function wsError(code: WsErrorCode, message: string, cause?: unknown): HearthError {
  return new HearthError(code, message, cause === undefined ? {} : { cause });
}

/** The read failure of an error thrown while opening or using the connection. */
export function failureOfError(error: unknown): { ok: false; failure: ReadFailure; reason: string } {
  if (isHearthError(error) && error.code in WS_ERROR_CODES) {
    return { ok: false, failure: WS_ERROR_CODES[error.code as WsErrorCode].failure, reason: error.message };
  }
  // Not ours: its message is not known to be safe to show, so only its name is.
  const name = error instanceof Error ? error.name : typeof error;
  return { ok: false, failure: 'unreachable', reason: `the WebSocket to Home Assistant failed (${name})` };
}

/** The read failure of a command Home Assistant answered with an error. */
export function failureOfCommandError(
  error: CommandError,
  commandType: string,
): { ok: false; failure: ReadFailure; reason: string } {
  const failure = COMMAND_ERROR_FAILURES[error.code] ?? 'unreachable';
  const reason =
    failure === 'template-error'
      ? error.message
      : `Home Assistant answered ${commandType} with ${error.code}: ${error.message}`;
  return { ok: false, failure, reason };
}
