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
  const turns: RecentTurn[] = [];
  return {
    add(turn) {
      turns.push({ at: new Date(clock.now()).toISOString(), ...turn });
      if (turns.length > capacity) turns.splice(0, turns.length - capacity);
    },
    list: () => [...turns],
  };
}
