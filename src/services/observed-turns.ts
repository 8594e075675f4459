// The page's record of turns, each API turn also counted (hearth_assist_turns_total) when metrics are kept.

import type { RecentTurns } from '../assist/index.ts';
import type { Metrics } from '../metrics/index.ts';

/** The page's record of turns, also counted in the metrics when they are kept. */
export function observedTurns(recent: RecentTurns, metrics: Metrics | undefined): RecentTurns {
  if (metrics === undefined) return recent;
  return {
    add(turn) {
      recent.add(turn);
      if (turn.source === 'api') metrics.turn(turn.route, turn.ms / 1000);
    },
    list: recent.list,
  };
}
