// The sentence after confirming a proposal: what changed when it went through, else the server's reason verbatim,
// else a fallback for each outcome.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeOutcome } from '../../web/src/confirm-outcome.ts';
import type { ConfirmResponse, Outcome, ProposalJson } from '../../web/src/types.ts';

const PROPOSAL: ProposalJson = {
  id: 'p1',
  connection: 'home',
  tool: 'call-physical-service',
  service: 'light.turn_on',
  entities: [{ entity_id: 'light.kitchen_light', name: 'Kitchen light', state: 'off' }],
  data: {},
  class: 'confirmed',
  status: 'confirmed',
  closed_reason: null,
  operation_id: 'op1',
  created_at: '2026-01-08T12:00:00Z',
  expires_at: '2026-01-08T12:15:00Z',
};

function reply(outcome: Outcome, extra: Partial<ConfirmResponse> = {}): ConfirmResponse {
  return { proposal: PROPOSAL, operation_id: 'op1', outcome, ...extra };
}

describe('describeOutcome', () => {
  const table: [string, ConfirmResponse, string][] = [
    [
      'done, with one changed entity',
      reply('done', { changed: [{ entity_id: 'light.kitchen_light', state: 'on' }] }),
      'Sent: light.kitchen_light is now on',
    ],
    [
      'done, with two changed entities, in order',
      reply('done', {
        changed: [
          { entity_id: 'light.kitchen_light', state: 'on' },
          { entity_id: 'switch.fan', state: 'off' },
        ],
      }),
      'Sent: light.kitchen_light is now on, switch.fan is now off',
    ],
    [
      'done, with changed entities and a reason: the entities win',
      reply('done', { changed: [{ entity_id: 'cover.garage', state: 'open' }], reason: 'ignored' }),
      'Sent: cover.garage is now open',
    ],
    [
      'done, nothing changed, a reason',
      reply('done', { changed: [], reason: 'Sent; no state changed.' }),
      'Sent; no state changed.',
    ],
    ['done, nothing changed, no reason', reply('done', { changed: [] }), 'Sent.'],
    ['done, no changed list, no reason', reply('done'), 'Sent.'],
    [
      'failed, a reason',
      reply('failed', { reason: 'Home Assistant answered 500: Internal Server Error' }),
      'Home Assistant answered 500: Internal Server Error',
    ],
    ['failed, no reason', reply('failed'), 'Home Assistant did not carry it out.'],
    [
      'failed, with a changed list (only done reports changes)',
      reply('failed', { changed: [{ entity_id: 'light.kitchen_light', state: 'on' }] }),
      'Home Assistant did not carry it out.',
    ],
    ['unknown, a reason', reply('unknown', { reason: 'The connection dropped.' }), 'The connection dropped.'],
    ['unknown, no reason', reply('unknown'), 'Home Assistant may have carried it out.'],
    ['not-sent, a reason', reply('not-sent', { reason: 'The limits changed.' }), 'The limits changed.'],
    ['not-sent, no reason', reply('not-sent'), 'Nothing was sent.'],
    ['an outcome this page does not know, no reason', reply('queued' as Outcome), 'queued'],
  ];
  for (const [name, given, sentence] of table) {
    it(name, () => assert.equal(describeOutcome(given), sentence));
  }
});
