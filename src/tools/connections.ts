// Managing Home Assistant connections, as the admin API and the command line see it (cli/ implements it).

import type { WriteMode } from './changes/stores.ts';

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
