// Changes end to end: an ask-first flow over MCP confirmed through the admin API and the command line, never by a
// client answering for itself; limits saved through the running hearth; a hearth killed between the journal and the
// send never sends twice.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { REPO_ROOT } from '../fixtures/data.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';
import { hearthArgv } from './hearth-argv.ts';

const API_KEY = 'mcp-test-key-0123456789';
const ADMIN_KEY = 'admin-test-key-0123456789';
const KITCHEN_ON = { domain: 'light', service: 'turn_on', entity_id: 'light.kitchen', data: { brightness_pct: 40 } };

interface Space {
  dir: string;
  config: string;
  env: Record<string, string>;
}

function workspace(): Space {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-changes-'));
  const config = join(dir, 'hearth.yaml');
  writeFileSync(config, `server:\n  api_keys: [${API_KEY}]\n  admin_key: ${ADMIN_KEY}\nlog:\n  level: info\n`);
  return { dir, config, env: { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data') } };
}

/** Runs `hearth ARGS --config …` (see hearth-argv.ts). */
async function hearth(space: Space, args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  const argv = hearthArgv([...args, '--config', space.config]);
  const child = spawn(process.execPath, argv, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...space.env, ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
    }),
  );
  return client;
}

async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text: string }[];
  };
  return { isError: result.isError ?? false, text: result.content[0]?.text ?? '' };
}

function admin(url: string, method: string, path: string, body?: string) {
  return fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
}

describe('an ask-first home, end to end', () => {
  let fake: FakeHomeAssistant;
  let space: Space;
  let server: RunningHearth;
  let client: Client;

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    space = workspace();
    assert.equal(
      (await hearth(space, ['connections', 'add', 'home', '--url', fake.rootUrl], { stdin: `${ADMIN_TOKEN}\n` })).code,
      0,
    );
    const mode = await hearth(space, ['connections', 'mode', 'home', 'ask-first']);
    assert.deepEqual([mode.code, mode.stdout], [0, 'home: ask-first\n']);
    server = await spawnHearth(readFileSync(space.config, 'utf8'), space.env);
    client = await httpClient(server.url);
  });
  after(async () => {
    await client?.close();
    await server?.stop();
    await fake?.close();
  });

  it('a call becomes a proposal; the admin API confirms it; it runs once; the journal says done', async () => {
    const proposed = await callTool(client, 'call-service', { instance: fake.rootUrl, ...KITCHEN_ON });
    assert.equal(proposed.isError, false, proposed.text);
    const proposal = JSON.parse(proposed.text).untrusted_data;
    assert.equal(proposal.status, 'awaiting-confirmation');
    assert.equal(fake.log.serviceCalls.length, 0);
    const listed = await hearth(space, ['proposals', 'list', '--json']);
    assert.deepEqual(
      JSON.parse(listed.stdout).map((p: { id: string; status: string }) => [p.id, p.status]),
      [[proposal.proposal_id, 'open']],
    );
    const confirmed = await admin(server.url, 'POST', `/admin/proposals/${proposal.proposal_id}/confirm`);
    const answer = (await confirmed.json()) as { outcome: string; operation_id: string; changed: unknown };
    assert.equal(confirmed.status, 200);
    assert.equal(answer.outcome, 'done');
    assert.deepEqual(answer.changed, [{ entity_id: 'light.kitchen', state: 'on' }]);
    const twice = await admin(server.url, 'POST', `/admin/proposals/${proposal.proposal_id}/confirm`);
    assert.equal(twice.status, 409);
    assert.equal(fake.log.serviceCalls.length, 1);
    const journal = JSON.parse((await hearth(space, ['journal', '--json'])).stdout);
    assert.deepEqual(
      journal.map((op: { operation_id: string; state: string; service: string }) => [
        op.operation_id,
        op.state,
        op.service,
      ]),
      [[answer.operation_id, 'done', 'light.turn_on']],
    );
  });

  it('hearth proposals confirm and cancel work on the command line against the running hearth', async () => {
    const first = JSON.parse(
      (await callTool(client, 'call-service', { instance: fake.rootUrl, ...KITCHEN_ON, service: 'turn_off', data: {} }))
        .text,
    ).untrusted_data.proposal_id;
    const second = JSON.parse((await callTool(client, 'call-service', { instance: fake.rootUrl, ...KITCHEN_ON })).text)
      .untrusted_data.proposal_id;
    const confirmed = await hearth(space, ['proposals', 'confirm', first]);
    assert.equal(confirmed.code, 0, confirmed.stderr);
    assert.match(confirmed.stdout, new RegExp(`^${first}: operation op_\\w+ done: 1 state\\(s\\) changed\\n$`));
    const cancelled = await hearth(space, ['proposals', 'cancel', second]);
    assert.deepEqual([cancelled.code, cancelled.stdout], [0, `${second}: cancelled; nothing was sent.\n`]);
    const again = await hearth(space, ['proposals', 'confirm', second]);
    assert.deepEqual([again.code, again.stderr], [1, `hearth: the proposal ${second} was cancelled\n`]);
    assert.equal(fake.log.serviceCalls.length, 2);
    const list = (await hearth(space, ['proposals', 'list'])).stdout;
    assert.match(list, new RegExp(`${second}\\tcancelled\\thome\\tlight.turn_on\\tKitchen Light \\(on\\)`));
    const journal = (await hearth(space, ['journal'])).stdout;
    assert.equal(journal.trim().split('\n').length, 2);
  });

  it('a client that can elicit and answers yes by itself confirms no physical change: it waits for a person', async () => {
    const asked: string[] = [];
    const stdio = new Client({ name: 'test', version: '1' }, { capabilities: { elicitation: {} } });
    stdio.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: hearthArgv(['mcp', '--config', space.config]),
        cwd: REPO_ROOT,
        env: { ...(process.env as Record<string, string>), ...space.env },
        stderr: 'ignore',
      }),
    );
    try {
      const before = fake.log.serviceCalls.length;
      const result = await callTool(stdio, 'call-physical-service', {
        instance: fake.rootUrl,
        domain: 'climate',
        service: 'set_temperature',
        entity_id: 'climate.living_room',
        data: { temperature: 21.5 },
      });
      const answer = JSON.parse(result.text).untrusted_data;
      assert.equal(answer.status, 'awaiting-confirmation', result.text);
      assert.deepEqual(asked, []);
      assert.equal(fake.log.serviceCalls.length, before);
      const cancelled = await hearth(space, ['proposals', 'cancel', answer.proposal_id]);
      assert.equal(cancelled.code, 0, cancelled.stderr);
    } finally {
      await stdio.close();
    }
  });

  it('limits: readable by any key, saved only through the owner with the admin key, never with a never-available service', async () => {
    const read = await fetch(`${server.url}/admin/policy`, { headers: { authorization: `Bearer ${API_KEY}` } });
    const policy = ((await read.json()) as { policy: { max_entities: number } }).policy;
    assert.equal(policy.max_entities, 5);
    const file = join(space.dir, 'new-policy.json');
    writeFileSync(file, JSON.stringify({ ...policy, max_entities: 3 }));
    const wrongKey = await hearth(space, ['policy', 'set', file], {
      env: { HEARTH_ADMIN_KEY: 'wrong-key-0123456789' },
    });
    assert.deepEqual([wrongKey.code, wrongKey.stderr], [1, 'hearth: The admin key is not valid.\n']);
    // The running hearth owns the data folder: the command goes through its admin API (the key from the configuration).
    const saved = await hearth(space, ['policy', 'set', file]);
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(saved.stdout, new RegExp(`^Saved the limits through hearth at ${server.url}`));
    assert.match((await hearth(space, ['policy', 'show'])).stdout, /"max_entities": ?3/);
    const unsafe = JSON.stringify({ ...policy, services: [{ service: 'lock.unlock', class: 'confirmed' }] });
    writeFileSync(file, unsafe);
    const refused = await hearth(space, ['policy', 'set', file], { env: { HEARTH_ADMIN_KEY: ADMIN_KEY } });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /services\.0\.service.*lock\.unlock.*never available/);
    // A hand edit that names a never-available service stops every tool, and nothing wider is used.
    writeFileSync(join(space.dir, 'data', 'policy.json'), unsafe);
    const stopped = await callTool(client, 'get-config', { instance: fake.rootUrl });
    assert.equal(stopped.isError, true);
    assert.match(stopped.text, /stopped until an administrator saves valid limits/);
    writeFileSync(file, JSON.stringify(policy));
    assert.equal((await hearth(space, ['policy', 'set', file], { env: { HEARTH_ADMIN_KEY: ADMIN_KEY } })).code, 0);
    assert.equal((await callTool(client, 'get-config', { instance: fake.rootUrl })).isError, false);
  });
});

describe('a hearth killed between the journal write and the send', () => {
  it('reports the call unknown after a restart, and never sends it', async () => {
    const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    const space = workspace();
    try {
      await hearth(space, ['connections', 'add', 'home', '--url', fake.rootUrl], { stdin: `${ADMIN_TOKEN}\n` });
      await hearth(space, ['connections', 'mode', 'home', 'ask-first']);
      const config = readFileSync(space.config, 'utf8');
      const doomed = await spawnHearth(config, { ...space.env, HEARTH_FAULT: 'exit-after-journal' });
      const client = await httpClient(doomed.url);
      const { proposal_id } = JSON.parse(
        (await callTool(client, 'call-service', { instance: fake.rootUrl, ...KITCHEN_ON })).text,
      ).untrusted_data;
      await admin(doomed.url, 'POST', `/admin/proposals/${proposal_id}/confirm`).then(
        () => assert.fail('the process should have died before answering'),
        () => undefined,
      );
      await doomed.stop();
      // The next hearth process to open the data folder (here the journal command) finds the call of a process that
      // is gone still in flight, and marks it unknown.
      const inFlight = JSON.parse((await hearth(space, ['journal', '--json'])).stdout);
      assert.deepEqual(
        inFlight.map((op: { state: string }) => op.state),
        ['unknown'],
      );
      assert.match(inFlight[0].detail, /hearth stopped while this call was being sent/);
      const restarted = await spawnHearth(config, space.env);
      try {
        const journal = JSON.parse((await hearth(space, ['journal', '--json'])).stdout);
        assert.deepEqual(
          journal.map((op: { state: string }) => op.state),
          ['unknown'],
        );
        assert.match(journal[0].detail, /hearth stopped while this call was being sent/);
        const again = await admin(restarted.url, 'POST', `/admin/proposals/${proposal_id}/confirm`);
        assert.equal(again.status, 409);
        assert.equal(fake.log.serviceCalls.length, 0);
      } finally {
        await restarted.stop();
      }
    } finally {
      await fake.close();
    }
  });
});
