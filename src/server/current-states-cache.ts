// The current states of proposals' entities, read from Home Assistant per connection and kept for a moment.

import type { Clock } from '../common/index.ts';

/** Reads entities' current states on one connection (the guard's `currentStates`: null for one it cannot show). */
export type ReadCurrentStates = (
  connection: string,
  entityIds: readonly string[],
) => Promise<Map<string, string | null>>;

/** What {@link createCurrentStatesCache} works with. */
export interface CurrentStatesCacheOptions {
  read: ReadCurrentStates;
  /** Its monotonic reading dates each connection's states. */
  clock: Clock;
  /** How long states read from a connection are reused, in milliseconds. */
  ttlMs: number;
}

/** A connection's states and when they were read (monotonic milliseconds). */
interface Entry {
  readAtMs: number;
  states: Map<string, string | null>;
}

/**
 * {@link ReadCurrentStates} that reads only what it has not read from the connection within `ttlMs`: a page polling
 * every few seconds, in one tab or several, then costs Home Assistant one read per entity per `ttlMs` at most.
 */
export function createCurrentStatesCache(options: CurrentStatesCacheOptions): ReadCurrentStates {
  const entries = new Map<string, Entry>();
  const isFresh = (entry: Entry | undefined, nowMs: number): entry is Entry =>
    entry !== undefined && nowMs - entry.readAtMs < options.ttlMs;

  return async (connection, entityIds) => {
    const nowMs = options.clock.monotonic();
    // Stale entries are dropped, so the cache holds no more than what was read within the last `ttlMs`.
    for (const [name, entry] of entries) if (!isFresh(entry, nowMs)) entries.delete(name);
    const entry = entries.get(connection);
    const missing = [...new Set(entityIds)].filter((id) => !entry?.states.has(id));
    if (missing.length > 0) {
      const read = await options.read(connection, missing);
      const current = entries.get(connection);
      const target = isFresh(current, nowMs) ? current : { readAtMs: nowMs, states: new Map<string, string | null>() };
      for (const id of missing) target.states.set(id, read.get(id) ?? null);
      entries.set(connection, target);
    }
    const states = entries.get(connection)?.states;
    return new Map(entityIds.map((id) => [id, states?.get(id) ?? null]));
  };
}
