// The disk fills while a confirmed call is being sent (the real program, its data folder on a small tmpfs): Home
// Assistant carries it out once, the person gets 503 JOURNAL_UNWRITABLE saying so, hearth keeps serving, and the
// journal entry is completed once space returns, without a restart.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type FakeHomeAssistant, FIXTURE_TOKENS, startFakeHomeAssistant } from '../fakes/home-assistant/index.ts';
import { pollUntil, type ServedHearth, startServedHearth } from './served-hearth.ts';

/** How long the fake Home Assistant holds the call: the disk is filled meanwhile. */
const SERVICE_DELAY_MS = 1500;

const isRoot = process.getuid?.() === 0;

/** Writes zeros to `path` until the filesystem has no room left (ENOSPC). */
function fillDisk(path: string): void {
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe('the disk fills while a confirmed call is being sent', {
  skip: isRoot ? false : 'mounting a tmpfs needs root',
}, () => {
  let workDir: string;
  let mountPoint: string;
  let isMounted = false;
  let fake: FakeHomeAssistant;
  let served: ServedHearth;
  let fill: string;
  let proposalId: string;
  let status: number;
  let body: { error?: { code: string; message: string }; outcome?: string };
  let healthMs: number;
  let healthStatus: number;

  before(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'hearth-full-disk-'));
    mountPoint = join(workDir, 'disk');
    mkdirSync(mountPoint);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint]);
    isMounted = true;
    fill = join(mountPoint, 'fill');
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, serviceDelayMs: SERVICE_DELAY_MS });
    served = await startServedHearth({ workDir, dataDir: join(mountPoint, 'data'), homeUrl: fake.rootUrl, workers: 1 });
    proposalId = await served.proposeKitchenOn();
    const confirming = served.confirm(proposalId);
    // The claim and the journal entry are written before the call leaves; once Home Assistant has it, the disk fills.
    const calls = await pollUntil(
      () => fake.log.serviceCalls.length,
      (count) => count > 0,
      5000,
    );
    assert.equal(calls, 1, 'Home Assistant received the call');
    fillDisk(fill);
    const response = await confirming;
    status = response.status;
    body = (await response.json()) as typeof body;
    const started = performance.now();
    healthStatus = (await fetch(`${served.hearth.url}/healthz`)).status;
    healthMs = performance.now() - started;
  });

  after(async () => {
    await served?.stop();
    await fake?.close();
    if (isMounted) execFileSync('umount', [mountPoint]);
    if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
  });

  it('answers 503 JOURNAL_UNWRITABLE saying the call was sent and Home Assistant carried it out', () => {
    assert.equal(status, 503, JSON.stringify(body));
    assert.equal(body.error?.code, 'journal_unwritable', 'JOURNAL_UNWRITABLE, as the wire spells codes');
    assert.match(
      body.error?.message ?? '',
      /^operation op_\w+ was sent and Home Assistant carried it out \(1 state\(s\) changed\); but the journal could not be written \(.*the disk is full.*\): hearth keeps this outcome and records it once the journal can be written again/,
    );
  });

  it('Home Assistant received the call exactly once, and the light is on', () => {
    assert.equal(fake.log.serviceCalls.length, 1);
    assert.equal(fake.home.state('light.kitchen')?.state, 'on');
  });

  it('keeps serving while the disk is full: /healthz answers at once', () => {
    assert.equal(healthStatus, 200);
    assert.ok(healthMs < 200, `/healthz took ${healthMs.toFixed(0)} ms`);
  });

  it('a second confirmation is refused (409), and nothing is sent again', async () => {
    const again = await served.confirm(proposalId);
    assert.equal(again.status, 409);
    assert.equal(fake.log.serviceCalls.length, 1);
  });

  it('the journal entry stays sending while the disk is full, and is completed as done once space returns', async () => {
    const [entry] = served.operations();
    assert.equal(entry?.state, 'sending');
    rmSync(fill);
    // The kept outcome is written by a retry (1 s, then 2 s, 4 s …): no other call, no restart.
    const rows = await pollUntil(
      () => served.operations(),
      (now) => now[0]?.state !== 'sending',
      10_000,
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.state, 'done');
    assert.equal(
      rows[0]?.detail,
      'done; 1 state(s) changed with the call; recorded late: the journal could not be written when the call finished',
    );
    assert.equal(fake.log.serviceCalls.length, 1);
  });
});
