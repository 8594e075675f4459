// The Assist pipeline client's WebSocket against a Home Assistant that answers the upgrade with 503 (stopping) or never
// answers it: a coded error naming the reason within the handshake timeout, the token never sent. The other faults
// (down, 401, silent mid-run, closed mid-run) are proven in test/homeassistant/ws/ (see test/faults/README.md).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HearthError } from '../../src/common/index.ts';
import { openHomeAssistantSocket } from '../../src/homeassistant/index.ts';
import { ADMIN_TOKEN, FIXTURE_TOKENS, startFakeHomeAssistant } from '../fakes/home-assistant/index.ts';
import { startSocketWatch } from './socket-watch.ts';

const HANDSHAKE_TIMEOUT_MS = 1000;
const MARGIN_MS = 1000;

/** The coded error opening the socket rejects with, and how long it took. */
async function refusalOf(address: string): Promise<{ error: HearthError; ms: number }> {
  const started = performance.now();
  try {
    const socket = await openHomeAssistantSocket({
      address,
      token: ADMIN_TOKEN,
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    });
    socket.close();
  } catch (error) {
    assert.ok(error instanceof HearthError, `a HearthError, not ${String(error)}`);
    assert.equal(error.message.includes(ADMIN_TOKEN), false, 'the token is in the message');
    return { error, ms: performance.now() - started };
  }
  assert.fail('the socket opened');
}

describe('the pipeline client opening its WebSocket', () => {
  it('Home Assistant stopping (upgrade answered 503): HA_UNREACHABLE naming the 503, no frame sent', async () => {
    const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, stopping: true });
    try {
      const { error, ms } = await refusalOf(fake.rootUrl);
      assert.equal(error.code, 'HA_UNREACHABLE');
      assert.equal(
        error.message,
        `Home Assistant at ${fake.wsUrl.replace('/api/websocket', '')} answered the WebSocket upgrade with HTTP 503`,
      );
      assert.ok(ms < HANDSHAKE_TIMEOUT_MS + MARGIN_MS, `refused after ${Math.round(ms)} ms`);
      assert.deepEqual(fake.log.ws, []);
    } finally {
      await fake.close();
    }
  });

  it('a server that never answers the upgrade: HA_TIMEOUT within the handshake timeout, the token never sent', async () => {
    const stall = await startSocketWatch({ mode: 'stall' });
    try {
      const { error, ms } = await refusalOf(stall.rootUrl);
      assert.equal(error.code, 'HA_TIMEOUT');
      assert.equal(
        error.message,
        `Home Assistant at ws://127.0.0.1:${stall.port} did not finish the WebSocket handshake within ${HANDSHAKE_TIMEOUT_MS} ms`,
      );
      assert.ok(ms < HANDSHAKE_TIMEOUT_MS + MARGIN_MS, `refused after ${Math.round(ms)} ms`);
      assert.equal(stall.connections.length, 1);
      assert.match(stall.connections[0]!.received(), /^GET \/api\/websocket HTTP\/1\.1\r\n/);
      assert.equal(stall.connections[0]!.received().includes(ADMIN_TOKEN), false, 'the token was sent');
      assert.equal(await stall.connections[0]!.closed, 'client', 'the client closed its socket');
    } finally {
      await stall.close();
    }
  });
});
