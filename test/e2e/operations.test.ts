// Operating hearth: /metrics counts what happened (requests, HA-Assist routes, backend failures, tool calls, the
// journal), /readyz names what cannot be reached, and every command has its own --help. The real program throughout.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEMO_HOME } from '../../src/demo-home/index.ts';
import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import { REPO_ROOT } from '../fixtures/data.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';
import { hearthArgv } from './hearth-argv.ts';

const API_KEY = 'ops-e2e-api-key-0123456789';
const ADMIN_KEY = 'ops-e2e-admin-key-0123456789';
/** A loopback port nothing listens on (taken, then freed): a backend that is down. */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

/** The value of one sample of the Prometheus text, 0 when it is not there. */
function sample(metrics: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of metrics.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const [series, value] = line.split(/ (?=[^ ]+$)/) as [string, string];
    const given = series.slice(name.length + 1, -1).split(',');
    if (wanted.every((label) => given.includes(label)) && given.length === wanted.length) return Number(value);
  }
  return 0;
}

describe('operating hearth', () => {
  let fake: FakeHomeAssistant;
  let llm: FakeOpenAiServer;
  let server: RunningHearth;
  let DEAD_URL: string;
  const get = (path: string, key: string | null = API_KEY) =>
    fetch(`${server.url}${path}`, { headers: key === null ? {} : { authorization: `Bearer ${key}` } });
  const post = (path: string, body: unknown, key = API_KEY) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const metrics = async () => (await get('/metrics')).text();

  before(async () => {
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    llm = await startFakeOpenAiServer({ models: ['fake-model'] });
    DEAD_URL = await deadUrl();
    server = await spawnHearth(
      [
        'server:',
        `  api_keys: [${API_KEY}]`,
        `  admin_key: ${ADMIN_KEY}`,
        'models:',
        '  chat:',
        '    backend: openai',
        `    base_url: ${llm.baseUrl}`,
        '    upstream_model: fake-model',
        '    tokenizer: estimate',
        '  dead:',
        '    backend: openai',
        `    base_url: ${DEAD_URL}`,
        '    tokenizer: estimate',
        'settings:',
        '  ha_assist_text_model: dead',
        'log:',
        '  level: warn',
        '',
      ].join('\n'),
    );
  });
  after(async () => {
    await server?.stop();
    await llm?.close();
    await fake?.close();
  });

  it('/readyz answers 503 naming the backend that is down, with its address, and 200 for the rest', async () => {
    assert.equal((await get('/readyz', null)).status, 401);
    const response = await get('/readyz');
    const body = (await response.json()) as { status: string; reason: string; checks: Record<string, unknown>[] };
    assert.equal(response.status, 503);
    assert.equal(body.status, 'not ready');
    assert.equal(body.reason.startsWith(`backend dead at ${DEAD_URL}: unreachable (`), true, body.reason);
    assert.match(body.reason, /ECONNREFUSED/);
    // The data folder is spawnHearth's own: its files are checked by name.
    const shown = (check: Record<string, unknown>) =>
      check.kind === 'storage' ? basename(String(check.url)) : check.url;
    assert.deepEqual(
      body.checks.map((check) => [check.kind, check.name, shown(check), check.ok]),
      [
        ['storage', 'secret.key', 'secret.key', true],
        ['storage', 'hearth.db', 'hearth.db', true],
        ['backend', 'chat', llm.baseUrl, true],
        ['backend', 'dead', DEAD_URL, false],
      ],
    );
  });

  it('/metrics counts requests by surface, route and status, HA-Assist routes, and backend failures', async () => {
    assert.equal((await get('/metrics', null)).status, 401);
    const before = await metrics();
    const chat = (content: string) =>
      post('/v1/chat/completions', { model: 'HA-Assist', messages: [{ role: 'user', content }] });
    // One that needs the text model, which is down; one Home Assistant's request answered directly.
    assert.equal((await chat('What is the capital of France?')).status, 502);
    const direct = await post(
      '/v1/chat/completions',
      buildHaRequest(DEMO_HOME, { userText: 'turn on the kitchen light', era: '2026' }),
    );
    assert.equal(direct.status, 200);
    assert.equal((await post('/v1/chat/completions', { model: 'chat', messages: [] })).status, 400);
    const after = await metrics();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const route = { surface: 'openai', route: '/v1/chat/completions', method: 'POST' };
    assert.equal(delta('hearth_http_requests_total', { ...route, status: '502' }), 1);
    assert.equal(delta('hearth_http_requests_total', { ...route, status: '400' }), 1);
    assert.equal(delta('hearth_http_requests_total', { ...route, status: '200' }), 1);
    assert.equal(delta('hearth_assist_turns_total', { route: 'direct' }), 1);
    assert.equal(delta('hearth_assist_turn_duration_seconds_count', { route: 'direct' }), 1);
    assert.equal(delta('hearth_backend_errors_total', { model: 'dead', code: 'backend_unreachable' }), 1);
    assert.equal(
      delta('hearth_http_request_duration_seconds_count', { surface: 'openai', route: '/v1/chat/completions' }),
      3,
    );
    assert.match(after, /^hearth_process_resident_memory_bytes \d+/m);
  });

  it('/metrics counts tool calls by outcome and the journal by outcome', async () => {
    const added = await post('/admin/connections', { name: 'home', url: fake.rootUrl, token: ADMIN_TOKEN }, ADMIN_KEY);
    assert.equal(added.status, 201);
    const mode = await fetch(`${server.url}/admin/connections/home`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ write_mode: 'ask-first' }),
    });
    assert.equal(mode.status, 200);
    const before = await metrics();
    const client = new Client({ name: 'ops-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
      }),
    );
    try {
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: { instance: fake.rootUrl, ...args } })) as {
          isError?: boolean;
          content: { text: string }[];
        };
      assert.equal((await call('get-state', { entity_id: 'light.kitchen' })).isError ?? false, false);
      assert.equal((await call('get-state', { entity_id: 'lock.front_door' })).isError, true);
      const proposed = await call('call-service', { domain: 'light', service: 'turn_on', entity_id: 'light.kitchen' });
      const id = JSON.parse(proposed.content[0]!.text).untrusted_data.proposal_id as string;
      assert.equal((await post(`/admin/proposals/${id}/confirm`, {}, ADMIN_KEY)).status, 200);
    } finally {
      await client.close();
    }
    const after = await metrics();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    assert.equal(delta('hearth_tool_calls_total', { tool: 'get-state', outcome: 'allowed' }), 1);
    assert.equal(delta('hearth_tool_calls_total', { tool: 'get-state', outcome: 'refused' }), 1);
    assert.equal(delta('hearth_tool_calls_total', { tool: 'call-service', outcome: 'proposed' }), 1);
    assert.equal(delta('hearth_journal_operations_total', { state: 'done' }), 1);
    assert.equal(fake.log.serviceCalls.length, 1);
  });
});

describe('hearth COMMAND --help', () => {
  // Two commands end to end (each start costs seconds); every command's usage is checked in test/cli/args.test.ts.
  for (const command of ['serve', 'voice']) {
    it(`hearth ${command} --help prints its own usage and exits 0`, async () => {
      const child = spawn(process.execPath, hearthArgv([command, '--help']), {
        cwd: REPO_ROOT,
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      assert.equal(code, 0);
      assert.match(stdout, new RegExp(`^Usage:\\n  hearth ${command} `));
      assert.doesNotMatch(stdout, /hearth (serve|ask|mcp) .*\n[\s\S]*hearth (connections|voice) /);
    });
  }
});
