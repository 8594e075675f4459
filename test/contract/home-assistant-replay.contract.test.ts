// Runs the Home Assistant contract against a recorded exchange, replayed exactly from a loopback server.

import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import {
  readRecordedExchange,
  startReplayHomeAssistant,
  type ReplayHomeAssistant,
} from '../fakes/home-assistant-replay/index.ts';
import { homeAssistantContract } from './home-assistant.contract.ts';

const EXCHANGE = readRecordedExchange(new URL('../fixtures/home-assistant-exchange/exchange.json', import.meta.url));
let replay: ReplayHomeAssistant | undefined;

homeAssistantContract('a recorded exchange, replayed', async () => {
  replay = await startReplayHomeAssistant(EXCHANGE);
  const started = replay;
  return {
    address: started.origin,
    token: EXCHANGE.tokens.accepted,
    badToken: EXCHANGE.tokens.refused,
    entity: { entityId: 'light.kitchen', state: 'on' },
    missingEntityId: 'light.cellar',
    serviceCall: {
      call: { domain: 'light', service: 'turn_on', data: { entity_id: 'light.bedroom', brightness_pct: 40 } },
      changed: [{ entityId: 'light.bedroom', state: 'on' }],
    },
    unknownService: { domain: 'light', service: 'explode', data: { entity_id: 'light.bedroom' } },
    registries: {
      area: { area_id: 'kitchen', name: 'Kitchen' },
      device: { id: '8f3e2a1c9b7d4e6f0a1b2c3d4e5f6a7b', area_id: 'kitchen', labels: [] },
      entity: {
        entity_id: 'light.kitchen',
        device_id: '8f3e2a1c9b7d4e6f0a1b2c3d4e5f6a7b',
        area_id: null,
        labels: [],
      },
    },
    restRequests: () => started.requests,
    close: async () => {},
  };
});

// After the contract: every request and command it made was in the recording (a miss is answered 599, and listed).
it('the contract asked the replay nothing the recording does not hold', () => {
  assert.deepEqual(replay?.unmatched, []);
});

after(() => replay?.close());
