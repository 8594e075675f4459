// The fake's WebSocket `call_service` over a real socket: the same engine as REST, with HA's result and error codes.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { ADMIN_TOKEN, type FakeHomeAssistant, type FakeHomeAssistantOptions, startFakeHomeAssistant } from './index.ts';

const GUARD = { timeout: 10_000 };
const USER_ID = '9d3f6c0a1b2e4f5a8c7d6e5f4a3b2c1d';

type Message = Record<string, unknown>;

async function start(options: Partial<FakeHomeAssistantOptions> = {}): Promise<FakeHomeAssistant> {
  const tokens = { [ADMIN_TOKEN]: { admin: true, userId: USER_ID } };
  const fake = await startFakeHomeAssistant({ tokens, ...options });
  after(() => fake.close());
  return fake;
}

/** An authenticated connection: `call` sends a command with the next id and waits for its answer. */
async function connect(fake: FakeHomeAssistant) {
  const socket = new WebSocket(fake.wsUrl);
  const queue: Message[] = [];
  const waiters: ((message: Message) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Message;
    const waiter = waiters.shift();
    if (waiter === undefined) queue.push(message);
    else waiter(message);
  });
  const closed = once(socket, 'close');
  after(() => socket.terminate());
  const next = (): Promise<Message> =>
    queue.length > 0 ? Promise.resolve(queue.shift() as Message) : new Promise((resolve) => waiters.push(resolve));
  await once(socket, 'open');
  await next();
  socket.send(JSON.stringify({ type: 'auth', access_token: ADMIN_TOKEN }));
  assert.equal((await next()).type, 'auth_ok');
  let id = 0;
  return {
    closed,
    call(command: Message): Promise<Message> {
      socket.send(JSON.stringify({ id: ++id, type: 'call_service', ...command }));
      return next();
    },
  };
}

describe('fake Home Assistant WebSocket call_service', () => {
  it('runs the call, answers its context without a response, and the state changes', GUARD, async () => {
    const fake = await start();
    const client = await connect(fake);
    const answer = await client.call({
      domain: 'light',
      service: 'turn_on',
      service_data: { brightness_pct: 100 },
      target: { entity_id: 'light.bedroom' },
    });
    const [call] = fake.log.serviceCalls;
    assert.deepEqual(answer, {
      id: 1,
      type: 'result',
      success: true,
      result: { context: { id: call?.contextId, parent_id: null, user_id: USER_ID } },
    });
    assert.deepEqual(call?.data, { brightness_pct: 100, entity_id: 'light.bedroom' });
    assert.equal(call?.via, 'ws');
    const state = fake.home.state('light.bedroom');
    assert.deepEqual([state?.state, state?.attributes.brightness, state?.context.id], ['on', 255, call?.contextId]);
  });

  it('adds the response only when it is asked for', GUARD, async () => {
    const fake = await start();
    const client = await connect(fake);
    const answer = await client.call({
      domain: 'weather',
      service: 'get_forecasts',
      service_data: { type: 'hourly' },
      target: { entity_id: 'weather.home' },
      return_response: true,
    });
    assert.deepEqual((answer.result as Message).response, { 'weather.home': { forecast: [] } });
  });

  it('answers not_found, invalid_format, service_validation_error and home_assistant_error', GUARD, async () => {
    const fake = await start({ serviceErrors: { 'light.kitchen': 'validation', 'switch.coffee_machine': 'ha_error' } });
    const client = await connect(fake);
    const errors: unknown[] = [];
    for (const command of [
      { domain: 'light', service: 'explode' },
      { domain: 'light', service: 'turn_on', service_data: { brightness_pct: 'bright' } },
      { domain: 'light', service: 'turn_on', return_response: true },
      { domain: 'weather', service: 'get_forecasts', service_data: { type: 'daily' } },
      { domain: 'light', service: 'turn_on', target: { entity_id: 'light.kitchen' } },
      { domain: 'switch', service: 'turn_on', target: { entity_id: 'switch.coffee_machine' } },
    ]) {
      const answer = await client.call(command);
      assert.equal(answer.success, false);
      errors.push(answer.error);
    }
    assert.deepEqual(errors, [
      { code: 'not_found', message: 'Service light.explode not found.' },
      { code: 'invalid_format', message: "expected float @ data['brightness_pct']" },
      {
        code: 'service_validation_error',
        message:
          "Validation error: An action which does not return responses can't be called with return_response=True",
      },
      {
        code: 'service_validation_error',
        message: 'Validation error: The action requires responses and must be called with return_response=True',
      },
      {
        code: 'service_validation_error',
        message: 'Validation error: Entity light.kitchen does not support action light.turn_on',
      },
      {
        code: 'home_assistant_error',
        message: 'Failed to perform the action switch.turn_on: switch.coffee_machine is offline',
      },
    ]);
    assert.equal(fake.home.state('light.kitchen')?.state, 'off');
  });

  it('terminates the connection without a result when the call is dropped after its effect', GUARD, async () => {
    const fake = await start({ dropAfterServiceCall: 'after-effect' });
    const client = await connect(fake);
    const answered = client.call({
      domain: 'cover',
      service: 'open_cover',
      target: { entity_id: 'cover.garage_door' },
    });
    await client.closed;
    const outcome = await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 100, 'no answer'))]);
    assert.equal(outcome, 'no answer');
    assert.equal(fake.log.serviceCalls.length, 1);
    assert.equal(fake.home.state('cover.garage_door')?.state, 'open');
  });
});
