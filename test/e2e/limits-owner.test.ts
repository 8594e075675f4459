// Issue 25 through the real program: one admin-key rule for every changing command while `serve` owns the data
// folder, and a policy.json deleted while the tools are stopped is never written again by any command.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  type FakeHomeAssistant,
  startFakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { type RunningHearth, runHearthCommand, spawnHearth } from './spawn-hearth.ts';

const API_KEY = 'owner-test-key-0123456789';
const ADMIN_KEY = 'owner-admin-key-0123456789';
/** The server's configuration: it has the admin key. */
const SERVER_YAML = `server:\n  api_keys: [${API_KEY}]\n  admin_key: ${ADMIN_KEY}\nlog:\n  level: info\n`;

describe('while serve owns the data folder, every changing command needs the admin key', () => {
  let fake: FakeHomeAssistant;
  let server: RunningHearth | undefined;
  let dir: string;
  let env: Record<string, string>;
  // The commands' configuration has no admin key: they get it from HEARTH_ADMIN_KEY or not at all.
  const command = (args: string[], extra: Record<string, string> = {}, stdin = '') =>
    runHearthCommand([...args, '--config', join(dir, 'command.yaml')], { ...env, ...extra }, stdin);

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    dir = mkdtempSync(join(tmpdir(), 'hearth-owner-'));
    writeFileSync(join(dir, 'command.yaml'), 'log:\n  level: info\n');
    env = { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data') };
    const added = await command(['connections', 'add', 'home', '--url', fake.rootUrl], {}, `${ADMIN_TOKEN}\n`);
    assert.equal(added.code, 0, added.stderr);
  });
  after(async () => {
    await server?.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses connections add, remove and mode, policy set and proposals confirm and cancel without the key', async () => {
    server = await spawnHearth(SERVER_YAML, env);
    const policy = join(dir, 'policy-copy.json');
    writeFileSync(policy, JSON.stringify({ version: 1, services: [] }));
    const refusedRuns = [
      ['connections', 'add', 'other', '--url', fake.rootUrl],
      ['connections', 'remove', 'home'],
      ['connections', 'mode', 'home', 'act'],
      ['policy', 'set', policy],
      ['proposals', 'confirm', 'prop_none'],
      ['proposals', 'cancel', 'prop_none'],
    ];
    for (const args of refusedRuns) {
      const run = await command(args, {}, `${ADMIN_TOKEN}\n`);
      assert.equal(run.code, 1, args.join(' '));
      assert.match(run.stderr, /owns the data folder: set HEARTH_ADMIN_KEY/, args.join(' '));
    }
    const listed = await command(['connections', 'list']);
    assert.match(listed.stdout, /^home\t.*\tenabled\tread-only/m);
    assert.doesNotMatch(listed.stdout, /^other\t/m);
  });

  it('with the key, the change goes through the running server', async () => {
    const changed = await command(['connections', 'mode', 'home', 'ask-first'], { HEARTH_ADMIN_KEY: ADMIN_KEY });
    assert.equal(changed.code, 0, changed.stderr);
    assert.match(changed.stdout, /home: ask-first through hearth at http:/);
    assert.match((await command(['connections', 'list'])).stdout, /^home\t.*\tenabled\task-first/m);
    const wrong = await command(['proposals', 'cancel', 'prop_none'], { HEARTH_ADMIN_KEY: 'wrong-key-0123456789' });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /admin key is not valid/);
  });

  it('policy.json deleted while stopped: no command writes it again, and serve stops the tools naming it', async () => {
    await server?.stop();
    server = undefined;
    const file = join(dir, 'data', 'policy.json');
    rmSync(file);
    for (const args of [['connections', 'list'], ['policy', 'show'], ['journal']]) {
      await command(args);
      assert.equal(existsSync(file), false, args.join(' '));
    }
    server = await spawnHearth(SERVER_YAML, env);
    assert.equal(existsSync(file), false);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
      }),
    );
    const result = (await client.callTool({ name: 'get-config', arguments: { instance: fake.rootUrl } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    await client.close();
    assert.equal(result.isError, true);
    assert.match(result.content[0]?.text ?? '', /policy\.json is missing; the tools are stopped/);
  });
});
