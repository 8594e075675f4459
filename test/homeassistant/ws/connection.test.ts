// createHomeAssistantConnection over a real socket to a scripted Home Assistant: ids, routing, frames, closing.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../../src/common/index.ts';
import {
  createHomeAssistantConnection,
  type HomeAssistantConnection,
  type HomeAssistantConnectionOptions,
} from '../../../src/homeassistant/ws/connection.ts';
import { openHomeAssistantSocket } from '../../../src/homeassistant/ws/socket.ts';
import {
  type ReceivedCommand,
  type ScriptedOptions,
  type ScriptedPeer,
  startScriptedHomeAssistant,
} from '../scripted-home-assistant.ts';

const TOKEN = 'eyJ-connection-test-token-5e7a';

async function connect(
  command: ScriptedOptions['command'],
  options: HomeAssistantConnectionOptions = {},
): Promise<{ connection: HomeAssistantConnection; commands: ReceivedCommand[] }> {
  const commands: ReceivedCommand[] = [];
  const ha = await startScriptedHomeAssistant({
    token: TOKEN,
    command: (received, peer) => {
      commands.push(received);
      command?.(received, peer);
    },
  });
  const socket = await openHomeAssistantSocket({ address: ha.origin, token: TOKEN });
  const connection = createHomeAssistantConnection(socket, options);
  after(async () => {
    connection.close();
    await ha.close();
  });
  return { connection, commands };
}

const success = (id: number, result: unknown = null) => ({ id, type: 'result', success: true, result });

async function rejection(pending: Promise<unknown>): Promise<HearthError> {
  try {
    await pending;
  } catch (error) {
    assert.ok(error instanceof HearthError);
    return error;
  }
  assert.fail('expected a rejection');
}

describe('commands', () => {
  it('numbers commands 1, 2, 3 … and routes results by id, whatever their order', async () => {
    const held: ReceivedCommand[] = [];
    const { connection, commands } = await connect((received, peer) => {
      held.push(received);
      // Answer all three at once, in reverse order.
      if (held.length === 3) for (const each of [...held].reverse()) peer.send(success(each.id, each.type));
    });
    const results = await Promise.all([
      connection.command({ type: 'first' }),
      connection.command({ type: 'second' }),
      connection.command({ type: 'third' }),
    ]);
    assert.deepEqual(
      commands.map((each) => each.id),
      [1, 2, 3],
    );
    assert.deepEqual(results, [
      { ok: true, result: 'first' },
      { ok: true, result: 'second' },
      { ok: true, result: 'third' },
    ]);
  });

  it('reads a frame that is a JSON array of messages (coalesced)', async () => {
    let firstId = 0;
    const { connection } = await connect((received, peer) => {
      if (firstId === 0) firstId = received.id;
      else peer.send([success(firstId, ['a']), success(received.id, ['b'])]);
    });
    const [first, second] = await Promise.all([
      connection.command({ type: 'config/area_registry/list' }),
      connection.command({ type: 'config/device_registry/list' }),
    ]);
    assert.deepEqual(first, { ok: true, result: ['a'] });
    assert.deepEqual(second, { ok: true, result: ['b'] });
  });

  it("returns HA's error as a value", async () => {
    const { connection } = await connect((received, peer) =>
      peer.send({
        id: received.id,
        type: 'result',
        success: false,
        error: { code: 'unknown_command', message: 'Unknown command.' },
      }),
    );
    assert.deepEqual(await connection.command({ type: 'config/label_registry/list' }), {
      ok: false,
      error: { code: 'unknown_command', message: 'Unknown command.' },
    });
  });

  it('answers ping with pong', async () => {
    const { connection, commands } = await connect((received, peer) => peer.send({ id: received.id, type: 'pong' }));
    await connection.ping();
    assert.deepEqual(commands, [{ id: 1, type: 'ping' }]);
  });

  it('rejects with HA_TIMEOUT when no result comes', async () => {
    const { connection } = await connect(() => {}, { commandTimeoutMs: 100 });
    const error = await rejection(connection.command({ type: 'get_states' }));
    assert.equal(error.code, 'HA_TIMEOUT');
    assert.equal(error.message, 'Home Assistant did not answer get_states within 100 ms');
  });

  it('rejects a malformed result with HA_BAD_ANSWER, and every command after a frame that is not JSON', async () => {
    const { connection } = await connect((received, peer) => {
      if (received.type === 'malformed') peer.send({ id: received.id, type: 'result', success: false });
      if (received.type === 'garbled') peer.sendText('{"id": 2, "type": "res');
    });
    const malformed = await rejection(connection.command({ type: 'malformed' }));
    assert.equal(malformed.code, 'HA_BAD_ANSWER');
    const garbled = await rejection(connection.command({ type: 'garbled' }));
    assert.equal(garbled.code, 'HA_BAD_ANSWER');
    assert.equal(connection.isOpen, false);
  });
});

describe('subscriptions', () => {
  it('delivers events to the subscription, even in the result frame, until it unsubscribes', async () => {
    let peerOf: ScriptedPeer | undefined;
    const { connection, commands } = await connect((received, peer) => {
      peerOf = peer;
      if (received.type === 'render_template') {
        peer.send([success(received.id), { id: received.id, type: 'event', event: { result: 'one', listeners: {} } }]);
      }
      if (received.type === 'unsubscribe_events') peer.send(success(received.id));
      if (received.type === 'ping') peer.send({ id: received.id, type: 'pong' });
    });
    const events: unknown[] = [];
    const subscribed = await connection.subscribe({ type: 'render_template', template: '{{ 1 }}' }, (event) =>
      events.push(event),
    );
    assert.ok(subscribed.ok);
    assert.deepEqual(events, [{ result: 'one', listeners: {} }]);
    peerOf?.send({ id: subscribed.subscription.id, type: 'event', event: { result: 'two' } });
    // The pong comes after the event on the same socket, so the event has been routed when ping resolves.
    await connection.ping();
    assert.deepEqual(await subscribed.subscription.unsubscribe(), { ok: true, result: null });
    peerOf?.send({ id: subscribed.subscription.id, type: 'event', event: { result: 'three' } });
    await connection.ping();
    assert.deepEqual(events, [{ result: 'one', listeners: {} }, { result: 'two' }]);
    assert.deepEqual(commands[2], { id: 3, type: 'unsubscribe_events', subscription: 1 });
  });

  it('returns the failure of a subscription HA refused', async () => {
    const { connection } = await connect((received, peer) =>
      peer.send({
        id: received.id,
        type: 'result',
        success: false,
        error: { code: 'template_error', message: 'Exceeded maximum execution time of 3s' },
      }),
    );
    assert.deepEqual(await connection.subscribe({ type: 'render_template' }, () => {}), {
      ok: false,
      error: { code: 'template_error', message: 'Exceeded maximum execution time of 3s' },
    });
  });
});

describe('closing', () => {
  it('rejects a pending command promptly when HA drops the socket mid-command', async () => {
    const { connection } = await connect((_received, peer) => peer.terminate());
    const closes: string[] = [];
    connection.onClose((error) => closes.push(error.code));
    const error = await rejection(connection.command({ type: 'get_states' }));
    // HA_CONNECTION_CLOSED, not HA_TIMEOUT: the command was rejected by the close, not by its timer.
    assert.equal(error.code, 'HA_CONNECTION_CLOSED');
    assert.match(error.message, /^the WebSocket to Home Assistant at ws:\/\/127\.0\.0\.1:\d+ closed \(code 1006\)$/);
    assert.deepEqual(closes, ['HA_CONNECTION_CLOSED']);
    assert.equal(connection.isOpen, false);
    assert.equal((await rejection(connection.command({ type: 'get_states' }))).code, 'HA_CONNECTION_CLOSED');
  });

  it('close() rejects what is pending and everything after', async () => {
    const { connection } = await connect(() => {});
    const pending = rejection(connection.command({ type: 'get_states' }));
    connection.close();
    const error = await pending;
    assert.equal(error.code, 'HA_CONNECTION_CLOSED');
    assert.equal(error.message, 'the WebSocket to Home Assistant was closed by hearth');
    assert.equal((await rejection(connection.ping())).code, 'HA_CONNECTION_CLOSED');
    let heard: string | undefined;
    connection.onClose((closed) => {
      heard = closed.code;
    });
    assert.equal(heard, 'HA_CONNECTION_CLOSED', 'a late listener hears it at once');
  });
});

describe('keepalive', () => {
  it('pings on its interval and stays open while the pongs come', async () => {
    const { connection, commands } = await connect(
      (received, peer) => {
        if (received.type === 'ping') peer.send({ id: received.id, type: 'pong' });
      },
      { keepalive: { intervalMs: 20, timeoutMs: 50 } },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(connection.isOpen, true);
    assert.ok(commands.filter((command) => command.type === 'ping').length >= 3);
  });

  it('gives the connection up with HA_STOPPED_ANSWERING when a pong does not come, failing what waits on it', async () => {
    const { connection } = await connect(() => {}, { keepalive: { intervalMs: 20, timeoutMs: 40 } });
    const closed = new Promise<HearthError>((resolve) => connection.onClose(resolve));
    const pending = rejection(connection.command({ type: 'get_states' }));
    const error = await closed;
    assert.equal(error.code, 'HA_STOPPED_ANSWERING');
    assert.equal(error.message, 'Home Assistant stopped answering (no pong within 0.04 s)');
    assert.equal((await pending).code, 'HA_STOPPED_ANSWERING');
    assert.equal(connection.isOpen, false);
  });
});
