// The auth handshake's steps (ha-apis.md §3.1) as a pure function: what the next message from Home Assistant means.

import { safeParseJson } from '../../common/index.ts';
import type { HearthError } from '../../common/index.ts';
import { withoutToken } from '../rest/rest-transport.ts';
import { wsError } from './failures.ts';
import { AuthInvalidSchema, AuthOkSchema, AuthRequiredSchema } from './types.ts';

/** What the handshake waits for: `auth_required` first, then `auth_ok` or `auth_invalid`. */
export type HandshakePhase = 'auth_required' | 'auth_result';

/** What to do after a message: send the auth message, the handshake succeeded, or it failed. */
export type HandshakeStep =
  | { kind: 'send-auth' }
  | { kind: 'authenticated'; haVersion: string | undefined }
  | { kind: 'failed'; error: HearthError };

/** What the steps need to know: the origin for the reasons and the token to keep out of them. */
export interface HandshakeContext {
  origin: string;
  token: string;
}

/** The step after `message` (parsed JSON, or undefined for a binary or non-JSON frame) in `phase`. */
export function nextHandshakeStep(phase: HandshakePhase, message: unknown, context: HandshakeContext): HandshakeStep {
  if (phase === 'auth_required') {
    return safeParseJson(AuthRequiredSchema, message).success
      ? { kind: 'send-auth' }
      : { kind: 'failed', error: unexpected(context.origin, 'auth_required') };
  }
  const ok = safeParseJson(AuthOkSchema, message);
  if (ok.success) return { kind: 'authenticated', haVersion: ok.data.ha_version };
  const invalid = safeParseJson(AuthInvalidSchema, message);
  if (invalid.success) return { kind: 'failed', error: refusedToken(invalid.data.message, context.token) };
  return { kind: 'failed', error: unexpected(context.origin, 'auth_ok or auth_invalid') };
}

/** The error of a socket that closed during the handshake without saying why. */
export function closedDuringHandshake(origin: string, phase: HandshakePhase): HearthError {
  const awaited = phase === 'auth_required' ? 'auth_required' : 'auth_ok';
  return wsError(
    'HA_UNREACHABLE',
    `Home Assistant at ${origin} closed the WebSocket while hearth waited for ${awaited}`,
  );
}

function unexpected(origin: string, expected: string): HearthError {
  return wsError(
    'HA_BAD_ANSWER',
    `Home Assistant at ${origin} did not send ${expected} during the WebSocket handshake`,
  );
}

function refusedToken(message: string | undefined, token: string): HearthError {
  const detail = message === undefined ? '' : ` (${withoutToken(message, token)})`;
  return wsError('HA_UNAUTHORIZED', `Home Assistant refused the token${detail}`);
}
