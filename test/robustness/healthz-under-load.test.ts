// Issue 10, row 7: while hostile requests run, /healthz on the real loopback server keeps answering quickly,
// and no hostile request is a 500.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listen, type Listening } from '../../src/cli/listen.ts';
import { createHarness } from '../server/app-harness.ts';
import { aliasBombEntity, homeOf500, longSentence, redosBody, withStaticEntity } from './hostile-bodies.ts';

/** Loose, as the issue asks: the event loop was blocked for 17 s to minutes before the fixes. */
const HEALTHZ_BOUND_MS = 1000;

const HOSTILE = [
  { name: 'a 43 KB sentence', body: () => homeOf500(longSentence()) },
  {
    name: 'an alias bomb',
    body: () => withStaticEntity(homeOf500('turn off the living room light'), aliasBombEntity(8)),
  },
  { name: 'a catastrophic pattern', body: () => redosBody() },
];

describe('/healthz while hostile requests run', () => {
  let server: Listening;
  before(async () => {
    server = await listen(createHarness().app, '127.0.0.1', 0);
  });
  after(async () => {
    await server.close();
  });

  it(`answers every poll within ${HEALTHZ_BOUND_MS} ms, and no request is a 500`, {
    timeout: 180_000,
  }, async () => {
    // The home's first parse and the first request's warm-up are not what is measured: one ordinary request first.
    const warmUp = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(homeOf500('turn off the living room light')),
    });
    assert.equal(warmUp.status, 200, await warmUp.text());
    const latencies: number[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(`${server.url}/healthz`);
        assert.equal(response.status, 200);
        await response.text();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Let the poller start, then send each hostile request twice, one after the other: the poller measures
    // the longest stretch any one of them holds the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const statuses: { name: string; status: number }[] = [];
    for (const { name, body } of [...HOSTILE, ...HOSTILE]) {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body()),
      });
      await response.text();
      statuses.push({ name, status: response.status });
    }
    running = false;
    await poll;
    for (const { name, status } of statuses) assert.ok(status < 500, `${name} answered ${status}`);
    assert.ok(latencies.length >= 2, 'the poller ran');
    const worst = Math.max(...latencies);
    assert.ok(worst < HEALTHZ_BOUND_MS, `the slowest /healthz took ${Math.round(worst)} ms`);
  });
});
