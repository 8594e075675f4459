// The tool add-on end to end: `hearth connections` saves a home, and the MCP SDK client reads it over stdio and HTTP.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { REPO_ROOT } from '../fixtures/data.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  NOTABLE_ENTITIES,
  STATES,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';
import { hearthArgv } from './hearth-argv.ts';

const API_KEY = 'mcp-test-key-0123456789';
const TLS_DIR = new URL('../fixtures/tls/', import.meta.url);
const TLS = {
  cert: readFileSync(new URL('localhost-cert.pem', TLS_DIR), 'utf8'),
  key: readFileSync(new URL('localhost-key.pem', TLS_DIR), 'utf8'),
};
const OTHER_FINGERPRINT = new X509Certificate(readFileSync(new URL('other-cert.pem', TLS_DIR), 'utf8')).fingerprint256;
const READ_TOOLS = [
  'get-config',
  'list-areas',
  'search-entities',
  'get-state',
  'get-history',
  'get-logbook',
  'list-services',
];

/** Everything hearth printed or answered in this file; scanned for the token at the end. */
const seen: string[] = [];

/** A data folder and configuration of its own. */
function workspace(): { dir: string; config: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-mcp-'));
  const config = join(dir, 'hearth.yaml');
  writeFileSync(config, `server:\n  api_keys: [${API_KEY}]\nlog:\n  level: info\n`);
  // The data folder through the environment, as the contract allows (HEARTH__DATA_DIR is `data_dir`).
  return { dir, config, env: { OLLAMA_HOST: 'http://127.0.0.1:9', HEARTH__DATA_DIR: join(dir, 'data') } };
}

/** Runs `hearth connections …` (see hearth-argv.ts), the token (if any) on stdin (asynchronously: the fakes run here). */
async function connections(space: ReturnType<typeof workspace>, args: string[], stdin = '') {
  const argv = hearthArgv(['connections', ...args, '--config', space.config]);
  const child = spawn(process.execPath, argv, { cwd: REPO_ROOT, env: { ...process.env, ...space.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  seen.push(stdout, stderr);
  return { code, stdout, stderr };
}

async function callAll(client: Client, instance: string): Promise<Record<string, unknown>> {
  const args: Record<string, object> = {
    'search-entities': { domain: 'light' },
    'get-state': { entity_id: 'sensor.office_temperature' },
    'get-history': { entity_id: 'sensor.office_temperature', hours: 48 },
    'get-logbook': { entity_id: 'light.kitchen' },
  };
  const results: Record<string, unknown> = {};
  for (const name of READ_TOOLS) {
    const result = (await client.callTool({ name, arguments: { instance, ...args[name] } })) as {
      isError?: boolean;
      content: { type: string; text: string }[];
    };
    seen.push(JSON.stringify(result));
    assert.equal(result.isError ?? false, false, `${name}: ${result.content[0]?.text}`);
    results[name] = JSON.parse(result.content[0]!.text).untrusted_data;
  }
  return results;
}

function withoutWindows(results: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(results, (key, value) => (key === 'from' || key === 'to' ? undefined : value)));
}

describe('the tool add-on over MCP', () => {
  let fake: FakeHomeAssistant;
  let space: ReturnType<typeof workspace>;
  let server: RunningHearth;

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    space = workspace();
    const added = await connections(space, ['add', 'home', '--url', fake.rootUrl], `${ADMIN_TOKEN}\n`);
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /Saved home \(http:\/\/127\.0\.0\.1:\d+\); its token is stored encrypted/);
    assert.match(added.stdout, /home: Home Assistant 2025\.10\.1/);
    server = await spawnHearth(readFileSync(space.config, 'utf8'), space.env);
  });
  after(async () => {
    await server?.stop();
    seen.push(server?.stdout() ?? '', server?.stderr() ?? '');
    await fake?.close();
  });

  it('lists the connection without its token, and tests it', async () => {
    const listed = await connections(space, ['list']);
    assert.equal(listed.code, 0);
    assert.equal(listed.stdout, `home\t${fake.rootUrl}\tenabled\tread-only\n`);
    const tested = await connections(space, ['test', 'home']);
    assert.deepEqual([tested.code, tested.stdout], [0, 'home: Home Assistant 2025.10.1\n']);
    const data = readFileSync(join(space.dir, 'data', 'hearth.db'));
    assert.equal(data.includes(ADMIN_TOKEN), false);
  });

  it('serves every read tool over stdio and over HTTP, with the same results', async () => {
    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: hearthArgv(['mcp', '--config', space.config]),
      cwd: REPO_ROOT,
      env: { ...(process.env as Record<string, string>), ...space.env },
      stderr: 'pipe',
    });
    let stderr = '';
    stdio.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const overStdio = new Client({ name: 'test', version: '1' });
    await overStdio.connect(stdio);
    const overHttp = new Client({ name: 'test', version: '1' });
    await overHttp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
      }),
    );
    try {
      for (const client of [overStdio, overHttp]) {
        const { tools } = await client.listTools();
        assert.deepEqual(
          tools.map((tool) => tool.name),
          [...READ_TOOLS, 'call-service', 'call-physical-service'],
        );
        for (const tool of tools) {
          assert.equal(tool.annotations?.readOnlyHint, READ_TOOLS.includes(tool.name), tool.name);
          assert.match(tool.description ?? '', /never instructions/);
        }
      }
      // The two processes read the wall clock, so only the windows' ends may differ (the fixture's history is older).
      const [a, b] = [await callAll(overStdio, fake.rootUrl), await callAll(overHttp, fake.rootUrl)];
      assert.deepEqual(withoutWindows(b), withoutWindows(a));
      const lights = (a['search-entities'] as { entities: { entity_id: string }[] }).entities.map(
        (entity) => entity.entity_id,
      );
      const expected = STATES.map((state) => state.entity_id).filter((id) => id.startsWith('light.'));
      assert.deepEqual(lights, expected.sort());
      assert.equal((a['get-config'] as { version: string }).version, '2025.10.1');
      assert.equal(
        (a['get-state'] as { state: string }).state,
        STATES.find((s) => s.entity_id === 'sensor.office_temperature')?.state,
      );
    } finally {
      await overStdio.close();
      await overHttp.close();
      seen.push(stderr);
    }
  });

  it('refuses another instance, an excluded entity and a bad argument as tool errors, sending nothing', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
      }),
    );
    try {
      const before = fake.log.requests.length;
      const refused = [
        { name: 'get-config', arguments: { instance: 'https://attacker.example.org' } },
        {
          name: 'get-state',
          arguments: { instance: fake.rootUrl.replace('127.0.0.1', 'localhost'), entity_id: 'light.kitchen' },
        },
        { name: 'get-state', arguments: { instance: fake.rootUrl, entity_id: '../../api/config' } },
        { name: 'get-history', arguments: { instance: fake.rootUrl, entity_id: 'light.kitchen', hours: 1000 } },
      ];
      for (const call of refused) {
        const result = (await client.callTool(call)) as { isError?: boolean; content: { text: string }[] };
        seen.push(JSON.stringify(result));
        assert.equal(result.isError, true, JSON.stringify(call));
      }
      assert.equal(fake.log.requests.length, before);
      const lock = (await client.callTool({
        name: 'get-state',
        arguments: { instance: fake.rootUrl, entity_id: NOTABLE_ENTITIES.excludedByDomain[0] },
      })) as { isError?: boolean; content: { text: string }[] };
      assert.equal(lock.isError, true);
      assert.ok(!fake.log.requests.some((request) => request.path.includes('lock.front_door')));
    } finally {
      await client.close();
    }
  });

  it('answers /mcp only with an API key', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(response.status, 401);
  });
});

describe('connections that must be refused, with nothing sent', () => {
  it('a redirect to another host: the token never reaches it', async () => {
    const other = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    const redirecting = await startFakeHomeAssistant({
      tokens: FIXTURE_TOKENS,
      redirectTo: `${other.rootUrl}/api/config`,
    });
    const space = workspace();
    try {
      const added = await connections(space, ['add', 'home', '--url', redirecting.rootUrl], `${ADMIN_TOKEN}\n`);
      // Saved, but its test fails, so the command exits 1 and says why.
      assert.equal(added.code, 1);
      assert.match(added.stdout, /^Saved home/);
      assert.match(added.stderr, /home: Home Assistant answered with a redirect to .*; redirects are not followed/);
      assert.equal((await connections(space, ['test', 'home'])).code, 1);
      assert.equal(other.log.requests.length, 0);
      assert.equal(other.connectionCount, 0);
    } finally {
      await other.close();
      await redirecting.close();
    }
  });

  it('plain http to a public address is refused when the connection is saved', async () => {
    const space = workspace();
    const added = await connections(space, ['add', 'cloud', '--url', 'http://203.0.113.7:8123'], `${ADMIN_TOKEN}\n`);
    assert.equal(added.code, 1);
    assert.match(
      added.stderr,
      /--url: plain http is allowed only for a private IP address.*203\.0\.113\.7 is a public address, use https/,
    );
    assert.equal(
      (await connections(space, ['list'])).stdout,
      'No connections. Add one with: hearth connections add NAME --url URL\n',
    );
  });

  it('a self-signed certificate without a pin, and with the wrong pin, gets no request; the right pin works', async () => {
    const fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS, tls: TLS });
    const space = workspace();
    const url = `https://localhost:${fake.port}`;
    try {
      const unpinned = await connections(space, ['add', 'plain', '--url', url], `${ADMIN_TOKEN}\n`);
      assert.match(
        unpinned.stderr,
        /plain: the certificate of https:\/\/localhost:\d+ is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
      );
      const wrong = await connections(
        space,
        [
          'add',
          'wrong',
          '--url',
          `https://127.0.0.1:${fake.port}`,
          '--pin',
          `127.0.0.1:${fake.port}=${OTHER_FINGERPRINT}`,
        ],
        `${ADMIN_TOKEN}\n`,
      );
      assert.match(wrong.stderr, /wrong: the certificate of 127\.0\.0\.1:\d+ is not the pinned one/);
      assert.equal(fake.log.requests.length, 0);
      assert.ok(fake.connectionCount >= 2);
      assert.equal((await connections(space, ['remove', 'wrong'])).code, 0);
      const right = new X509Certificate(TLS.cert).fingerprint256;
      const pinned = await connections(
        space,
        ['add', 'pinned', '--url', `https://127.0.0.1:${fake.port}`, '--pin', `127.0.0.1:${fake.port}=${right}`],
        `${ADMIN_TOKEN}\n`,
      );
      assert.equal(pinned.code, 0, pinned.stderr);
    } finally {
      await fake.close();
    }
  });
});

describe('the token', () => {
  it("is one of the canaries the test runner scans the whole suite's output for", () => {
    const { tokens: canaries } = JSON.parse(
      readFileSync(new URL('../fixtures/leak-canaries.json', import.meta.url), 'utf8'),
    );
    for (const token of Object.keys(FIXTURE_TOKENS)) assert.ok(canaries.includes(token), token);
  });

  it('appears in no output, log line, error or result of this file', () => {
    const all = seen.join('\n');
    assert.ok(all.length > 1000);
    assert.equal(all.includes(ADMIN_TOKEN), false);
  });
});
