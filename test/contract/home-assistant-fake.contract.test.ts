// Runs the Home Assistant contract against the fake Home Assistant (REST and WebSocket) on a loopback socket.

import { ADMIN_TOKEN, AREAS, DEVICES, ENTITIES, startFakeHomeAssistant } from '../fakes/home-assistant/index.ts';
import { homeAssistantContract } from './home-assistant.contract.ts';

/** A token the fake does not know. */
const REFUSED_TOKEN = 'eyJ-contract-refused-token-9e4b1d';

/** The row of `rows` whose `key` is `value` (the fixture must have it). */
function rowOf<T>(rows: readonly T[], key: keyof T, value: unknown): T {
  const row = rows.find((candidate) => candidate[key] === value);
  if (row === undefined) throw new Error(`the fixture home has no row with ${String(key)} ${String(value)}`);
  return row;
}

homeAssistantContract('the fake Home Assistant', async () => {
  const fake = await startFakeHomeAssistant({ tokens: { [ADMIN_TOKEN]: { admin: true } } });
  const kitchen = fake.home.state('light.kitchen');
  if (kitchen === undefined) throw new Error('the fixture home has no light.kitchen');
  const area = rowOf(AREAS, 'area_id', 'kitchen');
  const device = rowOf(DEVICES, 'id', 'dev_kitchen_light');
  const entity = rowOf(ENTITIES, 'entity_id', 'light.kitchen');
  return {
    address: fake.rootUrl,
    token: ADMIN_TOKEN,
    badToken: REFUSED_TOKEN,
    entity: { entityId: kitchen.entity_id, state: kitchen.state },
    missingEntityId: 'light.cellar',
    // The bedroom lamp is off in the fixture home, so turning it on changes it.
    serviceCall: {
      call: { domain: 'light', service: 'turn_on', data: { entity_id: 'light.bedroom', brightness_pct: 40 } },
      changed: [{ entityId: 'light.bedroom', state: 'on' }],
    },
    unknownService: { domain: 'light', service: 'explode', data: { entity_id: 'light.bedroom' } },
    registries: {
      area: { area_id: area.area_id, name: area.name },
      device: { id: device.id, area_id: device.area_id, labels: device.labels },
      entity: {
        entity_id: entity.entity_id,
        device_id: entity.device_id,
        area_id: entity.area_id,
        labels: entity.labels,
      },
    },
    // The fake logs WebSocket upgrades with the REST requests; the contract counts REST requests only.
    restRequests: () => fake.log.requests.filter((request) => request.headers.upgrade === undefined),
    close: () => fake.close(),
  };
});
