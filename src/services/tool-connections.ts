// The enabled connections the tools serve, read from the store at every call, each with a reader kept while it lasts.

import { isHearthError } from '../common/index.ts';
import type { ConnectionStore } from '../storage/index.ts';
import { type ChangeTarget, createTokenMatcher, type TokenMatcher, type ToolConnection } from '../tools/index.ts';
import { type OpenReader, openSaved } from './connection-admin.ts';

/** The pool of readers. */
export interface ToolConnections {
  /** The enabled connections, for the guard (a caller's own connections narrow them there). */
  current(): ToolConnection[];
  /**
   * The connection of `name` as changes need it (its identity, address, whether it is enabled and its write mode now,
   * its reader and writer), enabled or not; undefined when removed.
   */
  target(name: string): ChangeTarget | undefined;
  /** Drops the reader of `name` (after it was removed or changed). */
  forget(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Creates the pool. A reader is reused while its connection's row is unchanged. */
export function createToolConnections(options: { store: ConnectionStore; openReader: OpenReader }): ToolConnections {
  const cached = new Map<string, { key: string; connection: ToolConnection }>();

  function current(): ToolConnection[] {
    const enabled = options.store.list().filter((row) => row.enabled);
    for (const name of cached.keys()) if (!enabled.some((row) => row.name === name)) void forget(name);
    return enabled.flatMap((row) => {
      const key = `${row.id} ${row.address} ${row.pin} ${row.createdAt} ${row.writeMode}`;
      const hit = cached.get(row.name);
      if (hit?.key === key) return [hit.connection];
      if (hit !== undefined) void hit.connection.reader.close();
      const reader = openSavedOrSkip(options.store, row.name, options.openReader);
      if (reader === undefined) return [];
      const { name, address, writeMode } = row;
      const containsToken = tokenMatcherOf(options.store, name);
      const connection = { name, address, reader, writer: reader, writeMode, ...(containsToken && { containsToken }) };
      cached.set(row.name, { key, connection });
      return [connection];
    });
  }

  function target(name: string): ChangeTarget | undefined {
    const row = options.store.get(name);
    if (row === undefined) return undefined;
    const hit = cached.get(name);
    // A reader cached for an earlier connection of this name is not reused for the one saved now.
    const clients = hit?.key.startsWith(`${row.id} `)
      ? hit.connection
      : toClients(openSavedOrSkip(options.store, name, options.openReader));
    if (clients === undefined) return undefined;
    const { reader, writer } = clients;
    return { id: row.id, address: row.address, enabled: row.enabled, writeMode: row.writeMode, reader, writer };
  }

  async function forget(name: string): Promise<void> {
    const hit = cached.get(name);
    cached.delete(name);
    await hit?.connection.reader.close();
  }

  async function close(): Promise<void> {
    await Promise.all([...cached.keys()].map(forget));
  }

  return { current, target, forget, close };
}

/**
 * The matcher of the connection's own token, for the guard's redaction: Home Assistant may echo it in any shape (not
 * only as a JWT). The token stays inside the matcher.
 */
function tokenMatcherOf(store: ConnectionStore, name: string): TokenMatcher | undefined {
  try {
    const token = store.readToken(name);
    return token === undefined ? undefined : createTokenMatcher(token);
  } catch (error) {
    if (isHearthError(error)) return undefined;
    throw error;
  }
}

/** A connection whose token does not open (its row was changed) is not served: it is not guessed around. */
function openSavedOrSkip(store: ConnectionStore, name: string, openReader: OpenReader) {
  try {
    return openSaved(store, name, openReader);
  } catch (error) {
    if (isHearthError(error)) return undefined;
    throw error;
  }
}

/** A client opened for `target` as its reader and its writer (one object serves both). */
function toClients(client: ReturnType<typeof openSavedOrSkip>) {
  return client === undefined ? undefined : { reader: client, writer: client };
}
