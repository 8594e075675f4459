// The latest HA-Assist turns, kept in memory for the page's chart: when, which route, how long. Nothing of their text.

import type { Clock } from '../common/index.ts';

/** One answered turn. */
export interface RecentTurn {
  /** ISO time the answer was complete. */
  at: string;
  route: 'direct' | 'llm' | 'vlm';
  /** Milliseconds from the request to the complete answer (for a direct answer, its preparation time). */
  ms: number;
  /** A request from Home Assistant or another client, or a sentence tried on the page's playground. */
  source: 'api' | 'playground';
}

/** A bounded record of the latest turns, oldest first; the oldest is dropped when it is full. */
export interface RecentTurns {
  add(turn: Omit<RecentTurn, 'at'>): void;
  list(): RecentTurn[];
}

/** Creates the record for `capacity` turns. */
export function createRecentTurns(capacity: number, clock: Clock): RecentTurns {
  // A ring: every answered turn adds one, so adding must not move the others. `next` is where the oldest is.
  const turns: RecentTurn[] = [];
  let next = 0;
  return {
    add(turn) {
      const recorded = { at: new Date(clock.now()).toISOString(), ...turn };
      if (turns.length < capacity) turns.push(recorded);
      else turns[next] = recorded;
      next = (next + 1) % capacity;
    },
    list: () => (turns.length < capacity ? [...turns] : [...turns.slice(next), ...turns.slice(0, next)]),
  };
}
