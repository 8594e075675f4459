// `server.workers: 2`, the worker sending a confirmed call killed (SIGKILL) while Home Assistant holds it: the primary
// marks the call unknown at once, replaces the worker, and the call reaches Home Assistant exactly once.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { firstRequest } from '../assist/ha-turns.ts';
import { type FakeHomeAssistant, FIXTURE_TOKENS, startFakeHomeAssistant } from '../fakes/home-assistant/index.ts';
import { type OperationRow, pollUntil, type ServedHearth, startServedHearth } from './served-hearth.ts';

/** How long the fake Home Assistant holds the call: the worker is killed meanwhile. */
const SERVICE_DELAY_MS = 4000;

/** The process ids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children.sort((a, b) => a - b);
}

/** The log entries of hearth's stderr (JSON lines) with message `msg`. */
function logged(served: ServedHearth, msg: string): Record<string, unknown>[] {
  return served.hearth
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg);
}

describe('a worker killed while it sends a confirmed call (workers: 2)', () => {
  let workDir: string;
  let dataDir: string;
  let fake: FakeHomeAssistant;
  let served: ServedHearth;
  let primary: number;
  let original: number[];
  let sender: OperationRow | undefined;
  let confirmError: unknown;
  let killedAt: number;
  let marked: OperationRow | undefined;
  let markedMs: number;

  before(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'hearth-killed-worker-'));
    dataDir = join(workDir, 'data');
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, serviceDelayMs: SERVICE_DELAY_MS });
    served = await startServedHearth({ workDir, dataDir, homeUrl: fake.rootUrl, workers: 2 });
    primary = (JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { pid: number }).pid;
    // Both workers listen before anything is sent: the banner comes with the first.
    const listening = await pollUntil(
      () => logged(served, 'a worker listens'),
      (entries) => entries.length === 2,
      15_000,
    );
    original = listening.map((entry) => entry.worker as number).sort((a, b) => a - b);
    assert.deepEqual(childrenOf(primary), original);
    const proposalId = await served.proposeKitchenOn();
    const confirming = served.confirm(proposalId).then(
      (response) => assert.fail(`the confirmation was answered ${response.status}`),
      (error: unknown) => {
        confirmError = error;
      },
    );
    [sender] = await pollUntil(
      () => served.operations(),
      (rows) => rows.length === 1 && fake.log.serviceCalls.length === 1,
      5000,
    );
    assert.equal(sender?.state, 'sending');
    process.kill(sender?.pid ?? 0, 'SIGKILL');
    killedAt = performance.now();
    [marked] = await pollUntil(
      () => served.operations(),
      (rows) => rows[0]?.state !== 'sending',
      5000,
    );
    markedMs = performance.now() - killedAt;
    await confirming;
  });

  after(async () => {
    await served?.stop();
    await fake?.close();
    if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
  });

  it('the call was sent by one of the two workers, which the journal names', () => {
    assert.deepEqual(original.length, 2);
    assert.ok(original.includes(sender?.pid ?? -1), `${sender?.pid} is one of ${original.join(', ')}`);
  });

  it('the primary marks the call unknown within a second or two, saying why', () => {
    assert.equal(marked?.state, 'unknown');
    assert.ok(markedMs < 2000, `marked after ${markedMs.toFixed(0)} ms`);
    assert.equal(
      marked?.detail,
      'the hearth process sending this call stopped before Home Assistant answered; Home Assistant may or may not ' +
        'have carried it out, and it is not retried',
    );
  });

  it('the primary logs the worker that stopped, how, and how many of its calls it marked unknown', async () => {
    const [stopped] = await pollUntil(
      () => logged(served, 'a worker stopped; its calls in flight are marked unknown'),
      (entries) => entries.length > 0,
      2000,
    );
    assert.deepEqual([stopped?.worker, stopped?.signal, stopped?.unknown], [sender?.pid, 'SIGKILL', 1]);
  });

  it('the person confirming lost the connection (the worker answering them died)', () => {
    assert.ok(confirmError instanceof Error);
  });

  it('a replacement worker is forked, logged, and serves; with both first workers gone, requests are answered', async () => {
    const [replaced] = await pollUntil(
      () => logged(served, 'a worker listens').filter((entry) => entry.isReplacement === true),
      (entries) => entries.length === 1,
      15_000,
    );
    const replacement = replaced?.worker as number;
    assert.ok(!original.includes(replacement));
    assert.deepEqual(logged(served, 'replacing a worker that stopped')[0]?.replaced, sender?.pid);
    assert.ok(childrenOf(primary).includes(replacement));
    // The other first worker goes too: whatever answers now is a worker forked after the start.
    const survivor = original.find((pid) => pid !== sender?.pid) ?? 0;
    process.kill(survivor, 'SIGKILL');
    await pollUntil(
      () => logged(served, 'a worker stopped; its calls in flight are marked unknown'),
      (entries) => entries.length === 2,
      5000,
    );
    assert.ok(!childrenOf(primary).includes(survivor));
    const response = await fetch(`${served.hearth.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${served.apiKey}`,
        'content-type': 'application/json',
        connection: 'close',
      },
      body: JSON.stringify(firstRequest('Turn off the kitchen light')),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as {
      choices: { message: { tool_calls: { function: { name: string } }[] } }[];
    };
    assert.equal(body.choices[0]?.message.tool_calls[0]?.function.name, 'HassTurnOff');
  });

  it('Home Assistant received the call exactly once, and the journal still says unknown', async () => {
    // Past the end of Home Assistant's hold, so a second send would have arrived.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, SERVICE_DELAY_MS + 500 - (performance.now() - killedAt))),
    );
    assert.equal(fake.log.serviceCalls.length, 1);
    assert.deepEqual(
      served.operations().map((row) => row.state),
      ['unknown'],
    );
  });
});
