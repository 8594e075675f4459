// The gate's exact-name rule: HA-Assist's own plan from a sentence not matched word for word (repaired, or a name said
// in part) never reaches a lock, an alarm panel or a garage door whose name the sentence does not say whole.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GateCall } from '../../../../src/assist/steps/gate/index.ts';
import { generateGateHome } from '../../gate-homes.ts';
import { verdictOf as verdictIn } from './gate-verdict.ts';

const HOME = generateGateHome(5);
const AREA = HOME.areas[0]!;

const call = (name: string, args: Record<string, unknown>): GateCall => ({ name, arguments: JSON.stringify(args) });

/** The verdict's kind and rule for HA-Assist's or the model's `calls` on `text`, matched exactly or not. */
const verdictOf = (text: string, calls: GateCall[], isExact: boolean, source: 'deterministic' | 'model') =>
  verdictIn(HOME.home, text, calls, { isExact }, source);

describe('the gate: devices that need their exact name', () => {
  const unlock = call('HassTurnOff', { name: HOME.door(AREA), domain: ['lock'] });
  const lamp = call('HassTurnOn', { name: HOME.lamp(AREA), domain: ['light'] });
  const rows: [
    what: string,
    text: string,
    calls: GateCall[],
    isExact: boolean,
    source: 'deterministic' | 'model',
    verdict: string[],
  ][] = [
    [
      'a lock named in part, not matched exactly',
      'unlock the door',
      [unlock],
      false,
      'deterministic',
      ['refuse', 'exact_name'],
    ],
    [
      'a lock named in part with its area',
      `unlock the door in the ${AREA}`,
      [unlock],
      false,
      'deterministic',
      ['refuse', 'exact_name'],
    ],
    [
      'a lock named whole in a repaired sentence',
      `unlock the ${HOME.door(AREA)} pls`,
      [unlock],
      false,
      'deterministic',
      ['ask', 'sensitive'],
    ],
    ['a lock the grammar matched exactly', 'unlock the door', [unlock], true, 'deterministic', ['ask', 'sensitive']],
    ['a lamp named in part', 'turn on the reading lamp', [lamp], false, 'deterministic', ['send']],
    [
      'a lock and a lamp, the lock named in part',
      'turn on the reading lamp and unlock the door',
      [lamp, unlock],
      false,
      'deterministic',
      ['refuse', 'exact_name'],
    ],
    [
      "the model's call: its own rules (a yes first)",
      'unlock the door',
      [unlock],
      false,
      'model',
      ['ask', 'sensitive'],
    ],
  ];
  for (const [what, text, calls, isExact, source, verdict] of rows)
    it(`${what}: ${verdict.join(' ')}`, () => assert.deepEqual(verdictOf(text, calls, isExact, source), verdict));
});
