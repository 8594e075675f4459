// The connections of the tool add-on, for the admin API and `hearth connections`: checked, saved, tested, removed.

import {
  checkAddress,
  type CertificatePin,
  type HomeAssistantClient,
  parseCertificatePin,
  pinApplies,
  type ResolveHost,
} from '../homeassistant/index.ts';
import { checkConnectionName, type ConnectionStore } from '../storage/index.ts';
import {
  type AddConnectionResult,
  type ConnectionAdmin,
  type ConnectionTest,
  checkConnectionSizes,
  type NewConnection,
  type WriteMode,
} from '../tools/index.ts';

/** What a saved connection's reader is made from. */
export interface ReaderTarget {
  address: string;
  token: string;
  pin?: CertificatePin;
}

/** Opens a reader for one connection (cli/ passes the real one; tests may pass one with an injected resolver). */
export type OpenReader = (target: ReaderTarget) => HomeAssistantClient;

/** What {@link createConnectionAdmin} works with. */
export interface ConnectionAdminOptions {
  store: ConnectionStore;
  openReader: OpenReader;
  /** The DNS lookup of the address rules (plain http to a name is allowed only when it resolves privately). */
  resolve: ResolveHost;
  /** Called after a connection is removed or switched, so cached readers are dropped. */
  onChange?: (name: string) => void | Promise<void>;
}

/** A token is one line of printable characters (a long-lived token is a JWT). */
const TOKEN_PATTERN = /^[\x21-\x7e]+$/;

/** Creates the connection admin over the store. */
export function createConnectionAdmin(options: ConnectionAdminOptions): ConnectionAdmin {
  const { store } = options;

  async function add(input: NewConnection): Promise<AddConnectionResult> {
    // The sizes first: nothing else reads an input over its limit, and nothing of it is stored.
    const tooLarge = checkConnectionSizes(input);
    if (tooLarge !== null) return tooLarge;
    const badName = checkConnectionName(input.name);
    if (badName !== null) return { kind: 'invalid', field: 'name', reason: badName };
    const token = input.token.trim();
    if (!TOKEN_PATTERN.test(token))
      return { kind: 'invalid', field: 'token', reason: 'the token must be one line of printable characters' };
    const address = await checkAddress(input.url, options.resolve);
    if (!address.ok) return { kind: 'invalid', field: 'url', reason: address.reason };
    const pin = input.pin === undefined ? undefined : checkPin(input.pin, address.origin);
    if (pin?.ok === false) return { kind: 'invalid', field: 'pin', reason: pin.reason };
    const added = store.add({ name: input.name, address: address.origin, token, pin: input.pin?.trim() ?? null });
    switch (added.kind) {
      case 'added':
        return { kind: 'added', connection: added.connection };
      case 'bad-name':
        return { kind: 'invalid', field: 'name', reason: added.reason };
      case 'name-taken':
        return { kind: 'taken', field: 'name', reason: `a connection named ${input.name} already exists` };
      case 'address-taken':
        return { kind: 'taken', field: 'url', reason: `the connection ${added.name} already has this address` };
    }
  }

  async function test(name: string): Promise<ConnectionTest | undefined> {
    const reader = openSaved(store, name, options.openReader);
    if (reader === undefined) return undefined;
    try {
      const answer = await reader.getConfig();
      return answer.ok ? { ok: true, version: answer.config.version } : { ok: false, reason: answer.reason };
    } finally {
      await reader.close();
    }
  }

  async function remove(name: string): Promise<boolean> {
    const removed = store.remove(name);
    if (removed) await options.onChange?.(name);
    return removed;
  }

  function setEnabled(name: string, enabled: boolean): boolean {
    const changed = store.setEnabled(name, enabled);
    if (changed) void options.onChange?.(name);
    return changed;
  }

  function setWriteMode(name: string, mode: WriteMode): boolean {
    const changed = store.setWriteMode(name, mode);
    if (changed) void options.onChange?.(name);
    return changed;
  }

  return { list: () => store.list(), add, test, remove, setEnabled, setWriteMode };
}

/** A reader for a saved connection, or undefined when there is none by that name. */
export function openSaved(
  store: ConnectionStore,
  name: string,
  openReader: OpenReader,
): HomeAssistantClient | undefined {
  const target = savedTarget(store, name);
  return target === undefined ? undefined : openReader(target);
}

/** What a saved connection is reached with: its address, its decrypted token and its pin; undefined when unknown. */
export function savedTarget(store: ConnectionStore, name: string): ReaderTarget | undefined {
  const connection = store.get(name);
  const token = connection === undefined ? undefined : store.readToken(name);
  if (connection === undefined || token === undefined) return undefined;
  const pin = connection.pin === null ? undefined : parseCertificatePin(connection.pin);
  return { address: connection.address, token, ...(pin?.ok ? { pin: pin.pin } : {}) };
}

/** A pin must parse and be for the address's own host:port: a pin for another host would never apply. */
function checkPin(text: string, origin: string): { ok: true } | { ok: false; reason: string } {
  const parsed = parseCertificatePin(text.trim());
  if (!parsed.ok) return parsed;
  const url = new URL(origin);
  if (url.protocol !== 'https:') return { ok: false, reason: 'a certificate pin needs an https address' };
  const port = Number(url.port || 443);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!pinApplies(parsed.pin, host, port))
    return { ok: false, reason: `the pin is for ${parsed.pin.host}:${parsed.pin.port}, not for ${host}:${port}` };
  return { ok: true };
}
