// Issue 24's "all the X without a place" for locks: "lock all the doors" from a satellite is its area's locks; with
// no satellite the area is asked for; the whole home only when the sentence says so. Generated homes (gate-homes.ts),
// the built-in grammar; every row states the exact calls or the exact answer.

import { buildHaRequest, type HaChatRequest } from '../../src/homeassistant/request/index.ts';
import { type GateHome, generateGateHome } from './gate-homes.ts';
import type { GateRow, Outcome, Sent } from './gate-rows.ts';

function requestOf(home: GateHome, text: string, satelliteArea?: string): HaChatRequest {
  return buildHaRequest(home.home, {
    userText: text,
    era: '2026',
    ...(satelliteArea === undefined ? {} : { satelliteArea }),
  });
}

const ALL = ['lock all the doors', 'lock every door', 'lock all the locks', 'lock all of the doors', 'lock the doors'];
const WHOLE_HOME = [
  'lock all the doors in the house',
  'lock every door everywhere',
  'lock all the locks throughout the house',
  'lock the doors in the whole house',
];

/** The rows: from a satellite, with none, and with the whole home said (from a satellite or not). */
export function allLocksRows(): GateRow[] {
  return Array.from({ length: 32 }, (_, i) => {
    const home = generateGateHome(5000 + i);
    const homeWide: Sent = { name: 'HassTurnOn', arguments: { domain: ['lock'] } };
    const row = (text: string, satellite: string | undefined, outcome: Outcome): GateRow => ({
      text: satellite === undefined ? text : `${text} [said in the ${satellite}]`,
      home: home.home,
      request: requestOf(home, text, satellite),
      isDeterministic: true,
      withoutModel: outcome,
      withModel: [{ calls: [homeWide], outcome }],
    });
    const satellite = home.random.pick(home.areas);
    switch (i % 3) {
      case 0:
        return row(home.random.pick(ALL), satellite, {
          calls: [{ name: 'HassTurnOn', arguments: { area: satellite, domain: ['lock'] } }],
        });
      case 1:
        // "Lock the doors" with no place and no satellite is no deterministic case; the quantified forms are asked about.
        return row(home.random.pick(ALL.slice(0, 4)), undefined, { answer: 'Which area do you mean?' });
      default:
        return row(home.random.pick(WHOLE_HOME), i % 2 === 0 ? satellite : undefined, { calls: [homeWide] });
    }
  });
}
