// The real program on a data folder broken while it serves: secret.key deleted (a stop naming the file, never a new
// key while tokens are stored), hearth.db made unwritable (/readyz says so and why, reads go on, the write-ahead log
// stops growing). Each step also checks that /healthz answers at once and what Home Assistant received.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { RunningHearth } from '../e2e/spawn-hearth.ts';
import {
  ADMIN_TOKEN,
  type FakeHomeAssistant,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import {
  addHome,
  admin,
  callTool,
  createStorageSpace,
  healthz,
  IS_ROOT,
  NOT_ROOT,
  readyz,
  setImmutable,
  type StorageSpace,
} from './storage-fault-harness.ts';

/** /healthz must answer while the data folder is broken: loosely, well under a supervisor's timeout. */
const HEALTHZ_MS = 200;

async function assertHealthy(url: string): Promise<void> {
  const health = await healthz(url);
  assert.equal(health.status, 200);
  assert.ok(health.ms < HEALTHZ_MS, `/healthz took ${Math.round(health.ms)} ms`);
}

/** The `problem` of each line hearth logged with the message `message`, waiting up to a second for one to arrive. */
async function loggedProblems(hearth: RunningHearth, message: string): Promise<string[]> {
  const read = () =>
    hearth
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; problem?: string })
      .filter((line) => line.msg === message)
      .map((line) => line.problem ?? '');
  for (let waited = 0; waited < 1000 && read().length === 0; waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
  return read();
}

describe('secret.key deleted while hearth serves', () => {
  let fake: FakeHomeAssistant;
  let other: FakeHomeAssistant;
  let space: StorageSpace;
  let hearth: RunningHearth;
  let sealed: Record<string, string>;
  let reason: string;

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    other = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    space = createStorageSpace();
    await addHome(space, fake.rootUrl);
    hearth = await space.serve();
    assert.equal((await readyz(hearth.url)).status, 200, 'ready before the fault');
    sealed = space.sealedTokens();
    rmSync(space.keyFile);
    fake.log.requests.length = 0;
    reason =
      `storage secret.key at ${space.keyFile}: hearth's key file ${space.keyFile} is missing, and the stored tokens ` +
      'of home were sealed with it: hearth will not make a new key for them.';
  });
  after(async () => {
    await hearth?.stop();
    await fake?.close();
    await other?.close();
  });

  it('/readyz answers 503 naming secret.key and why; /healthz answers; Home Assistant is not asked', async () => {
    const ready = await readyz(hearth.url);
    assert.equal(ready.status, 503);
    assert.equal(ready.body.status, 'not ready');
    assert.ok(ready.body.reason?.startsWith(reason), ready.body.reason);
    await assertHealthy(hearth.url);
    assert.deepEqual(fake.log.requests, [], 'no token can be opened, so none is sent');
    assert.equal((await loggedProblems(hearth, 'hearth cannot use its secret.key')).length, 1, hearth.stderr());
  });

  it('POST /admin/connections is refused with the reason; nothing reaches either Home Assistant', async () => {
    const added = await admin(hearth.url, {
      method: 'POST',
      path: '/admin/connections',
      body: { name: 'cabin', url: other.rootUrl, token: ADMIN_TOKEN },
    });
    assert.equal(added.status, 503);
    assert.equal(added.body.error?.code, 'secret_key_missing');
    assert.ok(added.body.error?.message.startsWith(`hearth's key file ${space.keyFile} is missing`));
    assert.deepEqual(other.log.requests, []);
    assert.deepEqual(fake.log.requests, []);
    await assertHealthy(hearth.url);
  });

  it('a tool call over MCP is refused naming the key file; Home Assistant hears nothing', async () => {
    // The guard reads the connections first; the store's coded error is the call's refusal, not a protocol error.
    const called = await callTool(hearth.url, 'get-state', { instance: fake.rootUrl, entity_id: 'light.kitchen' });
    assert.equal(called.isError, true);
    assert.ok(called.text.startsWith(`hearth's key file ${space.keyFile} is missing`), called.text);
    assert.deepEqual(fake.log.requests, []);
    await assertHealthy(hearth.url);
  });

  it('`hearth connections list` fails with one line naming the file, and makes no key', async () => {
    const listed = await space.cli(['connections', 'list']);
    // main's exit code for a command stopped by a coded error.
    assert.equal(listed.code, 1);
    assert.equal(listed.stdout, '');
    const lines = listed.stderr.trim().split('\n');
    assert.equal(lines.length, 1, listed.stderr);
    assert.ok(lines[0]?.startsWith(`hearth: hearth's key file ${space.keyFile} is missing`), lines[0]);
    assert.equal(existsSync(space.keyFile), false);
  });

  it('`hearth connections add` is refused the same way: no key made, the stored token not sealed again', async () => {
    const added = await space.cli(['connections', 'add', 'cabin', '--url', other.rootUrl], `${ADMIN_TOKEN}\n`);
    assert.equal(added.code, 1);
    assert.ok(added.stderr.startsWith(`hearth: hearth's key file ${space.keyFile} is missing`), added.stderr);
    assert.equal(existsSync(space.keyFile), false);
    assert.deepEqual(space.sealedTokens(), sealed);
    assert.deepEqual(other.log.requests, []);
  });

  it('after a restart: hearth serves, /readyz is still 503 with the reason, no key is made, the token unchanged', async () => {
    await hearth.stop();
    hearth = await space.serve();
    const ready = await readyz(hearth.url);
    assert.equal(ready.status, 503);
    assert.ok(ready.body.reason?.startsWith(reason), ready.body.reason);
    await assertHealthy(hearth.url);
    assert.equal(existsSync(space.keyFile), false);
    assert.deepEqual(space.sealedTokens(), sealed);
    assert.deepEqual(fake.log.requests, []);
  });
});

describe('hearth.db made unwritable while hearth serves', { skip: !IS_ROOT && NOT_ROOT }, () => {
  let fake: FakeHomeAssistant;
  let space: StorageSpace;
  let hearth: RunningHearth;
  let walSize: number;
  const wal = () => statSync(`${space.databaseFile}-wal`).size;

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    space = createStorageSpace();
    await addHome(space, fake.rootUrl);
    assert.equal((await space.cli(['connections', 'mode', 'home', 'ask-first'])).code, 0);
    hearth = await space.serve();
    const proposed = await callTool(hearth.url, 'call-service', {
      instance: fake.rootUrl,
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
    });
    assert.equal(proposed.isError, false, proposed.text);
    assert.match(JSON.parse(proposed.text).untrusted_data.proposal_id, /\S/, 'a proposal before the fault');
    assert.equal((await readyz(hearth.url)).status, 200, 'ready before the fault');
    // A call a hearth process that is gone left in flight: the next start marks it unknown, a write.
    space.writeDatabase((db) =>
      db
        .prepare(
          `INSERT INTO operations (operation_id, connection, domain, service, entity_ids, data, state, created_at)
           VALUES ('op_left', 'home', 'light', 'turn_on', '[]', '{}', 'sending', '2026-01-01T00:00:00.000Z')`,
        )
        .run(),
    );
    setImmutable(space.databaseFile, true);
    fake.log.requests.length = 0;
  });
  after(async () => {
    if (space !== undefined) setImmutable(space.databaseFile, false);
    await hearth?.stop();
    await fake?.close();
  });

  it('/readyz answers 503 naming hearth.db and why; /healthz answers', async () => {
    const ready = await readyz(hearth.url);
    assert.equal(ready.status, 503);
    assert.ok(
      ready.body.reason?.includes(
        `storage hearth.db at ${space.databaseFile}: hearth cannot write its database ${space.databaseFile}: its ` +
          'write-ahead log cannot be copied into it (disk I/O error, SQLITE_IOERR_WRITE); hearth makes no more ' +
          'changes until it can',
      ),
      ready.body.reason,
    );
    await assertHealthy(hearth.url);
    const logged = await loggedProblems(hearth, 'hearth cannot use its hearth.db');
    assert.equal(logged.length, 1, hearth.stderr());
    assert.match(
      logged[0] ?? '',
      /its write-ahead log cannot be copied into it \(disk I\/O error, SQLITE_IOERR_WRITE\)/,
    );
    walSize = wal();
  });

  it('get-state over MCP still answers, read from Home Assistant', async () => {
    const read = await callTool(hearth.url, 'get-state', { instance: fake.rootUrl, entity_id: 'light.kitchen' });
    assert.equal(read.isError, false, read.text);
    assert.equal(JSON.parse(read.text).untrusted_data.state, 'off');
    // The guard's view of the home: the states, read once for the call.
    assert.ok(fake.log.requests.some((request) => request.path === '/api/states'));
    await assertHealthy(hearth.url);
  });

  // Listing is a read: it writes nothing (an expired proposal reads as expired), so it keeps working.
  it('listing proposals still answers: the open proposal made before the fault, with its current state', async () => {
    const listed = await admin(hearth.url, { method: 'GET', path: '/admin/proposals' });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const page = listed.body as unknown as {
      proposals: Array<{
        status: string;
        stale: boolean;
        entities: Array<{ entity_id: string; current_state: unknown }>;
      }>;
      next: unknown;
    };
    assert.deepEqual(
      page.proposals.map((proposal) => [
        proposal.status,
        proposal.stale,
        proposal.entities.map((entity) => [entity.entity_id, entity.current_state]),
      ]),
      [['open', false, [['light.kitchen', 'off']]]],
    );
    assert.equal(page.next, null);
    await assertHealthy(hearth.url);
  });

  it('a proposed change is refused naming the database; nothing is sent', async () => {
    const proposed = await callTool(hearth.url, 'call-service', {
      instance: fake.rootUrl,
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
    });
    assert.equal(proposed.isError, true);
    assert.deepEqual(fake.log.serviceCalls, []);
    assert.ok(proposed.text.includes(`hearth cannot use its database ${space.databaseFile}`), proposed.text);
  });

  it('a new connection is refused naming the database; Home Assistant hears nothing', async () => {
    const requests = fake.log.requests.length;
    const added = await admin(hearth.url, {
      method: 'POST',
      path: '/admin/connections',
      body: { name: 'cabin', url: 'http://192.168.1.20:8123', token: ADMIN_TOKEN },
    });
    assert.equal(added.status, 503);
    assert.equal(added.body.error?.code, 'database_read_only');
    assert.ok(
      added.body.error?.message.startsWith(
        `hearth cannot use its database ${space.databaseFile}: it cannot be written`,
      ),
      added.body.error?.message,
    );
    assert.equal(fake.log.requests.length, requests);
    assert.deepEqual(fake.log.serviceCalls, []);
    await assertHealthy(hearth.url);
  });

  it('the write-ahead log does not grow while writes fail', async () => {
    for (let round = 0; round < 10; round++) {
      await admin(hearth.url, {
        method: 'POST',
        path: '/admin/connections',
        body: { name: `cabin${round}`, url: `http://192.168.1.${30 + round}:8123`, token: ADMIN_TOKEN },
      });
      await readyz(hearth.url);
    }
    assert.equal(wal(), walSize);
  });

  it('after a restart: hearth serves, logging the call left in flight it cannot mark unknown, naming the database', async () => {
    await hearth.stop();
    hearth = await space.serve();
    const logged = await loggedProblems(hearth, 'calls left in flight not marked unknown');
    assert.equal(logged.length, 1, hearth.stderr());
    assert.ok(logged[0]?.startsWith(`hearth cannot use its database ${space.databaseFile}: `), logged[0]);
    await assertHealthy(hearth.url);
  });

  it('after a restart: /readyz 503 naming hearth.db and why; get-state still answers', async () => {
    const ready = await readyz(hearth.url);
    assert.equal(ready.status, 503);
    assert.match(
      ready.body.reason ?? '',
      new RegExp(
        `storage hearth\\.db at ${space.databaseFile}: hearth cannot (use|write) its database ${space.databaseFile}: .*SQLITE_(READONLY|IOERR_WRITE)`,
      ),
    );
    await assertHealthy(hearth.url);
    const read = await callTool(hearth.url, 'get-state', { instance: fake.rootUrl, entity_id: 'light.kitchen' });
    assert.equal(read.isError, false, read.text);
    assert.deepEqual(fake.log.serviceCalls, []);
    assert.ok(readFileSync(space.keyFile).length > 0);
  });

  it('the command line: `connections list` reads; `connections mode` fails with one line naming the database', async () => {
    const listed = await space.cli(['connections', 'list']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^home\t/);
    const changed = await space.cli(['connections', 'mode', 'home', 'act']);
    assert.equal(changed.code, 1);
    assert.equal(changed.stdout, '');
    const lines = changed.stderr.trim().split('\n');
    assert.equal(lines.length, 1, changed.stderr);
    assert.match(
      lines[0] ?? '',
      new RegExp(`^hearth: hearth cannot use its database ${space.databaseFile}: .*SQLITE_READONLY\\)$`),
    );
  });
});
