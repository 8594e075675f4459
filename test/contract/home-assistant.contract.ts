// The contract of hearth's Home Assistant clients (REST, WebSocket and the reader joining them), run against each Home Assistant.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createHomeAssistantReader,
  type HaAreaEntry,
  type HaDeviceEntry,
  type HaEntityEntry,
  type HomeAssistantClient,
  type Read,
  type ServiceCall,
} from '../../src/homeassistant/index.ts';

/** One REST request as the Home Assistant under contract received it. */
export interface ReceivedRestRequest {
  method: string;
  /** The path with its query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A Home Assistant on a loopback socket, and what the contract may ask of it. */
export interface HomeAssistantUnderContract {
  /** `http://127.0.0.1:PORT`. */
  address: string;
  /** A token it accepts (an admin's). */
  token: string;
  /** A token it refuses. */
  badToken: string;
  /** An entity it has, and its state. */
  entity: { entityId: string; state: string };
  /** An entity id it does not have. */
  missingEntityId: string;
  /** A call it carries out, and the state of each entity the call changes, as it reports them. */
  serviceCall: { call: ServiceCall; changed: { entityId: string; state: string }[] };
  /** A call of an action it does not have (its answer is aiohttp's bare 400). */
  unknownService: ServiceCall;
  /** One row of each registry, in the fields hearth reads. */
  registries: { area: HaAreaEntry; device: HaDeviceEntry; entity: HaEntityEntry };
  /** Every REST request received so far, in order. */
  restRequests(): readonly ReceivedRestRequest[];
  close(): Promise<void>;
}

/** A guard so a case that would hang fails instead; never asserted. */
const GUARD = { timeout: 10_000 };

/** The value of a successful read (fails with the read's reason otherwise). */
function readValue<T>(read: Read<T>): T {
  assert.ok(read.ok, read.ok ? '' : `the read failed: ${read.failure}: ${read.reason}`);
  return read.value;
}

/** The failure of a read that must fail, and its reason. */
function failureOf<T>(read: Read<T>): { failure: string; reason: string } {
  assert.ok(!read.ok, 'the read must fail');
  return read;
}

/** The fields hearth reads of a registry row, picked from a longer row. */
function pick<T extends object>(row: object | undefined, like: T): Partial<T> {
  const source = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(like).map((key) => [key, source[key]])) as Partial<T>;
}

/**
 * Runs the Home Assistant contract: `start` is called once and gives a Home Assistant the cases share (the one
 * service call changes it, and no other case reads what the call changes).
 */
export function homeAssistantContract(name: string, start: () => Promise<HomeAssistantUnderContract>): void {
  describe(`Home Assistant contract: ${name}`, () => {
    let ha: HomeAssistantUnderContract | undefined;
    const readers: HomeAssistantClient[] = [];
    /** Everything a reader returned, scanned for the tokens at the end. */
    const seen: unknown[] = [];
    const current = (): HomeAssistantUnderContract => {
      if (ha === undefined) throw new Error('the contract setup has not run');
      return ha;
    };
    const reader = (token = current().token): HomeAssistantClient => {
      const created = createHomeAssistantReader({ address: current().address, token });
      readers.push(created);
      return created;
    };
    const saw = async <T>(pending: Promise<T>): Promise<T> => {
      const result = await pending;
      seen.push(result);
      return result;
    };

    before(async () => {
      ha = await start();
    });
    after(async () => {
      for (const created of readers) await created.close();
      await ha?.close();
    });

    describe('auth', () => {
      it('sends the token over REST as a bearer token, and nowhere else', GUARD, async () => {
        const { token, restRequests } = current();
        const before = restRequests().length;
        readValue(await saw(reader().getStates()));
        const sent = restRequests().slice(before);
        assert.equal(sent.length, 1);
        for (const request of sent) {
          assert.equal(request.headers.authorization, `Bearer ${token}`);
          const elsewhere = { ...request.headers, authorization: undefined, path: request.path, body: request.body };
          assert.ok(
            !JSON.stringify(elsewhere).includes(token),
            'the token is in no other header, the path or the body',
          );
        }
      });

      it('passes the WebSocket handshake with the token and reads over the socket', GUARD, async () => {
        const areas = readValue(await saw(reader().listAreas()));
        assert.ok(areas.length > 0, 'the areas came back');
      });

      it(
        'a refused token is unauthorized over REST and the WebSocket, and no reason holds a token',
        GUARD,
        async () => {
          const { token, badToken } = current();
          const refused = reader(badToken);
          const rest = failureOf(await saw(refused.getStates()));
          const ws = failureOf(await saw(refused.listAreas()));
          assert.deepEqual([rest.failure, ws.failure], ['unauthorized', 'unauthorized']);
          for (const { reason } of [rest, ws]) {
            assert.ok(!reason.includes(badToken) && !reason.includes(token), `a token leaked into: ${reason}`);
          }
        },
      );
    });

    describe('states', () => {
      it('gets every state, the entity among them with its state', GUARD, async () => {
        const { entity } = current();
        const states = readValue(await saw(reader().getStates()));
        const row = states.find((state) => state.entity_id === entity.entityId);
        assert.equal(row?.state, entity.state);
        for (const state of states) {
          assert.equal(typeof state.entity_id, 'string');
          assert.equal(typeof state.state, 'string');
          assert.equal(typeof state.attributes, 'object');
          assert.ok(state.last_changed.length > 0 && state.last_updated.length > 0, 'times are set');
        }
      });

      it('gets one state, the same as its row in every state', GUARD, async () => {
        const { entity } = current();
        const client = reader();
        const one = readValue(await saw(client.getState(entity.entityId)));
        const all = readValue(await saw(client.getStates()));
        assert.equal(one.entity_id, entity.entityId);
        assert.equal(one.state, entity.state);
        assert.deepEqual(
          one,
          all.find((state) => state.entity_id === entity.entityId),
        );
      });

      it('an entity it does not have is not-found (HA 404)', GUARD, async () => {
        const read = failureOf(await saw(reader().getState(current().missingEntityId)));
        assert.equal(read.failure, 'not-found');
      });
    });

    describe('service calls', () => {
      it(
        'calls a service: one POST to /api/services/<domain>/<service> whose body is the data, done with the changed states',
        GUARD,
        async () => {
          const { serviceCall, restRequests } = current();
          const before = restRequests().length;
          const outcome = await saw(reader().callService(serviceCall.call));
          assert.equal(outcome.kind, 'done', JSON.stringify(outcome));
          assert.ok(outcome.kind === 'done');
          assert.deepEqual(
            outcome.changed.map((state) => ({ entityId: state.entity_id, state: state.state })),
            serviceCall.changed,
          );
          const sent = restRequests().slice(before);
          assert.deepEqual(
            sent.map((request) => [request.method, request.path]),
            [['POST', `/api/services/${serviceCall.call.domain}/${serviceCall.call.service}`]],
          );
          assert.deepEqual(JSON.parse(sent[0]!.body), serviceCall.call.data);
        },
      );

      it('a service it does not have fails (HA bare 400), naming the action', GUARD, async () => {
        const { unknownService, token } = current();
        const outcome = await saw(reader().callService(unknownService));
        assert.equal(outcome.kind, 'failed', JSON.stringify(outcome));
        assert.ok(outcome.kind === 'failed');
        assert.ok(outcome.reason.includes('HTTP 400'), outcome.reason);
        assert.ok(outcome.reason.includes(`${unknownService.domain}.${unknownService.service}`), outcome.reason);
        assert.ok(!outcome.reason.includes(token), 'the token is not in the reason');
      });
    });

    describe('registries over the WebSocket', () => {
      it('lists the areas, devices and entities, each with the fields hearth reads', GUARD, async () => {
        const { registries } = current();
        const client = reader();
        const areas = readValue(await saw(client.listAreas()));
        const devices = readValue(await saw(client.listDevices()));
        const entities = readValue(await saw(client.listEntities()));
        assert.deepEqual(
          pick(
            areas.find((area) => area.area_id === registries.area.area_id),
            registries.area,
          ),
          registries.area,
        );
        assert.deepEqual(
          pick(
            devices.find((device) => device.id === registries.device.id),
            registries.device,
          ),
          registries.device,
        );
        assert.deepEqual(
          pick(
            entities.find((entity) => entity.entity_id === registries.entity.entity_id),
            registries.entity,
          ),
          registries.entity,
        );
      });
    });

    it('returned no token in anything it read', () => {
      const { token, badToken } = current();
      const text = JSON.stringify(seen);
      assert.ok(!text.includes(token) && !text.includes(badToken), 'no token in what the readers returned');
    });
  });
}
