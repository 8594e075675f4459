// Slow clients holding many half-sent requests (200 with headers and part of a body, 200 with half a header line):
// others are still served, and hearth closes the stalled ones with a 408 in bounded time. src/cli/listen.ts sets no
// timeouts, so Node's defaults apply: headers within 60 s, the whole request within 300 s, checked every 30 s.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Listening } from '../../src/cli/listen.ts';
import { assertHaAssistServes, startLoopbackHearth, within } from './loopback-hearth.ts';
import { HALF_BODY, HALF_HEADER, openStalledClients, type StalledClient } from './stalled-sockets.ts';

const COUNT = 200;
/** The limits the server should have: a request's headers within 10 s, all of it within 15 s, checked every second. */
const EXPECTED = { headersTimeoutMs: 10_000, requestTimeoutMs: 15_000, checkIntervalMs: 1000 };
const MARGIN_MS = 2000;

/** Runs `check` with hearth and its stalled clients, then closes them all. */
async function withStalledClients(
  check: (hearth: Listening, stalled: { halfBodies: StalledClient[]; halfHeaders: StalledClient[] }) => Promise<void>,
): Promise<void> {
  const hearth = await startLoopbackHearth({});
  const halfBodies: StalledClient[] = [];
  const halfHeaders: StalledClient[] = [];
  try {
    halfBodies.push(...(await openStalledClients(hearth.port, COUNT, HALF_BODY)));
    halfHeaders.push(...(await openStalledClients(hearth.port, COUNT, HALF_HEADER)));
    await check(hearth, { halfBodies, halfHeaders });
  } finally {
    for (const client of [...halfBodies, ...halfHeaders]) client.destroy();
    await hearth.close();
  }
}

/** The status line of a 408 and hearth's JSON error code for it. */
function assertTimedOut(client: StalledClient, boundMs: number, which: string): void {
  assert.ok(
    client.closedAfterMs !== undefined && client.closedAfterMs < boundMs,
    `${which}: closed after ${client.closedAfterMs} ms`,
  );
  assert.match(client.answer(), /^HTTP\/1\.1 408 Request Timeout\r\n/, which);
  assert.match(client.answer(), /"code":"request_timeout"/, which);
}

describe(`${COUNT} half-sent bodies and ${COUNT} half header lines, stalled`, () => {
  it('leave a normal request served, with all of them still hanging', async () => {
    await withStalledClients(async (hearth, { halfBodies, halfHeaders }) => {
      await assertHaAssistServes(hearth.url);
      const health = await fetch(`${hearth.url}/healthz`);
      assert.equal(health.status, 200);
      await health.text();
      // The normal request was served while every stalled client still held its connection.
      assert.deepEqual(
        [halfBodies, halfHeaders].map((group) => group.filter((client) => client.closedAfterMs !== undefined).length),
        [0, 0],
      );
    });
  });

  it('are closed by hearth with a 408: half header lines within the headers timeout, half bodies within the request timeout', {
    timeout: EXPECTED.requestTimeoutMs + EXPECTED.checkIntervalMs + MARGIN_MS + 5000,
  }, async () => {
    await withStalledClients(async (_hearth, { halfBodies, halfHeaders }) => {
      const headersBound = EXPECTED.headersTimeoutMs + EXPECTED.checkIntervalMs + MARGIN_MS;
      const requestBound = EXPECTED.requestTimeoutMs + EXPECTED.checkIntervalMs + MARGIN_MS;
      const all = [...halfHeaders, ...halfBodies];
      await within(requestBound, 'closing the stalled clients', Promise.all(all.map((client) => client.closed)));
      for (const [index, client] of halfHeaders.entries()) assertTimedOut(client, headersBound, `half header ${index}`);
      for (const [index, client] of halfBodies.entries()) assertTimedOut(client, requestBound, `half body ${index}`);
    });
  });
});
