// createReconnectingConnection with a scripted opener and a recording sleep: backoff, sharing, giving up, closing.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../../src/common/index.ts';
import {
  createReconnectingConnection,
  type HomeAssistantConnection,
  type ReconnectingConnectionOptions,
  wsError,
} from '../../../src/homeassistant/index.ts';

/** A stand-in connection that only knows whether it is open (nothing is sent through it here). */
function stubConnection(name: string): HomeAssistantConnection & { name: string; drop(): void } {
  let isOpen = true;
  const unused = () => assert.fail('not used by the reconnecting connection');
  return {
    name,
    haVersion: '2025.10.1',
    get isOpen() {
      return isOpen;
    },
    command: unused,
    subscribe: unused,
    ping: unused,
    sendBinary: unused,
    onClose: () => () => {},
    close: () => {
      isOpen = false;
    },
    drop: () => {
      isOpen = false;
    },
  };
}

/** An opener that fails `failures` times, then opens stub connections `a`, `b`, …; and the sleeps it was given. */
function scripted(failures: number, options: Partial<ReconnectingConnectionOptions> = {}) {
  const sleeps: number[] = [];
  let opens = 0;
  let failed = 0;
  const reconnecting = createReconnectingConnection({
    open: async () => {
      opens++;
      if (failed < failures) {
        failed++;
        throw wsError('HA_UNREACHABLE', `attempt ${opens} failed`);
      }
      return stubConnection(String.fromCharCode(96 + opens - failed));
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { reconnecting, sleeps, opens: () => opens };
}

type Named = HomeAssistantConnection & { name: string; drop(): void };

describe('createReconnectingConnection', () => {
  it('opens once and hands the same open connection to every caller, concurrent ones included', async () => {
    const { reconnecting, opens } = scripted(0);
    const [one, two] = await Promise.all([reconnecting.connection(), reconnecting.connection()]);
    assert.equal(one, two);
    assert.equal(await reconnecting.connection(), one);
    assert.equal(opens(), 1);
  });

  it('backs off exponentially between failed attempts, up to the cap', async () => {
    const rows = [
      { failures: 0, options: {}, sleeps: [] },
      { failures: 3, options: {}, sleeps: [500, 1000, 2000] },
      { failures: 5, options: { initialDelayMs: 100, maxDelayMs: 300 }, sleeps: [100, 200, 300, 300, 300] },
    ];
    for (const row of rows) {
      const { reconnecting, sleeps } = scripted(row.failures, row.options);
      assert.equal(((await reconnecting.connection()) as Named).name, 'a');
      assert.deepEqual(sleeps, row.sleeps);
    }
  });

  it('gives up after maxAttempts with the last attempt error', async () => {
    const { reconnecting, sleeps, opens } = scripted(10, { maxAttempts: 3 });
    await assert.rejects(
      reconnecting.connection(),
      (error) => error instanceof HearthError && error.message === 'attempt 3 failed',
    );
    assert.equal(opens(), 3);
    assert.deepEqual(sleeps, [500, 1000]);
  });

  it('opens a new connection after a drop, and only then', async () => {
    const { reconnecting, opens } = scripted(0);
    const first = (await reconnecting.connection()) as Named;
    first.drop();
    const second = (await reconnecting.connection()) as Named;
    assert.deepEqual([first.name, second.name, opens()], ['a', 'b', 2]);
  });

  it('once closed, closes the current connection and refuses to reopen', async () => {
    const { reconnecting } = scripted(0);
    const first = await reconnecting.connection();
    reconnecting.close();
    assert.equal(first.isOpen, false);
    await assert.rejects(
      reconnecting.connection(),
      (error) => error instanceof HearthError && error.code === 'HA_CONNECTION_CLOSED',
    );
  });
});
