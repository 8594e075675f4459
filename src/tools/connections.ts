// Managing Home Assistant connections, as the admin API and the command line see it (cli/ implements it).

import type { WriteMode } from './changes/stores.ts';
import { echo, INPUT_LIMITS } from './input-limits.ts';

/** A saved connection as it is shown: never its token. */
export interface ConnectionSummary {
  name: string;
  /** The address, e.g. `https://homeassistant.local:8123`; the only host its token is sent to. */
  address: string;
  /** The certificate pin, `host:port=<sha256 hex>`, or null. */
  pin: string | null;
  /** Whether the tools serve it. */
  enabled: boolean;
  /** What the write tools may do on it; new connections are `read-only`. */
  writeMode: WriteMode;
  /** ISO time it was saved. */
  createdAt: string;
}

/** What a person gives to save a connection. */
export interface NewConnection {
  name: string;
  url: string;
  token: string;
  pin?: string;
}

/** The outcome of saving: the connection, or the field that is wrong and why. */
export type AddConnectionResult =
  | { kind: 'added'; connection: ConnectionSummary }
  | { kind: 'invalid'; field: 'name' | 'url' | 'token' | 'pin'; reason: string }
  | { kind: 'taken'; field: 'name' | 'url'; reason: string };

/** The outcome of a test: the Home Assistant version, or the exact reason it failed. */
export type ConnectionTest = { ok: true; version: string } | { ok: false; reason: string };

/** The connections of this hearth. */
export interface ConnectionAdmin {
  list(): ConnectionSummary[];
  /** Checks the address and pin rules, then saves (the token encrypted); the token is never shown again. */
  add(connection: NewConnection): Promise<AddConnectionResult>;
  /** `GET /api/config` on the saved connection; undefined for an unknown name. */
  test(name: string): Promise<ConnectionTest | undefined>;
  /** False for an unknown name. */
  remove(name: string): Promise<boolean>;
  /** False for an unknown name. */
  setEnabled(name: string, enabled: boolean): boolean;
  /** False for an unknown name. */
  setWriteMode(name: string, mode: WriteMode): boolean;
}

/**
 * The size limits of a new connection (its name, address and token, as {@link INPUT_LIMITS} sets them), checked before
 * any other rule reads them: the first field over its limit, with a reason naming the limit and never quoting a token,
 * or null when all are within.
 */
export function checkConnectionSizes(
  connection: NewConnection,
): Extract<AddConnectionResult, { kind: 'invalid' }> | null {
  const { connectionNameChars, urlChars, tokenChars } = INPUT_LIMITS;
  if (connection.name.length > connectionNameChars)
    return {
      kind: 'invalid',
      field: 'name',
      reason: `${tooLong('name', connection.name, connectionNameChars)}: ${echo(connection.name)}`,
    };
  if (connection.url.length > urlChars)
    return {
      kind: 'invalid',
      field: 'url',
      reason: `${tooLong('address', connection.url, urlChars)}: ${echo(connection.url)}`,
    };
  if (connection.token.length > tokenChars)
    return { kind: 'invalid', field: 'token', reason: tooLong('token', connection.token, tokenChars) };
  // A pin is `host:port=` and 64 hex digits; an address's worth of characters is more than any real one.
  if (connection.pin !== undefined && connection.pin.length > urlChars)
    return {
      kind: 'invalid',
      field: 'pin',
      reason: `${tooLong('pin', connection.pin, urlChars)}: ${echo(connection.pin)}`,
    };
  return null;
}

/** "the token is 5000 characters, over the limit of 4096". */
function tooLong(what: string, text: string, limit: number): string {
  return `the ${what} is ${text.length} characters, over the limit of ${limit}`;
}
